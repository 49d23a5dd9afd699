import Foundation
import PushLocalizer

/// One file an import writes.
public struct FileChange: Sendable, Hashable {
    /// The path relative to the catalog root.
    public var path: String
    /// The new contents.
    public var contents: String
    /// Whether the file is new.
    public var isNew: Bool
}

/// Where imported strings go in a catalog: `Templates/imported.yaml` (created or merged by key),
/// existing templates whose `loc-keys` name the Apple key, and `Locales/<tag>.yaml`.
public struct CatalogImportPlan: Sendable {
    /// The file that new templates go to.
    public static let importedTemplates = "Templates/imported.yaml"

    /// The files to write.
    public var changes: [FileChange]

    /// Plans the import of `strings` into the catalog at `root`.
    /// - Parameters:
    ///   - strings: the converted keys.
    ///   - sourceLocale: the locale of the strings' source text.
    ///   - root: the catalog root (created if missing).
    ///   - report: receives warnings.
    /// - Throws: `AppleImportError` when the existing catalog cannot be loaded or has another
    ///   source locale.
    public init(
        strings: [ImportedString],
        sourceLocale: String,
        root: String,
        report: inout ImportReport
    ) throws(AppleImportError) {
        let manager = FileManager.default
        let rootURL = URL(fileURLWithPath: root)
        let hasCatalog = manager.fileExists(atPath: rootURL.appendingPathComponent("Templates").path)
        var existing: CatalogSource?
        if hasCatalog {
            do {
                existing = try CatalogSource.load(from: root)
            } catch {
                throw AppleImportError(lines: error.errors.map(\.description))
            }
        }
        var changes: [FileChange] = []
        let catalogSource = existing?.settings.sourceLocale ?? "en"
        if let existing, existing.settings.sourceLocale != sourceLocale {
            throw AppleImportError(lines: [
                "error: the strings' source locale is '\(sourceLocale)' but the catalog's is '\(existing.settings.sourceLocale)'"
            ])
        }
        let settingsPath = rootURL.appendingPathComponent("pushloc.yaml").path
        if existing == nil, catalogSource != sourceLocale, !manager.fileExists(atPath: settingsPath) {
            changes.append(FileChange(path: "pushloc.yaml", contents: "source-locale: \(sourceLocale)\n", isNew: true))
        }

        // Existing templates that name an Apple key in loc-keys.
        var byAppleKey: [String: (template: Template, field: MessageField)] = [:]
        var usedKeys = Set(existing?.templates.map(\.key) ?? [])
        for template in existing?.templates ?? [] {
            for field in MessageField.allCases {
                if let key = template.locKeys[field], byAppleKey[key] == nil { byAppleKey[key] = (template, field) }
            }
        }

        var templatesDocument = YAMLBlockDocument(text: Self.read(rootURL, Self.importedTemplates) ?? "")
        let templatesExisted = Self.read(rootURL, Self.importedTemplates) != nil
        var localeDocuments: [String: YAMLBlockDocument] = [:]
        var localeExisted: [String: Bool] = [:]
        let translations = Dictionary(
            (existing?.locales ?? []).map { ($0.tag, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        var templatesChanged = false

        for string in strings {
            let templateKey: String
            let field: MessageField
            if let (template, matched) = byAppleKey[string.appleKey] {
                templateKey = template.key
                field = matched
                if template.location.file != Self.importedTemplates {
                    if template.messages[field]?.text != string.messages[sourceLocale] {
                        report.warnings.append(
                            "'\(string.appleKey)': template '\(template.key)' in \(template.location.file) kept; its \(field.rawValue) differs from the imported source text"
                        )
                    }
                } else {
                    templatesDocument.set(
                        templateKey,
                        block: Self.templateBlock(templateKey, string, sourceLocale: sourceLocale, keeping: template)
                    )
                    templatesChanged = true
                }
            } else {
                templateKey = Self.uniqueKey(for: string.appleKey, used: &usedKeys)
                field = .body
                templatesDocument.set(
                    templateKey,
                    block: Self.templateBlock(templateKey, string, sourceLocale: sourceLocale, keeping: nil)
                )
                templatesChanged = true
                byAppleKey[string.appleKey] = (
                    Template(
                        key: templateKey,
                        messages: [:],
                        location: CatalogFileLocation(file: Self.importedTemplates, line: 0, column: 0)
                    ), .body
                )
            }
            for (locale, message) in string.messages.sorted(by: { $0.key < $1.key }) where locale != sourceLocale {
                let path = "Locales/\(locale).yaml"
                if localeDocuments[locale] == nil {
                    let text = Self.read(rootURL, path)
                    localeExisted[locale] = text != nil
                    localeDocuments[locale] = YAMLBlockDocument(text: text ?? "")
                }
                var fields: [(MessageField, String)] = []
                let previous = translations[locale]?.translations[templateKey]
                for other in MessageField.allCases {
                    if other == field {
                        fields.append((other, message))
                    } else if let kept = previous?.messages[other] {
                        fields.append((other, kept.text))
                    }
                }
                localeDocuments[locale]?.set(
                    templateKey,
                    block: ["\(templateKey):"] + fields.map { "  \($0.0.rawValue): \(YAMLText.quoted($0.1))" }
                )
            }
        }
        if templatesChanged {
            changes.append(
                FileChange(
                    path: Self.importedTemplates,
                    contents: Self.header(
                        templatesDocument,
                        "# Templates imported from Apple string files by pushloc import.\n"
                    ),
                    isNew: !templatesExisted
                )
            )
        }
        for (locale, document) in localeDocuments.sorted(by: { $0.key < $1.key }) {
            changes.append(
                FileChange(
                    path: "Locales/\(locale).yaml",
                    contents: Self.header(
                        document,
                        "# \(locale): translations imported from Apple string files by pushloc import.\n"
                    ),
                    isNew: !(localeExisted[locale] ?? false)
                )
            )
        }
        self.changes = changes
    }

    private static func header(_ document: YAMLBlockDocument, _ comment: String) -> String {
        let text = document.text
        return text.hasPrefix("#") ? text : comment + "\n" + text
    }

    private static func read(_ root: URL, _ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A valid template key from an Apple key: characters other than letters, digits, `.`, `_`
    /// and `-` become `_`; a number is appended when the key is taken.
    static func uniqueKey(for appleKey: String, used: inout Set<String>) -> String {
        var base = ""
        for scalar in appleKey.unicodeScalars {
            let allowed =
                scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "._-".unicodeScalars.contains(scalar))
            if allowed {
                base.unicodeScalars.append(scalar)
            } else if !base.hasSuffix("_") {
                base += "_"
            }
        }
        while base.hasPrefix("_") { base.removeFirst() }
        while base.hasSuffix("_") { base.removeLast() }
        if base.count > 80 { base = String(base.prefix(80)) }
        if base.isEmpty { base = "key" }
        var candidate = base
        var number = 2
        while used.contains(candidate) {
            candidate = "\(base)_\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    private static func templateBlock(
        _ key: String,
        _ string: ImportedString,
        sourceLocale: String,
        keeping: Template?
    ) -> [String] {
        var lines = ["\(key):"]
        if let comment = string.comment ?? keeping?.description {
            lines.append("  description: \(YAMLText.quoted(comment))")
        }
        if !string.argumentNames.isEmpty {
            lines.append("  args:")
            for (name, type) in zip(string.argumentNames, string.argumentTypes) {
                lines.append("    \(name): { type: \(type.rawValue) }")
            }
        }
        lines.append("  body: \(YAMLText.quoted(string.messages[sourceLocale] ?? ""))")
        lines.append("  loc-keys:")
        lines.append("    body: \(YAMLText.quoted(string.appleKey))")
        return lines
    }
}

/// An import or export that cannot go ahead, as lines for standard error.
public struct AppleImportError: Error, Sendable, Hashable {
    /// Complete lines (`error: …` or `file:line:column: error: …`).
    public var lines: [String]

    /// Creates an error.
    public init(lines: [String]) { self.lines = lines }
}
