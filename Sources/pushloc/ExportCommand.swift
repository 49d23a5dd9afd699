import AppleFormats
import ArgumentParser
import Foundation
import PushLocalizer

/// `pushloc export`: the app's side of loc-key templates in Apple formats.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the strings of loc-key templates into Apple string files or Android resources.",
        subcommands: [ExportXCStrings.self, ExportStrings.self, ExportAndroid.self]
    )
}

/// `pushloc export xcstrings --merge-into FILE`.
struct ExportXCStrings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xcstrings",
        abstract: "Merge loc-key templates into a String Catalog (created if missing).",
        discussion: """
            Writes each loc-keys key as %1$@-style values in every catalog locale that translates it. \
            Units whose value already means the same message are left as they are; everything else in \
            the file keeps its bytes, in Xcode's layout and order. Refuses templates that loc-key mode \
            cannot express (lint rule loc-key-incompatible).
            """
    )

    @Option(name: .customLong("merge-into"), help: "The String Catalog to merge into.")
    var mergeInto: String

    @OptionGroup var catalog: CatalogOption

    func run() throws {
        let source = try catalog.loadSourceWhole()
        let strings = LocKeyStrings(catalog: source)
        guard strings.errors.isEmpty else { throw CommandFailure(lines: strings.errors, exitCode: 1) }
        var existing: StringCatalog?
        if let data = FileManager.default.contents(atPath: mergeInto) {
            do {
                existing = try StringCatalog(bytes: [UInt8](data), file: mergeInto)
            } catch {
                throw CommandFailure(lines: [error.description], exitCode: 2)
            }
        }
        let merged: (bytes: [UInt8], summary: StringCatalogExport.Summary)
        do {
            merged = try StringCatalogExport.merge(strings, into: existing, sourceLocale: source.settings.sourceLocale)
        } catch {
            throw CommandFailure(lines: error.lines, exitCode: 1)
        }
        if existing.map({ $0.originalBytes != merged.bytes }) ?? true {
            do {
                try Data(merged.bytes).write(to: URL(fileURLWithPath: mergeInto), options: .atomic)
            } catch {
                throw CommandFailure.usage("cannot write '\(mergeInto)': \(error.localizedDescription)")
            }
        }
        let summary = merged.summary
        Standard.error(
            "exported \(strings.entries.count) keys: \(summary.keysAdded) added, \(summary.unitsWritten) units written, \(summary.unitsUnchanged) unchanged"
        )
    }
}

/// `pushloc export strings --output DIR`.
struct ExportStrings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strings",
        abstract: "Write <tag>.lproj/<table>.strings for every catalog locale (loc-key templates).",
        discussion: "UTF-8 files of \"KEY\" = \"%1$@ …\"; lines. Refuses templates that loc-key mode cannot express."
    )

    @Option(help: "The folder to write the *.lproj folders into.")
    var output: String

    @Option(help: "The table name.")
    var table = "Localizable"

    @OptionGroup var catalog: CatalogOption

    func run() throws {
        let source = try catalog.loadSourceWhole()
        let strings = LocKeyStrings(catalog: source)
        guard strings.errors.isEmpty else { throw CommandFailure(lines: strings.errors, exitCode: 1) }
        var written = 0
        for locale in strings.locales {
            guard let text = StringsExport.file(strings, locale: locale) else { continue }
            let folder = (output as NSString).appendingPathComponent("\(locale).lproj")
            let path = (folder as NSString).appendingPathComponent("\(table).strings")
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CommandFailure.usage("cannot write '\(path)': \(error.localizedDescription)")
            }
            written += 1
        }
        Standard.error("exported \(strings.entries.count) keys into \(written) .strings files")
    }
}
