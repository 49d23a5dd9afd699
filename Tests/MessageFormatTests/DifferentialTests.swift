import MessageFormat
import Testing

/// Our engine against ICU4C's own icu::MessageFormat (the ICUOracle target) on every case of
/// `Fixtures/differential-cases.json` (made by `Fixtures/generate_differential_cases.py`). The table
/// holds inputs only: every expectation is what ICU prints for the same pattern, locale, arguments
/// and time zone. SPEC §3's deliberate differences are tested separately below.
@Suite("Differential: engine vs icu::MessageFormat")
struct DifferentialTests {
    /// How many mismatches to report one by one before summarizing the rest.
    static let reportLimit = 150

    @Test("the table covers at least 320 cases and the locales SPEC §3 work needs")
    func tableCoverage() throws {
        let cases = try DifferentialCase.all()
        #expect(cases.count >= 320)
        let locales = Set(cases.map(\.locale))
        #expect(locales.count >= 16)
        let required = [
            "ar", "cy", "he", "ru", "pl", "lt", "ja", "zh", "zh-Hant", "fr", "pt-PT", "pt", "hi", "en", "de",
        ]
        for locale in required {
            #expect(locales.contains(locale), "no case for \(locale)")
        }
        let zones = Set(cases.compactMap(\.timeZone))
        for zone in [
            "UTC", "Europe/Warsaw", "America/Los_Angeles", "Asia/Kolkata", "Asia/Tokyo", "Australia/Lord_Howe",
        ] {
            #expect(zones.contains(zone), "no case in \(zone)")
        }
    }

    @Test("every case formats byte for byte as icu::MessageFormat does, and fails where it fails")
    func engineMatchesICU() throws {
        let cases = try DifferentialCase.all()
        var mismatches: [String] = []
        for (index, testCase) in cases.enumerated() {
            let arguments = testCase.args.argumentValues
            let icu = FormatOutcome.icu(
                pattern: testCase.pattern,
                locale: testCase.locale,
                arguments: arguments,
                timeZone: testCase.timeZone
            )
            let ours = FormatOutcome.engine(
                pattern: testCase.pattern,
                locale: testCase.locale,
                arguments: arguments,
                timeZone: testCase.timeZone
            )
            if let problem = Self.compare(ours: ours, icu: icu, expectedError: testCase.expectedError) {
                mismatches.append("case \(index): \(testCase)\n  \(problem)\n  ours: \(ours)\n  ICU:  \(icu)")
            }
        }
        for mismatch in mismatches.prefix(Self.reportLimit) {
            Issue.record(Comment(rawValue: mismatch))
        }
        if mismatches.count > Self.reportLimit {
            Issue.record("… and \(mismatches.count - Self.reportLimit) more mismatches")
        }
        print("differential: \(cases.count - mismatches.count) of \(cases.count) cases match icu::MessageFormat")
    }

    /// Nil when `ours` agrees with `icu`; otherwise what is wrong.
    static func compare(ours: FormatOutcome, icu: FormatOutcome, expectedError: String?) -> String? {
        switch (ours, icu) {
        case (.text(let mine), .text(let theirs)):
            return mine == theirs ? nil : "output differs"
        case (.text, .failure):
            return "ICU fails here, so must we" + (expectedError.map { " (with \($0))" } ?? "")
        case (.failure, .text):
            return expectedError == nil
                ? "we fail where ICU formats"
                : "the table expects an error but ICU formats: fix the table"
        case (.failure(let code, _), .failure):
            guard let expectedError, expectedError != code else { return nil }
            return "both fail, but we should throw \(expectedError)"
        }
    }

    // MARK: - The oracle itself

