import MessageFormat
import Testing

/// The MF1 fixture table of messageformat.js (`Fixtures/messageformat-js.json`, MIT, see
/// `Fixtures/NOTICE-messageformat-js.md`). ICU4C wins: our output must equal icu::MessageFormat's on
/// every runnable case. Where ICU's output differs from what messageformat.js expects, the case
/// says why in `icuDiffers`, and the test checks that the difference is real; every other case
/// must also give messageformat.js's expected output.
@Suite("messageformat.js fixtures")
struct MessageFormatJSFixtureTests {
    @Test("the port is well formed: unique names, a reason on every skip, a locale on every runnable case")
    func portIsWellFormed() throws {
        let cases = try JSFixtureCase.all()
        #expect(cases.count >= 150)
        #expect(Set(cases.map(\.name)).count == cases.count, "names must be unique")
        for testCase in cases {
            if let skip = testCase.skip {
                #expect(!skip.isEmpty, "\(testCase.name)")
                continue
            }
            #expect(testCase.locale != nil, "\(testCase.name) has no locale")
            let expectations = [
                testCase.expected != nil, testCase.expectedRegex != nil, testCase.expectedError == true,
            ]
            #expect(expectations.filter { $0 }.count == 1, "\(testCase.name) needs exactly one expectation")
            if let regex = testCase.expectedRegex {
                #expect(throws: Never.self, "\(testCase.name): /\(regex)/") { _ = try Regex(regex) }
            }
        }
        #expect(cases.filter { $0.skip == nil }.count >= 100)
    }

    @Test("every runnable case: ours equals ICU; js expectation holds unless icuDiffers says why")
    func casesMatchICU() throws {
        let cases = try JSFixtureCase.all()
        var problems: [String] = []
        var ported = 0
        var passing = 0
        var skipped = 0
        var differing = 0
        for testCase in cases {
            guard testCase.skip == nil, let locale = testCase.locale else {
                skipped += 1
                continue
            }
            ported += 1
            let arguments = testCase.args.argumentValues
            let icu = FormatOutcome.icu(
                pattern: testCase.pattern,
                locale: locale,
                arguments: arguments,
                timeZone: testCase.timeZone
            )
            let ours = FormatOutcome.engine(
                pattern: testCase.pattern,
                locale: locale,
                arguments: arguments,
                timeZone: testCase.timeZone
            )
            var caseProblems: [String] = []
            if let code = testCase.oursThrows {
                // SPEC §3 deliberate difference: we throw while ICU prints text.
                if ours.failureCode != code { caseProblems.append("we must throw \(code)") }
                if icu.isFailure { caseProblems.append("ICU was expected to print text here") }
            } else if let problem = DifferentialTests.compare(
                ours: ours,
                icu: icu,
                expectedError: testCase.expectedErrorCode
            ) {
                caseProblems.append(problem)
            }
            let jsHolds = try testCase.jsExpectationHolds(for: icu)
            if let reason = testCase.icuDiffers {
                differing += 1
                if jsHolds { caseProblems.append("icuDiffers (\(reason)) but ICU gives what messageformat.js expects") }
            } else if !jsHolds {
                caseProblems.append("ICU does not give messageformat.js's expectation and the case has no icuDiffers")
            }
            if caseProblems.isEmpty {
                passing += 1
            } else {
                problems.append(
                    "\(testCase)\n  \(caseProblems.joined(separator: "; "))\n  ours: \(ours)\n  ICU:  \(icu)\n"
                        + "  messageformat.js: \(testCase.jsExpectation)"
                )
            }
        }
        for problem in problems {
            Issue.record(Comment(rawValue: problem))
        }
        print(
            "messageformat.js fixtures: \(cases.count) cases, \(ported) run, \(passing) passing, "
                + "\(skipped) skipped, \(differing) where ICU differs from messageformat.js"
        )
    }
}
