import Testing

@testable import MessageFormat

/// ICU 72 recurses until the stack runs out when a rule-based number format writes INT64_MIN in
/// a locale whose numbering system is algorithmic and named without a locale (`-u-nu-roman`,
/// `hebr`, `cyrl`, …): such a message must still format, as ICU writes its neighbour
/// INT64_MIN + 1 (the oracle) with the last digit one more; a decimal that is whole and beyond
/// int64 goes the same way in ICU and must format as ICU formats it as a double. Where ICU does
/// not recurse (`jpan`, `hans`, ordinary digits), the output must stay ICU's own for INT64_MIN.
@Suite("INT64_MIN in every numbering system")
struct Int64MinimumTests {
    static let patterns = [
        "{n, number}", "{n, number, integer}", "{n, spellout}", "{n, ordinal}", "{n, duration}",
        "{n, plural, other {# items}}", "{n, selectordinal, other {#.}}",
    ]

    /// Locales where ICU itself would recurse on INT64_MIN.
    static let recursing = ["en-u-nu-roman", "he-u-nu-hebr", "ru-u-nu-cyrl", "ta-u-nu-taml", "el-u-nu-grek"]
    /// Locales where it does not: ICU's output for INT64_MIN is the oracle.
    static let ordinary = ["en", "ar", "ja-u-nu-jpan", "zh-u-nu-hans", "hi"]

    @Test("where ICU would recurse: ICU's INT64_MIN + 1, its last digit corrected", arguments: recursing)
    func recursingLocale(locale: String) throws {
        for pattern in Self.patterns {
            let message = try CompiledMessage(pattern: pattern, locale: locale)
            let ours = try message.format(["n": .int(.min)])
            let neighbour = FormatOutcome.icu(
                pattern: pattern,
                locale: locale,
                arguments: ["n": .int(.min + 1)],
                timeZone: nil
            )
            guard case .text(let text) = neighbour else {
                Issue.record("\(locale) \(pattern): ICU failed on INT64_MIN + 1: \(neighbour)")
                continue
            }
            #expect(ours == Self.correctingLastDigit(text), "\(locale) \(pattern)")
        }
    }

    @Test("where ICU would recurse: decimals that are INT64_MIN or whole beyond int64", arguments: recursing)
    func recursingDecimals(locale: String) throws {
        for pattern in Self.patterns {
            let message = try CompiledMessage(pattern: pattern, locale: locale)
            #expect(
                try message.format(["n": .decimal("-9223372036854775808")]) == message.format(["n": .int(.min)]),
                "\(locale) \(pattern)"
            )
            for text in ["9223372036854775808", "-12345678901234567890", "1e30"] {
                let ours = try message.format(["n": .decimal(text)])
                let asDouble = try #require(Double(text))
                let icu = FormatOutcome.icu(
                    pattern: pattern,
                    locale: locale,
                    arguments: ["n": .double(asDouble)],
                    timeZone: nil
                )
                #expect(icu == .text(ours), "\(locale) \(pattern) \(text)")
            }
        }
    }

    @Test("elsewhere: ICU's own output", arguments: ordinary)
    func ordinaryLocale(locale: String) throws {
        for pattern in Self.patterns {
            let message = try CompiledMessage(pattern: pattern, locale: locale)
            let ours = try message.format(["n": .int(.min)])
            let icu = FormatOutcome.icu(pattern: pattern, locale: locale, arguments: ["n": .int(.min)], timeZone: nil)
            #expect(icu == .text(ours), "\(locale) \(pattern)")
        }
    }

    /// `text` with its last decimal digit, when it is a 7 of any script, made that script's 8.
    static func correctingLastDigit(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        guard let last = scalars.lastIndex(where: { $0.properties.numericType == .decimal }) else { return text }
        if scalars[last].properties.numericValue == 7, let eight = Unicode.Scalar(scalars[last].value + 1) {
            scalars[last] = eight
        }
        return String(String.UnicodeScalarView(scalars))
    }
}
