/// One case of `Fixtures/messageformat-js.json` (ported from messageformat.js; see the NOTICE file).
struct JSFixtureCase: Decodable, Sendable, CustomStringConvertible {
    let name: String
    /// Nil only for skipped cases whose locale was a JS plural function.
    let locale: String?
    let pattern: String
    let args: [String: FixtureArgument]
    let timeZone: String?
    /// messageformat.js's output.
    let expected: String?
    /// A JS regular expression messageformat.js's output matches.
    let expectedRegex: String?
    /// messageformat.js throws.
    let expectedError: Bool?
    /// Why ICU4C prints something other than messageformat.js expects.
    let icuDiffers: String?
    /// A deliberate difference of ours (SPEC §3): the error code we throw while ICU prints text.
    let oursThrows: String?
    /// Our error code where ICU fails.
    let expectedErrorCode: String?
    /// Why the case cannot run here.
    let skip: String?
    let note: String?

    struct File: Decodable {
        let cases: [JSFixtureCase]
    }

    static func all() throws -> [JSFixtureCase] {
        try FixtureFiles.load(File.self, from: "messageformat-js.json").cases
    }

    /// Whether an outcome is what messageformat.js expects.
    func jsExpectationHolds(for outcome: FormatOutcome) throws -> Bool {
        if expectedError == true { return outcome.isFailure }
        guard let text = outcome.text else { return false }
        if let expected { return text == expected }
        if let expectedRegex {
            return try Regex(expectedRegex).firstMatch(in: text) != nil
        }
        return false
    }

    var jsExpectation: String {
        if expectedError == true { return "an error" }
        if let expected { return VisibleText.quote(expected) }
        if let expectedRegex { return "text matching /\(expectedRegex)/" }
        return "nothing"
    }

    var description: String {
        var text = "\(name): pattern \(VisibleText.quote(pattern)), locale \(locale ?? "-"), args \(args.summary)"
        if let timeZone { text += ", time zone \(timeZone)" }
        return text
    }
}
