import Foundation
import PushLocalizer

/// Reads String Catalogs and `*.lproj` trees and converts their keys.
public enum AppleImporter {
    /// Converts the keys of String Catalogs.
    /// - Parameters:
    ///   - files: `.xcstrings` paths.
    ///   - keys: only keys this pattern finds a match in.
    ///   - naming: argument names by Apple key.
    ///   - report: receives counts, skips and warnings.
    /// - Returns: the source locale and the converted keys (a key in two files: the last wins).
    /// - Throws: `AppleImportError` for an unreadable or invalid file, or files with different
    ///   source languages.
    public static func stringCatalogs(
        _ files: [String],
        keys: Regex<AnyRegexOutput>?,
        naming: ArgumentNaming,
        report: inout ImportReport
    ) throws(AppleImportError) -> (sourceLocale: String, strings: [ImportedString]) {
        var sourceLocale: String?
        var strings: [ImportedString] = []
        var index: [String: Int] = [:]
        for file in files {
            let catalog: StringCatalog
            let bytes = try readFile(file)
            do {
                catalog = try StringCatalog(bytes: bytes, file: file)
            } catch {
                throw AppleImportError(lines: [error.description])
            }
            if let sourceLocale, sourceLocale != catalog.sourceLanguage {
                throw AppleImportError(lines: [
                    "\(file):1:1: error: source language '\(catalog.sourceLanguage)' differs from '\(sourceLocale)' of the other files"
                ])
            }
            sourceLocale = catalog.sourceLanguage
            let importer = StringImporter(sourceLocale: catalog.sourceLanguage, naming: naming)
            for entry in catalog.entries {
                if let keys, (try? keys.firstMatch(in: entry.key)) == nil { continue }
                report.keysRead += 1
                guard entry.shouldTranslate else {
                    report.skipped.append(.init(key: entry.key, locale: nil, reason: "shouldTranslate is false"))
                    continue
                }
                guard
                    let string = importer.convert(
                        key: entry.key,
                        comment: entry.comment,
                        localizations: entry.localizations,
                        report: &report
                    )
                else { continue }
                add(string, to: &strings, index: &index, report: &report)
            }
        }
        return (sourceLocale ?? "en", strings)
    }

    /// Converts the keys of an `*.lproj` tree's `NAME.strings` and `NAME.stringsdict`.
    /// - Parameters:
    ///   - directory: the folder holding `*.lproj` folders.
    ///   - table: the table name (`Localizable`).
    ///   - sourceLocale: the locale whose values are the source text.
    ///   - naming: argument names by Apple key.
    ///   - report: receives counts, skips and warnings.
    /// - Returns: the converted keys, in the source file's order.
    /// - Throws: `AppleImportError` for an invalid file or a missing source locale.
    public static func stringsTree(
        _ directory: String,
        table: String,
        sourceLocale: String,
        naming: ArgumentNaming,
        report: inout ImportReport
    ) throws(AppleImportError) -> [ImportedString] {
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
            $0.hasSuffix(".lproj")
        }.sorted()
        var plain: [String: StringsFile] = [:]
        var plurals: [String: StringsDictFile] = [:]
        for folder in folders {
            let locale = String(folder.dropLast(".lproj".count)).replacingOccurrences(of: "_", with: "-")
            if locale == "Base" {
                report.warnings.append("\(folder) skipped: Base holds no locale's text")
                continue
            }
            let base = (directory as NSString).appendingPathComponent(folder)
            let stringsPath = (base as NSString).appendingPathComponent(table + ".strings")
            let dictPath = (base as NSString).appendingPathComponent(table + ".stringsdict")
            do {
                if FileManager.default.fileExists(atPath: stringsPath) {
                    let file = try StringsFile(bytes: try readFile(stringsPath), file: stringsPath)
                    report.warnings += file.warnings
                    plain[locale] = file
                }
                if FileManager.default.fileExists(atPath: dictPath) {
                    let file = try StringsDictFile(bytes: try readFile(dictPath), file: dictPath)
                    for problem in file.problems {
                        report.skipped.append(.init(key: problem.key, locale: locale, reason: problem.reason))
                    }
                    plurals[locale] = file
                }
            } catch let error as AppleFileError {
                throw AppleImportError(lines: [error.description])
            } catch {
                throw AppleImportError(lines: ["error: \(error)"])
            }
        }
        guard plain[sourceLocale] != nil || plurals[sourceLocale] != nil else {
            throw AppleImportError(lines: [
                "error: \(directory) has no \(sourceLocale).lproj/\(table).strings or .stringsdict for the source locale '\(sourceLocale)'"
            ])
        }
        var keys: [String] = plain[sourceLocale]?.pairs.map(\.key) ?? []
        var seen = Set(keys)
        for entry in plurals[sourceLocale]?.entries ?? [] where seen.insert(entry.key).inserted {
            keys.append(entry.key)
        }
        let locales = Set(plain.keys).union(plurals.keys).sorted()
        var orphans = Set<String>()
        for locale in locales where locale != sourceLocale {
            for key in (plain[locale]?.pairs.map(\.key) ?? []) + (plurals[locale]?.entries.map(\.key) ?? [])
            where !seen.contains(key) {
                orphans.insert(key)
            }
        }
        for key in orphans.sorted() {
            report.skipped.append(.init(key: key, locale: nil, reason: "not in the source locale '\(sourceLocale)'"))
        }
        let dictionaries = plain.mapValues(\.dictionary)
        let pluralEntries = plurals.mapValues {
            Dictionary($0.entries.map { ($0.key, $0.localization) }, uniquingKeysWith: { _, last in last })
        }
        let importer = StringImporter(sourceLocale: sourceLocale, naming: naming)
        var strings: [ImportedString] = []
        var index: [String: Int] = [:]
        for key in keys {
            report.keysRead += 1
            let sourceValue = dictionaries[sourceLocale]?[key]
            let isFormat =
                pluralEntries[sourceLocale]?[key] != nil || sourceValue.map(PrintfFormat.isFormatString) ?? false
            var localizations: [(locale: String, localization: AppleLocalization)] = []
            for locale in locales {
                if let localization = pluralEntries[locale]?[key] {
                    localizations.append((locale, localization))
                } else if let value = dictionaries[locale]?[key] {
                    let text = isFormat ? value : value.replacingOccurrences(of: "%", with: "%%")
                    localizations.append((locale, AppleLocalization(variant: .unit(value: text, state: nil))))
                }
            }
            guard let string = importer.convert(key: key, comment: nil, localizations: localizations, report: &report)
            else { continue }
            add(string, to: &strings, index: &index, report: &report)
        }
        return strings
    }

    private static func add(
        _ string: ImportedString,
        to strings: inout [ImportedString],
        index: inout [String: Int],
        report: inout ImportReport
    ) {
        if let position = index[string.appleKey] {
            report.warnings.append("'\(string.appleKey)' imported twice: the last one wins")
            strings[position] = string
        } else {
            index[string.appleKey] = strings.count
            strings.append(string)
            report.keysImported += 1
        }
    }

    static func readFile(_ path: String) throws(AppleImportError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AppleImportError(lines: ["error: cannot read '\(path)'"])
        }
        return [UInt8](data)
    }
}
