import Testing

@testable import PushLocalizer

@Suite("Lint: text rules")
struct LintTextTests {
    static let cases: [LintRuleCase] = [
        LintRuleCase(
            "untranslated: identical title; argument-only body and en-GB ignored",
            [
                "Templates/main.yaml": "greeting:\n  args:\n    name: { type: string }\n  title: \"Hello\"\n"
                    + "  body: \"{name}\"\n",
                "Locales/de.yaml": "greeting:\n  title: \"Hello\"\n  body: \"{name}\"\n",
                "Locales/en-GB.yaml": "greeting:\n  title: \"Hello\"\n  body: \"{name}\"\n",
            ],
            [ExpectedDiagnostic(.untranslated, .warning, "Locales/de.yaml", 2, 10)]
        ),
        LintRuleCase(
            "whitespace: leading, doubled and trailing",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/de.yaml": germanGreeting(title: " Hallo", body: "Servus  {name} "),
            ],
            [
                ExpectedDiagnostic(.whitespace, .warning, "Locales/de.yaml", 2, 11),
                ExpectedDiagnostic(.whitespace, .warning, "Locales/de.yaml", 3, 16),
                ExpectedDiagnostic(.whitespace, .warning, "Locales/de.yaml", 3, 24),
            ]
        ),
        LintRuleCase(
            "whitespace: French no-break spaces before punctuation are fine",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/fr.yaml": #"greeting:\#n  title: "Bonjour\u202F!"\#n  body: "Salut\u00A0: {name}"\#n"#,
            ],
            []
        ),
        LintRuleCase(
            "invalid-character: a bidi override, located at its escape",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/de.yaml": germanGreeting(body: #"Servus \u202E{name}"#),
            ],
            [ExpectedDiagnostic(.invalidCharacter, .error, "Locales/de.yaml", 3, 17)]
        ),
        LintRuleCase(
            "invalid-character: U+FFFD written as is",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/de.yaml": germanGreeting(body: "Servus \u{FFFD} {name}"),
            ],
            [ExpectedDiagnostic(.invalidCharacter, .error, "Locales/de.yaml", 3, 17)]
        ),
        LintRuleCase(
            "invalid-character: a line break in a literal block scalar, at the break",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/de.yaml": "greeting:\n  title: \"Hallo\"\n  body: |-\n    Servus\n    {name}\n",
            ],
            [ExpectedDiagnostic(.invalidCharacter, .error, "Locales/de.yaml", 4, 11)]
        ),
        LintRuleCase(
            "invalid-character: a tab in a single-quoted message, after a doubled quote",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/de.yaml": "greeting:\n  title: 'Hallo ''Welt''\t!'\n  body: \"Servus {name}\"\n",
            ],
            [ExpectedDiagnostic(.invalidCharacter, .error, "Locales/de.yaml", 2, 25)]
        ),
        LintRuleCase(
            "pushloc.yaml overrides: off removes, warning and error replace",
            [
                "pushloc.yaml":
                    "lint: { rules: { untranslated: off, whitespace: error, missing-argument: warning } }\n",
                "Templates/main.yaml": greetingTemplate,
                "Locales/de.yaml": germanGreeting(title: "Hello", body: "Servus  mein Freund"),
            ],
            [
                ExpectedDiagnostic(.whitespace, .error, "Locales/de.yaml", 3, 16),
                ExpectedDiagnostic(.missingArgument, .warning, "Locales/de.yaml", 3, 9),
            ]
        ),
    ]

    @Test(arguments: cases)
    func rule(_ rule: LintRuleCase) throws {
        try rule.verify()
    }
}
