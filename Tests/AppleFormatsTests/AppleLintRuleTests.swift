import Foundation
import PushLocalizer
import Testing

/// Lint rules `loc-key-incompatible` and `apple-format`.
@Suite struct AppleLintRuleTests {
    static func lint(_ templates: String, locale: String? = nil) throws -> [Diagnostic] {
        let folder = try Corpus.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/Templates", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/Locales", withIntermediateDirectories: true)
        try Data(templates.utf8).write(to: URL(fileURLWithPath: folder + "/Templates/t.yaml"))
        if let locale { try Data(locale.utf8).write(to: URL(fileURLWithPath: folder + "/Locales/de.yaml")) }
        return Linter(source: try CatalogSource.load(from: folder)).lint().diagnostics
    }

    @Test func pluralInALocKeyTemplateIsAnError() throws {
        let found = try Self.lint(
            """
            files:
              args:
                n: { type: number }
              body: "{n, plural, one {# file} other {# files}}"
              loc-keys:
                body: FILES
            plain:
              args:
                n: { type: number }
              body: "{n, plural, one {# file} other {# files}}"

            """,
            locale: "files:\n  body: \"{n, number, integer} Dateien\"\n"
        )
        let rule = found.filter { $0.rule == .locKeyIncompatible }
        #expect(rule.map(\.severity) == [.error, .error])
        #expect(rule.map(\.location.description).sorted() == ["Locales/de.yaml:2:10", "Templates/t.yaml:4:10"])
        #expect(rule.allSatisfy { $0.message.contains("loc-args fill only %@ and %n$@") })
    }

    @Test func plainArgumentsAreCompatible() throws {
        let found = try Self.lint(
            """
            hello:
              args:
                name: { type: string }
              body: "Hello {name}"
              loc-keys:
                body: HELLO

            """
        )
        #expect(!found.contains { $0.rule == .locKeyIncompatible || $0.rule == .appleFormat })
    }

    @Test func appleFormatFindsPrintfLeftovers() throws {
        let found = try Self.lint(
            #"""
            a:
              body: "%d items, %1$@ and 50% off, 100%% sure"
            b:
              body: "%@ invited %@"
            c:
              body: 'caf\u00e9'
            d:
              body: "done at 5%, 20% discount"

            """#
        )
        let rule = found.filter { $0.rule == .appleFormat }
        #expect(rule.allSatisfy { $0.severity == .warning })
        let byKey = Dictionary(grouping: rule, by: { $0.key ?? "" })
        #expect(byKey["a"]?.map(\.location.column) == [10, 20])
        #expect(byKey["b"]?.count == 1)
        #expect(byKey["b"]?.first?.message.contains("2 implicit-order") == true)
        #expect(byKey["c"]?.first?.message.contains("reads as the letter u") == true)
        #expect(byKey["d"] == nil)
    }
}