    @Test("the oracle is the real icu::MessageFormat (CLDR plural rules, ICU date formats, time zones)")
    func oracleIsICU() {
        let plural = "{n, plural, one {# item} other {# items}}"
        #expect(
            FormatOutcome.icu(pattern: plural, locale: "en", arguments: ["n": .int(1)], timeZone: nil)
                == .text("1 item")
        )
        #expect(
            FormatOutcome.icu(pattern: plural, locale: "en", arguments: ["n": .double(2.5)], timeZone: nil)
                == .text("2.5 items")
        )
        // CLDR ru: 21 is "one", 22 is "few".
        let russian = "{n, plural, one {o} few {f} many {m} other {x}}"
        #expect(
            FormatOutcome.icu(pattern: russian, locale: "ru", arguments: ["n": .int(21)], timeZone: nil)
                == .text("o")
        )
        #expect(
            FormatOutcome.icu(pattern: russian, locale: "ru", arguments: ["n": .int(22)], timeZone: nil)
                == .text("f")
        )
        // The epoch is 01:00 in Warsaw (CET, UTC+1) and 00:00 in UTC.
        let time = "{d, time, ::Hm}"
        #expect(
            FormatOutcome.icu(
                pattern: time,
                locale: "de",
                arguments: ["d": .date(epochMilliseconds: 0)],
                timeZone: "Europe/Warsaw"
            ) == .text("01:00")
        )
        #expect(
            FormatOutcome.icu(
                pattern: time,
                locale: "de",
                arguments: ["d": .date(epochMilliseconds: 0)],
                timeZone: nil
            ) == .text("00:00")
        )
        #expect(FormatOutcome.icu(pattern: "{", locale: "en", arguments: [:], timeZone: nil).isFailure)
    }

    // MARK: - Deliberate differences (SPEC §3)

    @Test(
        "a missing argument is an error where ICU prints {name}",
        arguments: [
            ("Hi {name}", [String: ArgumentValue](), "name"),
            ("{n, plural, one {#} other {# items}}", [:], "n"),
            ("{s, select, a {A} other {O}}", [:], "s"),
            ("{a} and {b}", ["a": .string("x")], "b"),
            ("{n, plural, other {{m, number} of #}}", ["n": .int(3)], "m"),
            ("{d, date, short}", [:], "d"),
        ]
    )
    func missingArgument(pattern: String, arguments: [String: ArgumentValue], name: String) {
        let icu = FormatOutcome.icu(pattern: pattern, locale: "en", arguments: arguments, timeZone: nil)
        #expect(icu.text?.contains("{\(name)}") == true, "ICU prints the placeholder: \(icu)")
        do throws(MessageFormatError) {
            let message = try CompiledMessage(pattern: pattern, locale: "en")
            let text = try message.format(arguments)
            Issue.record("expected missingArgument(\(name)), got \(VisibleText.quote(text))")
        } catch {
            guard case .missingArgument(let missing, _) = error else {
                Issue.record("expected missingArgument(\(name)), got \(error)")
                return
            }
            #expect(missing == name)
        }
    }

    @Test("an unknown time zone is an error (the oracle refuses it too)")
    func unknownTimeZone() {
        let pattern = "{d, time, short}"
        let arguments: [String: ArgumentValue] = ["d": .date(epochMilliseconds: 0)]
        #expect(
            FormatOutcome.icu(pattern: pattern, locale: "en", arguments: arguments, timeZone: "Mars/Olympus")
                .isFailure
        )
        let ours = FormatOutcome.engine(pattern: pattern, locale: "en", arguments: arguments, timeZone: "Mars/Olympus")
        #expect(ours.failureCode == "invalid-time-zone", "ours: \(ours)")
    }

    /// Not listed in SPEC §3, which names the supported argument types: ICU still accepts the
    /// deprecated `choice` type; our parser rejects it with a message saying it is unsupported.
    @Test("choice arguments are rejected where ICU formats them")
    func choiceIsUnsupported() {
        let pattern = "{n, choice, 0#none|1#one|1<many}"
        #expect(
            FormatOutcome.icu(pattern: pattern, locale: "en", arguments: ["n": .int(1)], timeZone: nil)
                == .text("one")
        )
        do throws(MessageFormatError) {
            _ = try CompiledMessage(pattern: pattern, locale: "en")
            Issue.record("choice compiled")
        } catch {
            guard case .syntax(let syntax) = error else {
                Issue.record("expected a syntax error, got \(error)")
                return
            }
            #expect(syntax.kind == .unknownArgumentType)
        }
    }
}
