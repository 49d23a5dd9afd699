/// Merges `loc-key` strings into a String Catalog, changing only what differs.
///
/// A unit whose value already means the same message (it imports to the same ICU text) is left
/// as it is, state and spelling included; a different one is replaced by the `%1$@`-style value
/// in state `translated`. A new key gets `extractionState: manual` and the template's description
/// as `comment`. Everything else in the file keeps its bytes, and the file is written in Xcode's
/// layout and member order.
public enum StringCatalogExport {
    /// What a merge changed.
    public struct Summary: Sendable, Hashable {
        /// Keys added.
        public var keysAdded = 0
        /// Units written (added or changed).
        public var unitsWritten = 0
        /// Units left as they were (same message).
        public var unitsUnchanged = 0
    }

    /// Xcode's order of keys and locales: case-insensitive, then by code point.
    static func xcodeOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.lowercased()
        let right = rhs.lowercased()
        return left != right ? left < right : lhs < rhs
    }

    /// Merges `strings` into `catalog` (nil: a new catalog).
    /// - Returns: the new document's bytes and what changed.
    /// - Throws: `AppleImportError` when the catalog's source language differs from the catalog's.
    public static func merge(
        _ strings: LocKeyStrings,
        into catalog: StringCatalog?,
        sourceLocale: String
    ) throws(AppleImportError) -> (bytes: [UInt8], summary: Summary) {
        if let catalog, catalog.sourceLanguage != sourceLocale {
            throw AppleImportError(lines: [
                "error: the String Catalog's source language is '\(catalog.sourceLanguage)' but the catalog's is '\(sourceLocale)'"
            ])
        }
        var document =
            catalog?.document
            ?? .object([
                .init(key: "sourceLanguage", value: .text(sourceLocale)),
                .init(key: "strings", value: .object([])),
                .init(key: "version", value: .text("1.0")),
            ])
        var stringsNode = document["strings"] ?? .object([])
        var summary = Summary()
        let existingEntries = Dictionary(
            (catalog?.entries ?? []).map { ($0.key, $0) },
            uniquingKeysWith: { _, last in last }
        )
        for entry in strings.entries {
            let names = entry.argumentNames
            let name: (Int) -> String = { $0 <= names.count ? names[$0 - 1] : "arg\($0)" }
            if var node = stringsNode[entry.appleKey], case .object = node {
                let existing = existingEntries[entry.appleKey]
                var localizations = node["localizations"] ?? .object([])
                var changed = false
                for locale in strings.locales {
                    guard let value = entry.values[locale], let message = entry.messages[locale] else { continue }
                    var current = existing?.localizations.first { $0.locale == locale }?.localization
                    if current == nil, locale == sourceLocale {
                        current = AppleLocalization(variant: .unit(value: entry.appleKey, state: nil))
                    }
                    if let current,
                        let converted = try? ICUConverter.convert(
                            current,
                            locale: locale,
                            pluralPosition: 1,
                            name: name
                        ),
                        converted.pattern == message
                    {
                        summary.unitsUnchanged += 1
                        continue
                    }
                    localizations.set(locale, unit(value), order: xcodeOrder)
                    summary.unitsWritten += 1
                    changed = true
                }
                if changed {
                    node.set("localizations", localizations, order: <)
                    if let comment = entry.comment, node["comment"]?.stringValue != comment {
                        node.set("comment", .text(comment), order: <)
                    }
                    stringsNode.set(entry.appleKey, node, order: xcodeOrder)
                }
            } else {
                var members: [OrderedJSON.Member] = []
                if let comment = entry.comment { members.append(.init(key: "comment", value: .text(comment))) }
                members.append(.init(key: "extractionState", value: .text("manual")))
                var localizations: OrderedJSON = .object([])
                for locale in strings.locales {
                    guard let value = entry.values[locale] else { continue }
                    localizations.set(locale, unit(value), order: xcodeOrder)
                    summary.unitsWritten += 1
                }
                members.append(.init(key: "localizations", value: localizations))
                stringsNode.set(entry.appleKey, .object(members), order: xcodeOrder)
                summary.keysAdded += 1
            }
        }
        document.set("strings", stringsNode, order: <)
        return (XcodeJSONWriter.write(document), summary)
    }

    private static func unit(_ value: String) -> OrderedJSON {
        .object([
            .init(
                key: "stringUnit",
                value: .object([
                    .init(key: "state", value: .text("translated")),
                    .init(key: "value", value: .text(value)),
                ])
            )
        ])
    }
}
