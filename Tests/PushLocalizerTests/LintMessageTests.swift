import Testing

@testable import PushLocalizer

@Suite("Lint: message rules")
struct LintMessageTests {
    static let cases: [LintRuleCase] = [
        LintRuleCase(
            "syntax: a brace never closed, at the brace",
            ["Templates/main.yaml": greetingTemplate, "Locales/de.yaml": germanGreeting(body: "Servus {name")],
            [ExpectedDiagnostic(.syntax, .error, "Locales/de.yaml", 3, 17)]
        ),
        LintRuleCase(
            "syntax: an invalid number skeleton, at the style",
            ["Templates/main.yaml": countTemplate("{count, number, ::bogus} items")],
            [ExpectedDiagnostic(.syntax, .error, "Templates/main.yaml", 4, 26)]
        ),
        LintRuleCase(
            "unknown-argument, and the argument it replaced goes missing",
            ["Templates/main.yaml": greetingTemplate, "Locales/de.yaml": germanGreeting(body: "Servus {nom}")],
            [
                ExpectedDiagnostic(.missingArgument, .error, "Locales/de.yaml", 3, 9),
                ExpectedDiagnostic(.unknownArgument, .error, "Locales/de.yaml", 3, 18),
            ]
        ),
        LintRuleCase(
            "unknown-argument in an apns string",
            [
                "Templates/main.yaml": greetingTemplate + "  apns:\n    thread-id: \"t-{thread}\"\n"
            ],
            [ExpectedDiagnostic(.unknownArgument, .error, "Templates/main.yaml", 7, 20)]
        ),
        LintRuleCase(
            "missing-argument: the translation drops {name}",
            ["Templates/main.yaml": greetingTemplate, "Locales/de.yaml": germanGreeting(body: "Servus")],
            [ExpectedDiagnostic(.missingArgument, .error, "Locales/de.yaml", 3, 9)]
        ),
        LintRuleCase(
            "argument-type: a string in plural",
            ["Templates/main.yaml": countTemplate("{count, plural, one {# item} other {# items}}", type: "string")],
            [ExpectedDiagnostic(.argumentType, .error, "Templates/main.yaml", 4, 11)]
        ),
        LintRuleCase(
            "argument-type: a number in select",
            ["Templates/main.yaml": countTemplate("{count, select, a {x} other {y}}")],
            [ExpectedDiagnostic(.argumentType, .error, "Templates/main.yaml", 4, 11)]
        ),
        LintRuleCase(
            "argument-type: a date in number",
            ["Templates/main.yaml": countTemplate("Total {count, number}", type: "date")],
            [ExpectedDiagnostic(.argumentType, .error, "Templates/main.yaml", 4, 17)]
        ),
        LintRuleCase(
            "select-missing-other: at the select's brace",
            [
                "Templates/main.yaml": """
                invite:
                  args:
                    gender: { type: string }
                  body: "{gender, select, female {She} male {He}}"

                """
            ],
            [ExpectedDiagnostic(.selectMissingOther, .error, "Templates/main.yaml", 4, 10)]
        ),
        LintRuleCase(
            "apostrophe: French elision quotes the placeholder to the end of the message",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/fr.yaml": "greeting:\n  title: \"Bonjour\"\n  body: \"Salut l'{name} !\"\n",
            ],
            [
                ExpectedDiagnostic(.missingArgument, .error, "Locales/fr.yaml", 3, 9),
                ExpectedDiagnostic(.apostrophe, .error, "Locales/fr.yaml", 3, 17),
            ]
        ),
        LintRuleCase(
            "apostrophe: an elided quote that closes after the placeholder",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/fr.yaml": "greeting:\n  title: \"Bonjour\"\n  body: \"L'{name}' et {name}\"\n",
            ],
            [ExpectedDiagnostic(.apostrophe, .error, "Locales/fr.yaml", 3, 11)]
        ),
        LintRuleCase(
            "apostrophe: deliberate quoting after a space is fine, and so is ''",
            [
                "Templates/main.yaml": greetingTemplate,
                "Locales/fr.yaml": "greeting:\n  title: \"C''est\"\n  body: \"Écrivez '{name}' : {name}\"\n",
            ],
            []
        ),
    ]

    @Test(arguments: cases)
    func rule(_ rule: LintRuleCase) throws {
        try rule.verify()
    }
}
