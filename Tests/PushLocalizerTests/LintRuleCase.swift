import Testing

@testable import PushLocalizer

/// One small catalog and the exact diagnostics linting it must produce (locations hand-counted:
/// lines and columns are 1-based, columns in Unicode scalars, as an editor shows them).
struct LintRuleCase: Sendable, CustomTestStringConvertible {
    var name: String
    var files: [String: String]
    var expected: [ExpectedDiagnostic]

    init(_ name: String, _ files: [String: String], _ expected: [ExpectedDiagnostic]) {
        self.name = name
        self.files = files
        self.expected = expected
    }

    var testDescription: String { name }

    /// Lints the catalog and checks that the findings are exactly the expected ones.
    func verify() throws {
        let report = try LintFixture.lint(files)
        for expectation in expected {
            #expect(
                report.diagnostics.contains(where: expectation.matches),
                "missing \(expectation) in:\n\(report.listing)"
            )
        }
        #expect(report.diagnostics.count == expected.count, "expected \(expected), got:\n\(report.listing)")
    }
}

/// The fixtures' shared template: one truncatable argument, a title and a body.
///
/// Line 1 `greeting:`, 4 the title (its quote at column 10), 5 the body (its quote at column 9).
let greetingTemplate = """
    greeting:
      args:
        name: { type: string, truncate: true }
      title: "Hello"
      body: "Hi {name}"

    """

/// A template with one number argument whose body (line 4, quote at column 9) is `body`.
func countTemplate(_ body: String, type: String = "number") -> String {
    """
    items:
      args:
        count: { type: \(type) }
      body: "\(body)"

    """
}

/// A German translation of ``greetingTemplate``: line 2 the title (quote at column 10), line 3
/// the body (quote at column 9).
func germanGreeting(title: String = "Hallo", body: String = "Servus {name}") -> String {
    """
    greeting:
      title: "\(title)"
      body: "\(body)"

    """
}
