import Foundation

/// Turns the text of a catalog's files into a ``CatalogSource``, collecting every error.
struct CatalogBuilder {
    private var errors: [CatalogError]
    /// Files composed ahead of reading, by path.
    private var composed: [String: Result<YAMLFile, CatalogError>] = [:]
    private var duplicateKeys: [DuplicateKey] = []

    static func build(
        root: String,
        files: [String: String],
        errors: [CatalogError]
    ) throws(CatalogLoadError)
        -> CatalogSource
    {
        let (source, problems) = buildCollectingErrors(root: root, files: files, errors: errors)
        guard problems.isEmpty else { throw CatalogLoadError(errors: problems) }
        return source
    }

    /// Builds what can be read, and lists every problem: lint reports the problems and still
    /// checks the rest (a bad value in one template must not hide every other finding).
    static func buildCollectingErrors(
        root: String,
        files: [String: String],
        errors: [CatalogError]
    ) -> (source: CatalogSource, errors: [CatalogError]) {
        var builder = CatalogBuilder(errors: errors)
        // Composing YAML is most of the loading time and each file composes on its own: do it on
        // every core first; the readers below then take the composed files in a fixed order.
        let paths = Array(files.keys)
        let composed = paths.parallelMap { path in
            YAMLFile.compose(path: path, text: Self.withoutByteOrderMark(files[path] ?? ""))
        }
        builder.composed = Dictionary(uniqueKeysWithValues: zip(paths, composed))
        let settings = files[CatalogDirectory.settingsFile].map { builder.readSettings($0) } ?? CatalogSettings()
        let templates = builder.readTemplates(files)
        let (locales, sourceLocaleFile) = builder.readLocales(files, sourceLocale: settings.sourceLocale)
        let source = CatalogSource(
            root: root,
            settings: settings,
            templates: templates,
            locales: locales,
            duplicateKeys: builder.duplicateKeys.sorted { $0.second < $1.second },
            sourceLocaleFile: sourceLocaleFile
        )
        return (source, builder.errors)
    }

    /// The files of `folder` (no subfolders) with their names, sorted by path.
    private static func files(
        in folder: String,
        of files: [String: String]
    ) -> [(path: String, name: String, text: String)] {
        files.compactMap { path, text in
            let prefix = folder + "/"
            guard path.hasPrefix(prefix) else { return nil }
            let name = String(path.dropFirst(prefix.count))
            guard !name.contains("/"), CatalogDirectory.isCatalogFile(name) else { return nil }
            return (path, name, text)
        }
        .sorted { $0.path < $1.path }
    }

    /// Composes a file, recording a syntax error; nil when it is not valid YAML.
    /// libyaml skips a byte-order mark without counting a column; drop it so the kept text agrees.
    private static func withoutByteOrderMark(_ text: String) -> String {
        text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
    }

    private mutating func compose(_ path: String, _ text: String) -> YAMLFile? {
        let result = composed[path] ?? YAMLFile.compose(path: path, text: Self.withoutByteOrderMark(text))
        switch result {
        case .success(let file): return file
        case .failure(let error):
            errors.append(error)
            return nil
        }
    }

    private mutating func readSettings(_ text: String) -> CatalogSettings {
        guard let file = compose(CatalogDirectory.settingsFile, text) else { return CatalogSettings() }
        var reader = SettingsReader(reader: NodeReader(file: file))
        let settings = reader.readSettings()
        errors += reader.reader.errors
        return settings
    }

    private mutating func readTemplates(_ files: [String: String]) -> [Template] {
        var templates: [String: Template] = [:]
        for (path, _, text) in Self.files(in: CatalogDirectory.templatesFolder, of: files) {
            guard let file = compose(path, text) else { continue }
            var reader = TemplateReader(reader: NodeReader(file: file))
            for template in reader.readTemplates() {
                if let first = templates[template.key] {
                    duplicateKeys.append(
                        DuplicateKey(key: template.key, locale: nil, first: first.location, second: template.location)
                    )
                } else {
                    templates[template.key] = template
                }
            }
            errors += reader.reader.errors
        }
        return Array(templates.values)
    }

    private mutating func readLocales(
        _ files: [String: String],
        sourceLocale: String
    )
        -> (locales: [LocaleFile], sourceLocaleFile: String?)
    {
        var locales: [String: LocaleFile] = [:]
        var sourceLocaleFile: String?
        var pathsByTag: [String: String] = [:]
        for (path, name, text) in Self.files(in: CatalogDirectory.localesFolder, of: files) {
            let tag = String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
            guard let file = compose(path, text) else { continue }
            var reader = LocaleReader(reader: NodeReader(file: file))
            let translations = reader.readTranslations()
            errors += reader.reader.errors
            if let other = pathsByTag[tag] {
                errors.append(
                    CatalogError(
                        location: CatalogFileLocation(file: path, line: 1, column: 1),
                        code: CatalogError.Code.duplicateLocale,
                        message: "locale '\(tag)' is already defined by \(other)"
                    )
                )
                continue
            }
            pathsByTag[tag] = path
            let localeFile = makeLocaleFile(tag: tag, path: path, translations: translations)
            if Self.sameLocale(tag, sourceLocale) {
                sourceLocaleFile = sourceLocaleFile ?? path
            } else {
                locales[tag] = localeFile
            }
        }
        return (Array(locales.values), sourceLocaleFile)
    }

    private mutating func makeLocaleFile(tag: String, path: String, translations: [Translation]) -> LocaleFile {
        var byKey: [String: Translation] = [:]
        var order: [String] = []
        for translation in translations {
            if let first = byKey[translation.key] {
                duplicateKeys.append(
                    DuplicateKey(key: translation.key, locale: tag, first: first.location, second: translation.location)
                )
                continue
            }
            byKey[translation.key] = translation
            order.append(translation.key)
        }
        return LocaleFile(tag: tag, file: path, translations: byKey, keyOrder: order)
    }

    /// `en`, `EN` and `en.yaml` name the source locale `en`; `en-GB` does not. Tags are compared
    /// ignoring case and `_` versus `-`, as BCP 47 does.
    private static func sameLocale(_ tag: String, _ sourceLocale: String) -> Bool {
        func normalized(_ text: String) -> String { text.lowercased().replacingOccurrences(of: "_", with: "-") }
        return normalized(tag) == normalized(sourceLocale)
    }
}
