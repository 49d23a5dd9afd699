import AppleFormats
import Foundation
import PushLocalizer
import Testing

/// Export of loc-key templates: byte-exact merges into CotEditor's String Catalogs, `.strings`
/// files that Foundation reads back, and import → export → import.
@Suite struct ExportTests {
    /// Imports `paths` into a new catalog folder (written to disk) and loads it.
    static func importedCatalog(
        _ paths: [String],
        into folder: String? = nil
    ) throws -> (folder: String, source: CatalogSource, strings: [ImportedString]) {
        let folder = try folder ?? Corpus.temporaryFolder()
        var report = ImportReport()
        let naming =
            (try? CatalogSource.load(from: folder)).map { ArgumentNaming(templates: $0.templates) }
            ?? ArgumentNaming(templates: [])
        let (sourceLocale, strings) = try AppleImporter.stringCatalogs(
            paths,
            keys: nil,
            naming: naming,
            report: &report
        )
        let plan = try CatalogImportPlan(strings: strings, sourceLocale: sourceLocale, root: folder, report: &report)
        for change in plan.changes {
            let path = folder + "/" + change.path
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true
            )
            try Data(change.contents.utf8).write(to: URL(fileURLWithPath: path))
        }
        return (folder, try CatalogSource.load(from: folder), strings)
    }

    @Test(arguments: Corpus.cotEditorCatalogs)
    func unchangedMergeGivesIdenticalBytes(path: String) throws {
        let original = try Corpus.bytes(path)
        let file = try StringCatalog(bytes: original, file: path)
        // The writer alone reproduces Xcode's layout.
        #expect(file.bytes() == original)
        let (_, source, imported) = try Self.importedCatalog([path])
        let strings = LocKeyStrings(catalog: source)
        // Refused: exactly the keys with plurals or number formats.
        let incompatible = imported.filter { $0.hasPlural || $0.argumentTypes.contains(.number) }.count
        #expect(imported.count - strings.entries.count == incompatible)
        #expect(strings.errors.allSatisfy { $0.contains("error: [loc-key-incompatible]") })
        #expect(strings.entries.count > 50)
        let merged = try StringCatalogExport.merge(strings, into: file, sourceLocale: file.sourceLanguage)
        #expect(merged.bytes == original)
        #expect(merged.summary.unitsWritten == 0)
        #expect(merged.summary.unitsUnchanged > 500)
    }

    @Test(arguments: Corpus.cotEditorCatalogs)
    func oneChangedValueChangesOneLine(path: String) throws {
        let original = try Corpus.bytes(path)
        let file = try StringCatalog(bytes: original, file: path)
        let (_, source, _) = try Self.importedCatalog([path])
        var strings = LocKeyStrings(catalog: source)
        let index = try #require(strings.entries.firstIndex { $0.values["de"] != nil && $0.argumentNames.isEmpty })
        strings.entries[index].values["de"] = "Geändert \"neu\""
        strings.entries[index].messages["de"] = "Geändert \"neu\""
        let merged = try StringCatalogExport.merge(strings, into: file, sourceLocale: file.sourceLanguage)
        let before = String(decoding: original, as: UTF8.self).components(separatedBy: "\n")
        let after = String(decoding: merged.bytes, as: UTF8.self).components(separatedBy: "\n")
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.count == 1)
        #expect(changed.first?.1.hasSuffix("\"value\" : \"Geändert \\\"neu\\\"\"") == true)
    }

    @Test func exportedStringsParseWithFoundation() throws {
        let (_, source, _) = try Self.importedCatalog([Corpus.cotEditorCatalogs[0]])
        let strings = LocKeyStrings(catalog: source)
        let folder = try Corpus.temporaryFolder()
        var files = 0
        for locale in strings.locales {
            guard let text = StringsExport.file(strings, locale: locale) else { continue }
            let path = folder + "/\(locale).lproj/Localizable.strings"
            try FileManager.default.createDirectory(
                atPath: folder + "/\(locale).lproj",
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let read =
                try PropertyListSerialization.propertyList(
                    from: Data(contentsOf: URL(fileURLWithPath: path)),
                    format: nil
                ) as? [String: String]
            var intended: [String: String] = [:]
            for entry in strings.entries { intended[entry.appleKey] = entry.values[locale] }
            #expect(read == intended, "\(locale)")
            files += 1
        }
        #expect(files == strings.locales.count)
    }

    @Test func trickyCharactersSurviveTheStringsFile() throws {
        let folder = try Corpus.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/Templates", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/Locales", withIntermediateDirectories: true)
        try Data(
            """
            tricky:
              args:
                who: { type: string }
                what: { type: string }
              body: "{what} \\"quoted\\" by {who}: 100% back\\\\slash\\ttab ''apostrophe'' '{'braces'}' 😀"
              loc-keys:
                body: "TRICKY \\"KEY\\""

            """.utf8
        ).write(to: URL(fileURLWithPath: folder + "/Templates/t.yaml"))
        try Data("tricky:\n  body: \"{who} a dit {what} à 50 %\"\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/Locales/fr.yaml")
        )
        let strings = LocKeyStrings(catalog: try CatalogSource.load(from: folder))
        #expect(strings.errors.isEmpty)
        let entry = try #require(strings.entries.first)
        #expect(entry.values["en"] == "%1$@ \"quoted\" by %2$@: 100%% back\\slash\ttab 'apostrophe' {braces} 😀")
        #expect(entry.values["fr"] == "%2$@ a dit %1$@ à 50 %%")
        for locale in ["en", "fr"] {
            let text = try #require(StringsExport.file(strings, locale: locale))
            let read =
                try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: String]
            #expect(read == ["TRICKY \"KEY\"": entry.values[locale]!])
        }
    }

    @Test func importExportImportGivesTheSameCatalog() throws {
        let path = Corpus.cotEditorCatalogs[1]
        let (folder, first, _) = try Self.importedCatalog([path])
        let before = try Self.files(folder)
        let strings = LocKeyStrings(catalog: first)
        let exported = try StringCatalogExport.merge(strings, into: nil, sourceLocale: first.settings.sourceLocale)
        let exportPath = try Corpus.temporaryFolder() + "/Exported.xcstrings"
        try Data(exported.bytes).write(to: URL(fileURLWithPath: exportPath))
        // The new file reads back, in Xcode's layout.
        #expect(try StringCatalog(bytes: exported.bytes, file: exportPath).bytes() == exported.bytes)
        let (_, second, _) = try Self.importedCatalog([exportPath], into: folder)
        #expect(try Self.files(folder) == before)
        #expect(second.templates == first.templates)
        #expect(second.locales == first.locales)
        // Exporting again into the exported file changes nothing.
        let again = try StringCatalogExport.merge(
            LocKeyStrings(catalog: second),
            into: StringCatalog(bytes: exported.bytes, file: exportPath),
            sourceLocale: "en"
        )
        #expect(again.bytes == exported.bytes)
    }

    static func files(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for sub in ["Templates", "Locales"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder + "/" + sub) {
                files[sub + "/" + name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + sub + "/" + name))
            }
        }
        return files
    }
}
