import PushLocalizer
import Testing

/// GitHub's workflow-command escaping, as `@actions/core` (toolkit `command.ts`) defines it:
/// in the message `%` → `%25`, CR → `%0D`, LF → `%0A`; in property values also `:` → `%3A` and
/// `,` → `%2C`.
@Suite("Lint output: GitHub escaping")
struct LintOutputGitHubEscapingTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("100% sure", "100%25 sure"),
        ("line one\nline two", "line one%0Aline two"),
        ("windows\r\nline", "windows%0D%0Aline"),
        ("already %0A escaped", "already %250A escaped"),
        ("colon: and, comma stay", "colon: and, comma stay"),
        ("::error:: injected", "::error:: injected"),
    ])
    func message(_ message: String, escaped: String) {
        let output = Self.report(file: "Locales/de.yaml", message: message)
            .formatted(as: .github, options: LintOutputOptions())
        #expect(output.hasPrefix("::error file=Locales/de.yaml,line=3,col=7::[syntax] \(escaped)\n"))
    }

    @Test(arguments: [
        ("Locales/de.yaml", "Locales/de.yaml"),
        ("Locales/a,b.yaml", "Locales/a%2Cb.yaml"),
        ("Locales/c:d.yaml", "Locales/c%3Ad.yaml"),
        ("Locales/100%.yaml", "Locales/100%25.yaml"),
        ("Locales/new\nline.yaml", "Locales/new%0Aline.yaml"),
    ])
    func fileProperty(_ file: String, escaped: String) {
        let output = Self.report(file: file, message: "m").formatted(as: .github, options: LintOutputOptions())
        #expect(output.hasPrefix("::error file=\(escaped),line=3,col=7::[syntax] m\n"))
    }

    @Test func warningsUseTheWarningCommand() {
        let report = LintReport(diagnostics: [
            Diagnostic(
                rule: .untranslated,
                severity: .warning,
                location: CatalogFileLocation(file: "Locales/fr.yaml", line: 4, column: 10),
                locale: "fr",
                key: "k",
                message: "identical to the source"
            )
        ])
        let expected = "::warning file=Locales/fr.yaml,line=4,col=10::[untranslated] identical to the source\n"
        #expect(report.formatted(as: .github, options: LintOutputOptions()) == expected + "0 errors, 1 warning\n")
    }

    @Test func filesAreNamedFromTheWorkingDirectory() {
        let options = LintOutputOptions(pathPrefix: "app/catalog")
        let output = Self.report(file: "Locales/de.yaml", message: "m").formatted(as: .github, options: options)
        #expect(output.hasPrefix("::error file=app/catalog/Locales/de.yaml,line=3,col=7::"))
    }

    private static func report(file: String, message: String) -> LintReport {
        LintReport(diagnostics: [
            Diagnostic(
                rule: .syntax,
                severity: .error,
                location: CatalogFileLocation(file: file, line: 3, column: 7),
                locale: nil,
                key: nil,
                message: message
            )
        ])
    }
}
