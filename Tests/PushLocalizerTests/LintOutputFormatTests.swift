import Foundation
import PushLocalizer
import Testing

/// Golden tests of the four lint output formats on one hand-made report. Expected texts are
/// written from SPEC §8, the examples and GitHub's workflow-command syntax.
@Suite("Lint output formats")
struct LintOutputFormatTests {
    /// `Locales/ru.yaml` line 2 is quoted under the first diagnostic; `Locales/ja.yaml` line 2
    /// starts with a tab and holds wide characters before the column; `Templates/social.yaml`
    /// has no line 9, so nothing is quoted.
    static let files = [
        "Locales/ru.yaml": "photo_liked:\n  body: \"{n, plural, one {# фото} other {# фото}}\"\n",
        "Locales/ja.yaml": "greeting:\r\n\tbody: \"こんにちは  {name}\"\r\n",
        "Templates/social.yaml": "a:\n  body: x\n",
    ]

    static let report = LintReport(diagnostics: [
        Diagnostic(
            rule: .pluralMissingCategory,
            severity: .error,
            location: CatalogFileLocation(file: "Locales/ru.yaml", line: 2, column: 10),
            locale: "ru",
            key: "photo_liked",
            message: "plural 'n' lacks categories few, many"
        ),
        Diagnostic(
            rule: .whitespace,
            severity: .warning,
            location: CatalogFileLocation(file: "Locales/ja.yaml", line: 2, column: 14),
            locale: "ja",
            key: "greeting",
            message: "the message holds a doubled space"
        ),
        Diagnostic(
            rule: .syntax,
            severity: .error,
            location: CatalogFileLocation(file: "Templates/social.yaml", line: 9, column: 1),
            locale: nil,
            key: nil,
            message: "invalid YAML"
        ),
    ])

    static let options = LintOutputOptions(sourceLines: LintSourceLines(files: files))

    @Test func textQuotesTheLineAndPutsACaretUnderTheColumn() {
        let expected = """
            Locales/ru.yaml:2:10: error: [plural-missing-category] plural 'n' lacks categories few, many
              body: "{n, plural, one {# фото} other {# фото}}"
                     ^
            Locales/ja.yaml:2:14: warning: [whitespace] the message holds a doubled space
            \tbody: "こんにちは  {name}"
            \t                 ^
            Templates/social.yaml:9:1: error: [syntax] invalid YAML
            2 errors, 1 warning

            """
        #expect(Self.report.formatted(as: .text, options: Self.options) == expected)
    }

    @Test func textColoursOnlyWhenAsked() {
        var coloured = Self.options
        coloured.usesColor = true
        let plain = Self.report.formatted(as: .text, options: Self.options)
        let painted = Self.report.formatted(as: .text, options: coloured)
        #expect(!plain.contains("\u{1B}"))
        #expect(painted.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(painted.contains("\u{1B}[1;35mwarning:\u{1B}[0m"))
        // Without its escape sequences, coloured output is the plain output.
        #expect(painted.replacing(#/\x1B\[[0-9;]*m/#, with: "") == plain)
    }

    @Test func textNamesFilesFromTheWorkingDirectory() {
        var options = Self.options
        options.pathPrefix = "Tests/Catalog"
        let text = Self.report.formatted(as: .text, options: options)
        #expect(text.hasPrefix("Tests/Catalog/Locales/ru.yaml:2:10: error: "))
    }

    @Test func jsonHasTheFixedShape() throws {
        let expected = """
            {
              "diagnostics": [
                {
                  "rule": "plural-missing-category",
                  "severity": "error",
                  "file": "Locales/ru.yaml",
                  "line": 2,
                  "column": 10,
                  "locale": "ru",
                  "key": "photo_liked",
                  "message": "plural 'n' lacks categories few, many"
                },
                {
                  "rule": "whitespace",
                  "severity": "warning",
                  "file": "Locales/ja.yaml",
                  "line": 2,
                  "column": 14,
                  "locale": "ja",
                  "key": "greeting",
                  "message": "the message holds a doubled space"
                },
                {
                  "rule": "syntax",
                  "severity": "error",
                  "file": "Templates/social.yaml",
                  "line": 9,
                  "column": 1,
                  "locale": null,
                  "key": null,
                  "message": "invalid YAML"
                }
              ],
              "summary": {
                "errors": 2,
                "warnings": 1
              }
            }

            """
        var options = Self.options
        options.pathPrefix = "Tests/Catalog"  // JSON keeps catalog-relative paths regardless
        let json = Self.report.formatted(as: .json, options: options)
        #expect(json == expected)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let diagnostics = try #require(parsed["diagnostics"] as? [[String: Any]])
        #expect(diagnostics[2]["locale"] is NSNull)
        #expect(Set(diagnostics[0].keys) == ["rule", "severity", "file", "line", "column", "locale", "key", "message"])
    }

    @Test func jsonOfACleanReport() {
        let json = LintReport(diagnostics: []).formatted(as: .json, options: Self.options)
        let expected = "{\n  \"diagnostics\": [],\n  \"summary\": {\n    \"errors\": 0,\n    \"warnings\": 0\n  }\n}\n"
        #expect(json == expected)
    }

    @Test func githubWritesWorkflowCommands() {
        let expected = """
            ::error file=Locales/ru.yaml,line=2,col=10::[plural-missing-category] plural 'n' lacks categories few, many
            ::warning file=Locales/ja.yaml,line=2,col=14::[whitespace] the message holds a doubled space
            ::error file=Templates/social.yaml,line=9,col=1::[syntax] invalid YAML
            2 errors, 1 warning

            """
        #expect(Self.report.formatted(as: .github, options: Self.options) == expected)
    }

    @Test(arguments: [
        (0, 0, "0 errors, 0 warnings"), (1, 0, "1 error, 0 warnings"), (0, 1, "0 errors, 1 warning"),
        (3, 2, "3 errors, 2 warnings"),
    ])
    func summaryLine(errors: Int, warnings: Int, expected: String) {
        let location = CatalogFileLocation(file: "Templates/a.yaml", line: 1, column: 1)
        let diagnostics =
            (0..<errors).map { _ in
                Diagnostic(rule: .syntax, severity: .error, location: location, locale: nil, key: nil, message: "e")
            }
            + (0..<warnings).map { _ in
                Diagnostic(
                    rule: .whitespace,
                    severity: .warning,
                    location: location,
                    locale: nil,
                    key: nil,
                    message: "w"
                )
            }
        #expect(LintReport(diagnostics: diagnostics).summaryLine == expected)
    }
}
