import Testing

@testable import PushLocalizer

@Suite("Lint: budget and collapse-id")
struct LintBudgetTests {
    /// Four translations of about 110 bytes each: each locale alone fits 400 bytes easily, all of
    /// them together (content mode) cannot.
    static func longTranslation(_ word: String) -> String {
        "news:\n  body: \"\(String(repeating: word + " ", count: 20)){name}\"\n"
    }

    static let cases: [LintRuleCase] = [
        LintRuleCase(
            "budget: a pinned argument at max-bytes cannot fit (error)",
            [
                "Templates/main.yaml": """
                big:
                  args:
                    token: { type: string, max-bytes: 500 }
                  body: "Token {token}"
                  budget: 300

                """
            ],
            [ExpectedDiagnostic(.budget, .error, "Templates/main.yaml", 1, 1)]
        ),
        LintRuleCase(
            "budget: a 60-byte budget leaves a truncatable argument fewer than 32 bytes (warning)",
            [
                "Templates/main.yaml": """
                tight:
                  args:
                    name: { type: string, truncate: true }
                  body: "Hello {name}, welcome back"
                  budget: 60

                """
            ],
            [ExpectedDiagnostic(.budget, .warning, "Templates/main.yaml", 1, 1)]
        ),
        LintRuleCase(
            "budget: content mode with all locales cannot fit, each locale alone can (optional locales drop: warning)",
            [
                "Templates/main.yaml": """
                news:
                  args:
                    name: { type: string, truncate: true }
                  body: "News for {name}"
                  budget: 400

                """,
                "Locales/de.yaml": longTranslation("Neuigkeit"),
                "Locales/fr.yaml": longTranslation("Nouvelle"),
                "Locales/it.yaml": longTranslation("Notizia"),
                "Locales/pl.yaml": longTranslation("Wiadomo"),
            ],
            [ExpectedDiagnostic(.budget, .warning, "Templates/main.yaml", 1, 1)]
        ),
        LintRuleCase(
            "budget: still checked when the collapse-id uses an argument without max-bytes",
            [
                "Templates/main.yaml": """
                big:
                  args:
                    token: { type: string, max-bytes: 500 }
                    id: { type: string }
                  body: "Token {token}"
                  budget: 300
                  apns:
                    collapse-id: "big-{id}"

                """
            ],
            [ExpectedDiagnostic(.budget, .error, "Templates/main.yaml", 1, 1)]
        ),
        LintRuleCase(
            "collapse-id: over 64 bytes with its argument at max-bytes",
            [
                "Templates/main.yaml": """
                group:
                  args:
                    thread: { type: string, max-bytes: 80 }
                  body: "New message"
                  apns:
                    collapse-id: "group-{thread}"

                """
            ],
            [ExpectedDiagnostic(.collapseID, .error, "Templates/main.yaml", 6, 18)]
        ),
        LintRuleCase(
            "collapse-id: within 64 bytes at max-bytes, and unbounded arguments are not guessed",
            [
                "Templates/main.yaml": """
                group:
                  args:
                    thread: { type: string, max-bytes: 40 }
                    user: { type: string }
                  body: "New message"
                  apns:
                    collapse-id: "group-{thread}-{user}"

                """
            ],
            []
        ),
    ]

    @Test(arguments: cases)
    func rule(_ rule: LintRuleCase) throws {
        try rule.verify()
    }
}
