import ICUKit
import TestSupport
import Testing

@testable import MessageFormat

/// Whole numbers are written and their plural categories chosen without formatting through ICU
/// (0–999 from a per-locale table of ICU's answers; 1,000 up with `WholeNumberDigits` and
/// `ICUPluralRules.category(ofWhole:)`): the results must stay byte-identical to
/// icu::MessageFormat's in every kind of locale (grouping of 3, Indian 3;2, minimum grouping 2,
/// no grouping, non-Latin digits, right-to-left scripts, `many` for millions).
@Suite("Whole numbers match icu::MessageFormat")
struct WholeNumberTests {
    static let locales = [
        "en", "en-IN", "hi", "bn", "mr", "ne", "ru", "uk", "pl", "cs", "lt", "lv", "ar", "ar-EG", "ar-MA", "fa",
        "ur", "ps", "he", "fr", "fr-CH", "es", "es-419", "pt", "pt-PT", "it", "ca", "de", "de-CH", "nl", "sv",
        "nb", "fi", "da", "is", "hu", "tr", "el", "bg", "sr", "hr", "sl", "ro", "mk", "ga", "cy", "br", "gd", "mt",
        "ja", "zh", "zh-Hant", "ko", "th", "my", "km", "lo", "si", "ta", "te", "kn", "ml", "gu", "pa", "or",
        "as", "dz", "ka", "hy", "am", "sw", "zu", "af", "id", "vi", "fil", "kk", "uz", "az", "et", "sq",
    ]

    static let pattern =
        "{n} | {n, plural, zero {z#} one {o#} two {t#} few {f#} many {m#} other {x#}}"
        + " | {n, plural, offset:1 =1000 {exact} zero {z#} one {o#} two {t#} few {f#} many {m#} other {x#}}"
        + " | {n, selectordinal, zero {z#} one {o#} two {t#} few {f#} many {m#} other {x#}}"

    /// Every length from 4 to 19 digits, round numbers (millions are `many` in several
    /// languages), numbers around them, and seeded random ones.
    static var numbers: [Int64] {
        var numbers: [Int64] = [
            1_000, 1_001, 1_002, 1_010, 1_011, 1_100, 1_101, 2_000, 9_999, 10_000, 10_001, 12_345, 99_999,
            100_000, 100_001, 123_456, 999_999, 1_000_000, 1_000_001, 1_000_002, 2_000_000, 5_000_000, 11_000_000,
            1_234_567, 100_000_000, 1_000_000_000, 1_000_000_001, 123_456_789_012, 1_000_000_000_000,
            100_000_000_000_000, 999_999_999_999_999, 1_000_000_000_000_000, 1_000_000_000_000_001,
            100_000_000_000_000_000, 999_999_999_999_999_999, Int64.max,
        ]
        var random = SplitMix64(seed: 0x5EED_1000)
        for _ in 0..<150 {
            let digits = 4 + random.next(below: 15)
            var value = Int64(1 + random.next(below: 9))
            for _ in 1..<digits { value = value * 10 + Int64(random.next(below: 10)) }
            numbers.append(value)
        }
        return numbers
    }

    @Test(
        "the fast writer is in use for locales with every kind of grouping and digits",
        arguments: ["en", "en-IN", "hi", "ru", "pl", "es", "fr", "ar", "fa", "bn", "ja", "de-CH", "pt-PT"]
    )
    func fastWriterIsUsed(locale: String) throws {
        let format = try ICUNumberFormat(locale: locale, kind: .standard, style: nil)
        let table = try #require(SmallIntegerTable.table(locale: locale, format: format))
        #expect(table.view.wholeNumbers != nil, "\(locale) formats whole numbers through ICU")
    }

    @Test("every number 0–999 (the per-locale table) in every locale", arguments: locales)
    func smallNumbersMatchICU(locale: String) throws {
        let message = try CompiledMessage(pattern: Self.pattern, locale: locale)
        var mismatches: [String] = []
        for number in Int64(0)..<1_000 {
            let arguments: [String: ArgumentValue] = ["n": .int(number)]
            let ours = try message.format(arguments)
            let icu = FormatOutcome.icu(pattern: Self.pattern, locale: locale, arguments: arguments, timeZone: nil)
            if icu != .text(ours) { mismatches.append("\(number): ours \(ours), ICU \(icu)") }
        }
        #expect(mismatches.isEmpty, "\(locale): \(mismatches.prefix(5).joined(separator: "\n"))")
    }

    @Test("plain, plural (with and without offset) and selectordinal of whole numbers", arguments: locales)
    func wholeNumbersMatchICU(locale: String) throws {
        let message = try CompiledMessage(pattern: Self.pattern, locale: locale)
        var mismatches: [String] = []
        for number in Self.numbers {
            let arguments: [String: ArgumentValue] = ["n": .int(number)]
            let ours = try message.format(arguments)
            let icu = FormatOutcome.icu(pattern: Self.pattern, locale: locale, arguments: arguments, timeZone: nil)
            if icu != .text(ours) { mismatches.append("\(number): ours \(ours), ICU \(icu)") }
        }
        #expect(mismatches.isEmpty, "\(locale): \(mismatches.prefix(5).joined(separator: "\n"))")
    }
}
