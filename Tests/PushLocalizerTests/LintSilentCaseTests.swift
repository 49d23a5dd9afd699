import Foundation
import Testing

@testable import PushLocalizer

/// Lint findings that used to be lost or said too little.
@Suite struct LintSilentCaseTests {
    private static func finding(_ message: String) -> Diagnostic {
        Diagnostic(
            rule: .syntax,
            severity: .error,
            location: CatalogFileLocation(file: "Templates/a.yaml", line: 3, column: 5),
            locale: nil,
            key: "t",
            message: message
        )
    }

    @Test func differentLoadErrorsAtOnePlaceAreAllKept() {
        let loading = LintReport(diagnostics: [
            Self.finding("unknown template field 'bdy'; known: apns, args, body"),
            Self.finding("template 't' needs a 'title' or a 'body'"),
            Self.finding("unknown template field 'bdy'; known: apns, args, body"),
        ])
        let merged = LintReport(diagnostics: []).merging(loading)
        #expect(
            merged.diagnostics.map(\.message) == [
                "template 't' needs a 'title' or a 'body'",
                "unknown template field 'bdy'; known: apns, args, body",
            ]
        )
    }

    @Test func differentRuleFindingsAtOnePlaceAreAllKept() {
        let loading = LintReport(diagnostics: [Self.finding("'max-bytes' must be a positive integer, found '-4'")])
        let rules = LintReport(diagnostics: [
            Self.finding("unknown argument type 'strin' for 'n'; use string, number or date"),
            Self.finding("'max-bytes' must be a positive integer, found '-4'"),
        ])
        let merged = rules.merging(loading)
        #expect(
            merged.diagnostics.map(\.message) == [
                "'max-bytes' must be a positive integer, found '-4'",
                "unknown argument type 'strin' for 'n'; use string, number or date",
            ]
        )
    }

    @Test func argumentQuotedAwayByApostrophesIsNamed() throws {
        let report = try LintFixture.lint([
            "Templates/a.yaml": "t:\n  body: \"{name} liked it\"\n  args:\n    name: { type: string }\n",
            "Locales/fr.yaml": "t:\n  body: \"'{name}' l'a aimé\"\n",
        ])
        let missing = report.diagnostics.filter { $0.rule == .missingArgument }
        #expect(missing.count == 1, "\(report.listing)")
        #expect(missing.first?.location == CatalogFileLocation(file: "Locales/fr.yaml", line: 2, column: 9))
        // 2:10 is the first apostrophe, inside the double-quoted value.
        #expect(missing.first?.message.contains("the apostrophe at 2:10 quotes '{name…' as literal text") == true)
    }

    @Test func droppedArgumentWithoutApostrophesKeepsThePlainMessage() throws {
        let report = try LintFixture.lint([
            "Templates/a.yaml": "t:\n  body: \"{name} liked it\"\n  args:\n    name: { type: string }\n",
            "Locales/fr.yaml": "t:\n  body: \"Quelqu'un l'a aimé\"\n",
        ])
        let missing = report.diagnostics.filter { $0.rule == .missingArgument }
        #expect(
            missing.map(\.message) == ["body: the translation drops argument 'name', which the source message uses"]
        )
    }

    @Test func declaredArgumentNoMessageUsesIsAWarning() throws {
        let report = try LintFixture.lint([
            "Templates/a.yaml": """
            t:
              body: "{name} liked it"
              args:
                name: { type: string }
                id: { type: string }
                left_over: { type: number }
              data:
                path: "app://items/{id}"

            """
        ])
        let unused = report.diagnostics.filter { $0.rule == .unusedArgument }
        #expect(unused.count == 1, "\(report.listing)")
        #expect(unused.first?.severity == .warning)
        #expect(unused.first?.location == CatalogFileLocation(file: "Templates/a.yaml", line: 6, column: 5))
        #expect(
            unused.first?.message
                == "argument 'left_over' is declared but no message, apns, fcm, webpush or data string of template 't' uses it"
        )
    }

    @Test func argumentUsedOnlyInATranslationIsNotUnused() throws {
        let report = try LintFixture.lint([
            "Templates/a.yaml": "t:\n  body: Someone liked it\n  args:\n    name: { type: string }\n",
            "Locales/fr.yaml": "t:\n  body: \"{name} l’a aimé\"\n",
        ])
        #expect(report.diagnostics.filter { $0.rule == .unusedArgument }.isEmpty, "\(report.listing)")
    }
}
