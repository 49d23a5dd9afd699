import MessageFormat
import TestSupport
import Testing

/// Minus infinity in rule-based formats. ICU 72 dereferences null formatting -∞ with a
/// negative-number rule whose substitution is a decimal pattern (`-x: 第−>#,##0>;`, the ordinal
/// rules of zh, zh-Hant, ja and th): found by fuzz-messageformat, `{xx, ordinal}` in zh-Hant with
/// `.double(-.infinity)` crashed the process. We write what the rule says instead: its text around
/// ∞. Everywhere else ICU formats -∞ itself and we equal it.
@Suite("-∞ in spellout, ordinal and duration")
struct NegativeInfinityTests {
    @Test(
        "where ICU 72 crashes: the negative rule's text around ∞",
        arguments: [
            ("zh", "第−∞"), ("zh-Hant", "第−∞"), ("ja", "第−∞"), ("th", "ที่\u{00A0}−∞"),
        ]
    )
    func crashingRules(locale: String, expected: String) throws {
        let message = try CompiledMessage(pattern: "{n, ordinal}", locale: locale)
        #expect(try message.format(["n": .double(-.infinity)]) == expected)
    }

    @Test(
        "elsewhere: ICU4C's own output",
        arguments: [
            ("{n, ordinal}", "ko"), ("{n, ordinal}", "en"), ("{n, spellout}", "zh-Hant"), ("{n, spellout}", "en"),
            ("{n, duration}", "en"), ("{n, ordinal}", "pl"),
        ]
    )
    func icuFormats(pattern: String, locale: String) throws {
        let arguments: [String: ArgumentValue] = ["n": .double(-.infinity)]
        let ours = try CompiledMessage(pattern: pattern, locale: locale).format(arguments)
        let icu = ICUOracleFormatter.format(pattern: pattern, locale: locale, arguments: arguments, timeZone: nil)
        #expect(icu == .text(ours))
    }
}
