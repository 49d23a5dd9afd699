import ICUKit
import Testing

/// Expected categories are CLDR 42's plural rules (the data of ICU 72).
struct PluralRulesTests {
    @Test(arguments: [
        ("en", [PluralCategory.one, .other]),
        ("fr", [.one, .many, .other]),
        ("ru", [.one, .few, .many, .other]),
        ("pl", [.one, .few, .many, .other]),
        ("ar", [.zero, .one, .two, .few, .many, .other]),
        ("cy", [.zero, .one, .two, .few, .many, .other]),
        ("ja", [.other]),
        ("lt", [.one, .few, .many, .other]),
        ("he", [.one, .two, .other]),
        ("pt-PT", [.one, .many, .other]),
        ("pt", [.one, .many, .other]),
    ])
    func cardinalCategories(locale: String, expected: [PluralCategory]) throws {
        #expect(try ICUPluralRules(locale: locale, type: .cardinal).categories == expected)
    }

    @Test(arguments: [
        ("ru", 1.0, PluralCategory.one), ("ru", 2, .few), ("ru", 5, .many), ("ru", 1.5, .other),
        ("ru", 21, .one), ("ru", 11, .many),
        ("ar", 0, .zero), ("ar", 1, .one), ("ar", 2, .two), ("ar", 3, .few), ("ar", 11, .many), ("ar", 100, .other),
        ("fr", 0, .one), ("fr", 1_000_000, .many), ("fr", 2, .other),
        ("pt", 0, .one), ("pt-PT", 0, .other), ("pt-PT", 1, .one),
        ("ja", 1, .other),
    ])
    func cardinalSelection(locale: String, value: Double, expected: PluralCategory) throws {
        let rules = try ICUPluralRules(locale: locale, type: .cardinal)
        #expect(rules.category(of: value, formattedBy: nil) == expected)
    }

    @Test(arguments: [
        (1.0, PluralCategory.one), (2, .two), (3, .few), (4, .other), (11, .other), (12, .other),
        (13, .other), (21, .one), (22, .two), (23, .few), (101, .one),
    ])
    func englishOrdinals(value: Double, expected: PluralCategory) throws {
        let rules = try ICUPluralRules(locale: "en", type: .ordinal)
        #expect(rules.category(of: value, formattedBy: nil) == expected)
    }

    @Test func visibleFractionDigitsCount() throws {
        let english = try ICUPluralRules(locale: "en", type: .cardinal)
        #expect(english.category(ofDecimal: "1") == .one)
        #expect(english.category(ofDecimal: "1.0") == .other)
        #expect(english.category(ofDecimal: "2.50") == .other)
        let french = try ICUPluralRules(locale: "fr", type: .cardinal)
        #expect(french.category(ofDecimal: "1.5") == .one)
        #expect(english.category(ofDecimal: "not a number") == .other)
    }

    /// icu::MessageFormat selects on the decimal quantity of a DecimalFormat (so "1.00" shown by
    /// pattern 0.00 is `other` in English) but on the plain double for a skeleton format, which
    /// is not a DecimalFormat (so 1 shown as "1.00" by `::.00` is still `one`).
    @Test func selectionFollowsTheArgumentFormat() throws {
        let english = try ICUPluralRules(locale: "en", type: .cardinal)
        let pattern = try ICUNumberFormat(locale: "en", kind: .pattern, style: "0.00")
        let skeleton = try ICUNumberFormat(locale: "en", kind: .skeleton, style: ".00")
        #expect(english.category(of: 1, formattedBy: nil) == .one)
        #expect(english.category(of: 1, formattedBy: pattern) == .other)
        #expect(english.category(of: 1, formattedBy: skeleton) == .one)
        // The default format shows at most three fraction digits: 1.0004 is shown as "1".
        #expect(english.category(of: 1.0004, formattedBy: nil) == .one)
        #expect(english.category(of: 1.5, formattedBy: nil) == .other)
    }

    /// ICU 72 evaluates plural operands as doubles, so 2^53 + 1 (ending in 1) selects like 2^53
    /// (ending in 2: ru `few`); icu::MessageFormat 72 answers `few` for this decimal argument too.
    /// A DecimalFormat's visible fraction digits do count for decimal strings.
    @Test func decimalArgumentsSelectLikeMessageFormat() throws {
        let russian = try ICUPluralRules(locale: "ru", type: .cardinal)
        #expect(russian.category(ofDecimal: "9007199254740993", formattedBy: nil) == .few)
        #expect(russian.category(ofDecimal: "21", formattedBy: nil) == .one)
        #expect(russian.category(ofDecimal: "21.5", formattedBy: nil) == .other)
        let pattern = try ICUNumberFormat(locale: "en", kind: .pattern, style: "0.0")
        let english = try ICUPluralRules(locale: "en", type: .cardinal)
        #expect(english.category(ofDecimal: "1", formattedBy: pattern) == .other)
        #expect(english.category(ofDecimal: "1", formattedBy: nil) == .one)
        #expect(english.category(ofDecimal: "x", formattedBy: nil) == .other)
    }

    @Test(arguments: ["en", "fr", "ru", "ar", "cy", "lt", "pt-PT"])
    func samplesSelectTheirOwnCategory(locale: String) throws {
        let rules = try ICUPluralRules(locale: locale, type: .cardinal)
        for category in rules.categories {
            let samples = rules.samples(for: category, limit: 10)
            #expect(!samples.isEmpty, "\(locale) \(category)")
            for sample in samples {
                #expect(rules.category(ofDecimal: decimalText(sample)) == category, "\(locale) \(sample)")
            }
        }
    }

    @Test func samplesOfUnusedCategoryAreEmpty() throws {
        let rules = try ICUPluralRules(locale: "ja", type: .cardinal)
        #expect(rules.samples(for: .one, limit: 5).isEmpty)
        #expect(rules.samples(for: .other, limit: 0).isEmpty)
        let russian = try ICUPluralRules(locale: "ru", type: .cardinal)
        #expect(russian.samples(for: .few, limit: 3) == [2, 3, 4])
    }

    @Test func categoriesAreInCLDROrder() {
        #expect(PluralCategory.allCases.sorted() == [.zero, .one, .two, .few, .many, .other])
        #expect(PluralCategory.few < .many)
    }

    /// CLDR samples are integers or have one fraction digit (1.5, 0.1, …).
    private func decimalText(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(value)
    }
}
