import Testing

@testable import PushLocalizer

@Suite("Lint: catalog structure rules")
struct LintStructureTests {
    static let cases: [LintRuleCase] = [
        LintRuleCase(
            "missing-translation: a field left out, and a whole key",
            [
                "Templates/main.yaml": greetingTemplate + "farewell:\n  title: \"Bye\"\n",
                "Locales/de.yaml": "# German\ngreeting:\n  body: \"Servus {name}\"\n",
            ],
            [
                ExpectedDiagnostic(.missingTranslation, .error, "Locales/de.yaml", 1, 1),
                ExpectedDiagnostic(.missingTranslation, .error, "Locales/de.yaml", 2, 1),
            ]
        ),
        LintRuleCase(
            "missing-translation: an empty message",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/de.yaml": germanGreeting(title: ""),
            ],
            [ExpectedDiagnostic(.missingTranslation, .error, "Locales/de.yaml", 2, 10)]
        ),
        LintRuleCase(
            "missing-translation: a variant of the source language may be partial",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/en-GB.yaml": "greeting:\n  title: \"Hello there\"\n",
            ],
            []
        ),
        LintRuleCase(
            "obsolete-key: a key without template and a field the template lacks",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/de.yaml": germanGreeting() + "  subtitle: \"Extra\"\nold_key:\n  title: \"Alt\"\n",
            ],
            [
                ExpectedDiagnostic(.obsoleteKey, .error, "Locales/de.yaml", 4, 13),
                ExpectedDiagnostic(.obsoleteKey, .error, "Locales/de.yaml", 5, 1),
            ]
        ),
        LintRuleCase(
            "duplicate-key: a key repeated in a locale file",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/de.yaml": germanGreeting() + germanGreeting(title: "Hallo!"),
            ],
            [ExpectedDiagnostic(.duplicateKey, .error, "Locales/de.yaml", 4, 1)]
        ),
        LintRuleCase(
            "duplicate-key: a template key defined in two files",
            [
                "Templates/main.yaml": greetingTemplate,
                "Templates/other.yaml": "# again\n" + greetingTemplate,
            ],
            [ExpectedDiagnostic(.duplicateKey, .error, "Templates/other.yaml", 2, 1)]
        ),
        LintRuleCase(
            "source-locale-file: Locales/en.yaml with source locale en",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/en.yaml": "greeting:\n  title: \"Hello\"\n",
            ],
            [ExpectedDiagnostic(.sourceLocaleFile, .error, "Locales/en.yaml", 1, 1)]
        ),
        LintRuleCase(
            "locale-tag: an underscore instead of a hyphen",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/pt_BR.yaml": "greeting:\n  title: \"Olá\"\n  body: \"Oi {name}\"\n",
            ],
            [ExpectedDiagnostic(.localeTag, .error, "Locales/pt_BR.yaml", 1, 1)]
        ),
        LintRuleCase(
            "locale-tag: a language name instead of a tag",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/german.yaml": germanGreeting(),
            ],
            [ExpectedDiagnostic(.localeTag, .error, "Locales/german.yaml", 1, 1)]
        ),
    ]

    @Test(arguments: cases)
    func rule(_ rule: LintRuleCase) throws {
        try rule.verify()
    }

    @Test(
        "BCP 47 syntax",
        arguments: [
            ("pt-BR", true), ("zh-Hant", true), ("es-419", true), ("zh-Hant-HK", true), ("sr-Latn", true),
            ("de-CH-1996", true), ("en-US-u-ca-gregory", true), ("pt_BR", false), ("english", false),
            ("en-", false), ("e", false), ("en-US-u", false), ("en--US", false), ("1en", false),
        ]
    )
    func languageTagSyntax(tag: String, valid: Bool) {
        #expect(LanguageTagSyntax.isValid(tag) == valid)
    }
}
