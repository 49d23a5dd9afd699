import MessageFormat

/// One row of `Fixtures/differential-cases.json`: inputs only; ICU4C computes the expectation.
struct DifferentialCase: Decodable, Sendable, CustomStringConvertible {
    let pattern: String
    let locale: String
    let args: [String: FixtureArgument]
    /// IANA id; UTC when absent.
    let timeZone: String?
    /// Why the case exists.
    let note: String?
    /// The `MessageFormatError.code` we must throw, for cases ICU rejects (when the table says).
    let expectedError: String?

    /// All cases of the table.
    static func all() throws -> [DifferentialCase] {
        try FixtureFiles.load([DifferentialCase].self, from: "differential-cases.json")
    }

    var description: String {
        var text = "pattern \(VisibleText.quote(pattern)), locale \(locale), args \(args.summary)"
        if let timeZone { text += ", time zone \(timeZone)" }
        if let note { text += " (\(note))" }
        return text
    }
}
