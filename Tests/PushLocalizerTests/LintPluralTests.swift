import Testing

@testable import PushLocalizer

/// Plural categories per locale are CLDR's as ICU 72 ships them (cardinal: ru one/few/many/other,
/// fr one/many/other, ja other; ordinal: en one/two/few/other).
@Suite("Lint: plural rules")
struct LintPluralTests {
    static let template = countTemplate("{count, plural, one {# item} other {# items}}")

    static let cases: [LintRuleCase] = [
        LintRuleCase(
            "ru lacks few",
            [
                "Templates/main.yaml": template,
                "Locales/ru.yaml": "items:\n  body: \"{count, plural, one {# штука} many {# штук} other {# штуки}}\"\n",
            ],
            [ExpectedDiagnostic(.pluralMissingCategory, .error, "Locales/ru.yaml", 2, 10)]
        ),
        LintRuleCase(
            "fr lacks many (ICU 72)",
            [
                "Templates/main.yaml": template,
                "Locales/fr.yaml": "items:\n  body: \"{count, plural, one {# objet} other {# objets}}\"\n",
            ],
            [ExpectedDiagnostic(.pluralMissingCategory, .error, "Locales/fr.yaml", 2, 10)]
        ),
        LintRuleCase(
            "ja has a dead one",
            [
                "Templates/main.yaml": template,
                "Locales/ja.yaml": "items:\n  body: \"{count, plural, one {#個} other {#個}}\"\n",
            ],
            [ExpectedDiagnostic(.pluralUnknownCategory, .error, "Locales/ja.yaml", 2, 26)]
        ),
        LintRuleCase(
            "=1 does not stand in for one",
            ["Templates/main.yaml": countTemplate("{count, plural, =1 {one item} other {# items}}")],
            [ExpectedDiagnostic(.pluralMissingCategory, .error, "Templates/main.yaml", 4, 10)]
        ),
        LintRuleCase(
            "offset with =1 does not stand in for one",
            ["Templates/main.yaml": countTemplate("{count, plural, offset:1 =1 {you} other {you and # others}}")],
            [ExpectedDiagnostic(.pluralMissingCategory, .error, "Templates/main.yaml", 4, 10)]
        ),
        LintRuleCase(
            "selectordinal in en lacks two",
            ["Templates/main.yaml": countTemplate("{count, selectordinal, one {#st} few {#rd} other {#th}}")],
            [ExpectedDiagnostic(.pluralMissingCategory, .error, "Templates/main.yaml", 4, 10)]
        ),
        LintRuleCase(
            "en never uses few",
            ["Templates/main.yaml": countTemplate("{count, plural, one {a} few {b} other {c}}")],
            [ExpectedDiagnostic(.pluralUnknownCategory, .error, "Templates/main.yaml", 4, 34)]
        ),
        LintRuleCase(
            "a repeated keyword is dead",
            ["Templates/main.yaml": countTemplate("{count, plural, one {a} one {b} other {c}}")],
            [ExpectedDiagnostic(.pluralUnknownCategory, .error, "Templates/main.yaml", 4, 34)]
        ),
        LintRuleCase(
            "a nested plural is checked in its own right",
            [
                "Templates/main.yaml": countTemplate(
                    "{count, plural, one {{count, plural, one {a} other {b}}} other {c}}"
                ),
                "Locales/pl.yaml":
                    "items:\n  body: \"{count, plural, one {{count, plural, one {a} other {b}}} few {c} many {d} other {e}}\"\n",
            ],
            [ExpectedDiagnostic(.pluralMissingCategory, .error, "Locales/pl.yaml", 2, 31)]
        ),
    ]

    @Test(arguments: cases)
    func rule(_ rule: LintRuleCase) throws {
        try rule.verify()
    }
}
