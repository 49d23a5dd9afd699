import Foundation
import Testing

@testable import PushLocalizer

/// Catalog files that used to be skipped or misreported without a word: each is now an error
/// naming the file, line and column, and saying why.
@Suite struct CatalogFileProblemTests {
    private static let template = "t:\n  body: x\n"

    private func errors(of catalog: TemporaryCatalog) -> [CatalogError] {
        CatalogSource.loadCollectingErrors(from: catalog.root).errors
    }

    @Test func localeFileThatIsADirectoryIsAnError() throws {
        let catalog = try TemporaryCatalog(
            ["Templates/a.yaml": Self.template],
            directories: ["Templates", "Locales", "Locales/pl.yaml"]
        )
        defer { catalog.remove() }
        #expect(
            errors(of: catalog).map(\.description) == [
                "Locales/pl.yaml:1:1: error: Locales/pl.yaml is a directory, not a YAML file: its locale cannot be read"
            ]
        )
        #expect(throws: CatalogLoadError.self) { try Catalog.load(from: catalog.root) }
    }

    @Test func templateFileThatIsADirectoryIsAnError() throws {
        let catalog = try TemporaryCatalog(
            ["Templates/a.yaml": Self.template, "Locales/fr.yaml": "t:\n  body: y\nu:\n  body: z\n"],
            directories: ["Templates", "Locales", "Templates/more.yaml"]
        )
        defer { catalog.remove() }
        let found = errors(of: catalog)
        #expect(
            found.map(\.description) == [
                "Templates/more.yaml:1:1: error: Templates/more.yaml is a directory, not a YAML file: its templates cannot be read"
            ]
        )
        #expect(found.first?.code == CatalogError.Code.unreadableFile)
    }

    @Test func localeFilesDifferingOnlyInCaseAreOneLocaleTwice() throws {
        let catalog = try TemporaryCatalog([
            "Templates/a.yaml": Self.template,
            "Locales/PL.yaml": "t:\n  body: duże\n",
            "Locales/pl.yaml": "t:\n  body: małe\n",
        ])
        defer { catalog.remove() }
        let found = errors(of: catalog)
        #expect(
            found.map(\.description) == [
                "Locales/pl.yaml:1:1: error: locale 'pl' is already defined by Locales/PL.yaml "
                    + "(tags ignore case and '_' versus '-'); keep one of the two files"
            ]
        )
        #expect(found.first?.code == CatalogError.Code.duplicateLocale)
        // Loaded leaving broken locales out, a content payload carries the locale once.
        let loaded = try Catalog.load(from: catalog.root, options: CatalogLoadOptions(brokenLocales: .leaveOut))
        let rendered = try loaded.render(RenderRequest(key: "t", locales: ["pl"], mode: .content))
        let payload = try #require(
            try JSONSerialization.jsonObject(with: Data(rendered.payload)) as? [String: Any]
        )
        let content = try #require(payload["localization_content"] as? [String: Any])
        #expect(content.keys.filter { $0.lowercased() == "pl" }.count == 1)
    }

    @Test func invalidUTF8IsReportedWhereItIs() throws {
        let bytes = Array("t:\n  body: ab".utf8) + [0xFF] + Array("c\n".utf8)
        let catalog = try TemporaryCatalog([:], rawFiles: ["Templates/a.yaml": bytes])
        defer { catalog.remove() }
        #expect(
            errors(of: catalog).map(\.description) == [
                "Templates/a.yaml:2:11: error: the file is not valid UTF-8: byte 0xFF at byte offset 13 "
                    + "cannot start or continue a character (save the file as UTF-8)"
            ]
        )
    }

    @Test func invalidUTF8AfterMultibyteTextCountsColumnsInCharacters() throws {
        // "żółw" is 4 characters in 7 bytes; the broken sequence (a lead byte without its
        // continuation) starts at column 9 + 4.
        let bytes = Array("t:\n  body: żółw".utf8) + [0xE2, 0x28] + Array("\n".utf8)
        let catalog = try TemporaryCatalog([:], rawFiles: ["Templates/a.yaml": bytes])
        defer { catalog.remove() }
        #expect(
            errors(of: catalog).first?.location == CatalogFileLocation(file: "Templates/a.yaml", line: 2, column: 13)
        )
    }

    @Test func symbolicLinkLoopSaysWhy() throws {
        let catalog = try TemporaryCatalog(["Templates/a.yaml": Self.template])
        defer { catalog.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: catalog.root + "/Locales/fr.yaml",
            withDestinationPath: "fr.yaml"
        )
        #expect(
            errors(of: catalog).map(\.description) == [
                "Locales/fr.yaml:1:1: error: cannot read the file: Too many levels of symbolic links"
            ]
        )
    }

    @Test func danglingSymbolicLinkSaysWhy() throws {
        let catalog = try TemporaryCatalog(["Templates/a.yaml": Self.template])
        defer { catalog.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: catalog.root + "/Locales/fr.yaml",
            withDestinationPath: "gone.yaml"
        )
        #expect(
            errors(of: catalog).map(\.description) == [
                "Locales/fr.yaml:1:1: error: cannot read the file: No such file or directory"
            ]
        )
    }

    /// Root reads any file whatever its mode, so this runs only as another user.
    @Test(.enabled(if: getuid() != 0, "root reads files without permission"))
    func fileWithoutReadPermissionSaysWhy() throws {
        let catalog = try TemporaryCatalog(["Templates/a.yaml": Self.template, "Locales/fr.yaml": "t:\n  body: y\n"])
        defer { catalog.remove() }
        #expect(chmod(catalog.root + "/Locales/fr.yaml", 0) == 0)
        #expect(
            errors(of: catalog).map(\.description) == [
                "Locales/fr.yaml:1:1: error: cannot read the file: Permission denied"
            ]
        )
    }

    @Test func fifoIsRefusedWithoutWaitingForAWriter() throws {
        let catalog = try TemporaryCatalog(["Templates/a.yaml": Self.template])
        defer { catalog.remove() }
        #expect(mkfifo(catalog.root + "/Locales/fr.yaml", 0o644) == 0)
        #expect(
            errors(of: catalog).map(\.description) == [
                "Locales/fr.yaml:1:1: error: cannot read the file: it is a FIFO (named pipe), not a regular file"
            ]
        )
    }

    @Test func catalogWithoutTemplatesIsAnError() throws {
        let empty = try TemporaryCatalog(["Locales/fr.yaml": "t:\n  body: y\n"])
        defer { empty.remove() }
        let found = errors(of: empty)
        #expect(found.map(\.code) == [CatalogError.Code.emptyCatalog])
        #expect(found.first?.location == CatalogFileLocation(file: "Templates/", line: 1, column: 1))
        // Files that hold no template: the error points at the first.
        let blank = try TemporaryCatalog(["Templates/a.yaml": "# nothing yet\n"])
        defer { blank.remove() }
        #expect(
            errors(of: blank).map(\.description) == [
                "Templates/a.yaml:1:1: error: the catalog has no templates: Templates/ holds 1 file(s) but no "
                    + "template (is --catalog the right folder?)"
            ]
        )
    }

    @Test func errorInsideAnAliasedValueNamesTheAlias() throws {
        let yaml = """
            t1:
              body: "{n}"
              args:
                n: &decl
                  type: string
            t2:
              body: hi
              apns: *decl

            """
        let catalog = try TemporaryCatalog(["Templates/a.yaml": yaml])
        defer { catalog.remove() }
        let found = errors(of: catalog).map(\.description)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("Templates/a.yaml:5:7: error: unknown apns field 'type'") == true)
        #expect(found.first?.hasSuffix("(in a value anchored here and reused through the alias at 8:9)") == true)
    }
}
