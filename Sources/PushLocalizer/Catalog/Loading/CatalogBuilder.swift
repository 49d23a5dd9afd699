import Foundation

/// Turns the text of a catalog's files into a ``CatalogSource``, collecting every error.
struct CatalogBuilder {
    private var errors: [CatalogError]
    private var duplicateKeys: [DuplicateKey] = []

    /// What one template or locale file yields.
    private enum FileContent {
        /// The file is not valid YAML.
        case unreadable(CatalogError)
        case templates([Template], errors: [CatalogError])
        case translations(IndexedTranslations, errors: [CatalogError])
    }

    /// A locale file's translations by key (the first of a repeated key kept), indexed on the
    /// thread that read the file.
    private struct IndexedTranslations {
        var byKey: [String: Translation] = [:]
        /// The keys in file order, each once.
        var order: [String] = []
        /// Each repeated key, with the first and the repeated definition, in file order.
        var repeats: [(key: String, first: CatalogFileLocation, second: CatalogFileLocation)] = []

        init(_ translations: [Translation]) {
            byKey.reserveCapacity(translations.count)
            order.reserveCapacity(translations.count)
            for translation in translations {
                if let first = byKey[translation.key] {
                    repeats.append((translation.key, first.location, translation.location))
                    continue
                }
                byKey[translation.key] = translation
                order.append(translation.key)
            }
        }
    }

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
        let settings = files[CatalogDirectory.settingsFile].map { builder.readSettings($0) } ?? CatalogSettings()
        // Composing YAML and reading the nodes is most of the loading time, and each file is read
        // on its own: every core reads whole files (each file's nodes are freed on the thread that
        // made them); the results are then merged in path order, as a serial read would.
        let templateFiles = Self.files(in: CatalogDirectory.templatesFolder, of: files)
        let localeFiles = Self.files(in: CatalogDirectory.localesFolder, of: files)
        let jobs = templateFiles.map { ($0.path, $0.text, true) } + localeFiles.map { ($0.path, $0.text, false) }
        let contents = jobs.parallelMap { path, text, isTemplate in
            Self.read(path: path, text: text, asTemplates: isTemplate)
        }
        let templates = builder.mergeTemplates(contents[..<templateFiles.count])
        builder.checkNotEmpty(templates, templateFiles: templateFiles.map(\.path))
        let (locales, sourceLocaleFile) = builder.mergeLocales(
            zip(localeFiles, contents[templateFiles.count...]).map { ($0.path, $0.name, $1) },
            sourceLocale: settings.sourceLocale
        )
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

    /// libyaml skips a byte-order mark without counting a column; drop it so the kept text agrees.
    private static func withoutByteOrderMark(_ text: String) -> String {
        text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
    }

    /// Composes and reads one template or locale file (safe to run on any thread).
    private static func read(path: String, text: String, asTemplates: Bool) -> FileContent {
        switch YAMLFile.compose(path: path, text: Self.withoutByteOrderMark(text)) {
        case .failure(let error):
            return .unreadable(error)
        case .success(let file):
            if asTemplates {
                var reader = TemplateReader(reader: NodeReader(file: file))
                let templates = reader.readTemplates()
                return .templates(templates, errors: reader.reader.errors)
            }
            var reader = LocaleReader(reader: NodeReader(file: file))
            let translations = reader.readTranslations()
            return .translations(IndexedTranslations(translations), errors: reader.reader.errors)
        }
    }

    private mutating func readSettings(_ text: String) -> CatalogSettings {
        let path = CatalogDirectory.settingsFile
        switch YAMLFile.compose(path: path, text: Self.withoutByteOrderMark(text)) {
        case .failure(let error):
            errors.append(error)
            return CatalogSettings()
        case .success(let file):
            var reader = SettingsReader(reader: NodeReader(file: file))
            let settings = reader.readSettings()
            errors += reader.reader.errors
            return settings
        }
    }

    /// A catalog without templates is almost always a catalog pointed at the wrong folder: it is
    /// an error, so that lint in CI fails instead of passing on nothing. Not said when the
    /// templates folder is missing or a template file failed already (that error says enough).
    private mutating func checkNotEmpty(_ templates: [Template], templateFiles: [String]) {
        let folder = CatalogDirectory.templatesFolder + "/"
        guard templates.isEmpty,
            !errors.contains(where: {
                $0.location?.file.hasPrefix(folder) ?? ($0.code == CatalogError.Code.missingDirectory)
            })
        else { return }
        let place = templateFiles.first ?? folder
        let found = templateFiles.isEmpty ? "no .yaml files" : "\(templateFiles.count) file(s) but no template"
        errors.append(
            CatalogError(
                location: CatalogFileLocation(file: place, line: 1, column: 1),
                code: CatalogError.Code.emptyCatalog,
                message: "the catalog has no templates: \(folder) holds \(found) (is --catalog the right folder?)"
            )
        )
    }

    /// Keeps the first definition of each template key, in file order.
    private mutating func mergeTemplates(_ contents: ArraySlice<FileContent>) -> [Template] {
        var templates: [String: Template] = [:]
        for content in contents {
            switch content {
            case .unreadable(let error):
                errors.append(error)
            case .templates(let read, let problems):
                for template in read {
                    if let first = templates[template.key] {
                        duplicateKeys.append(
                            DuplicateKey(
                                key: template.key,
                                locale: nil,
                                first: first.location,
                                second: template.location
                            )
                        )
                    } else {
                        templates[template.key] = template
                    }
                }
                errors += problems
            case .translations:
                continue
            }
        }
        return Array(templates.values)
    }

    private mutating func mergeLocales(
        _ contents: [(path: String, name: String, content: FileContent)],
        sourceLocale: String
    )
        -> (locales: [LocaleFile], sourceLocaleFile: String?)
    {
        var locales: [String: LocaleFile] = [:]
        var sourceLocaleFile: String?
        var pathsByTag: [String: String] = [:]
        for (path, name, content) in contents {
            let tag = String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
            let translations: IndexedTranslations
            switch content {
            case .unreadable(let error):
                errors.append(error)
                continue
            case .translations(let read, let problems):
                translations = read
                errors += problems
            case .templates:
                continue
            }
            // `PL.yaml` and `pl.yaml` name one locale (tags ignore case and `_` versus `-`): both
            // kept, content payloads would carry the locale twice.
            let sameTag = Self.normalizedTag(tag)
            if let other = pathsByTag[sameTag] {
                let otherName = other.dropFirst(CatalogDirectory.localesFolder.count + 1)
                let otherTag = otherName[..<(otherName.lastIndex(of: ".") ?? otherName.endIndex)]
                let spelling =
                    otherTag == tag ? "" : " (tags ignore case and '_' versus '-'); keep one of the two files"
                errors.append(
                    CatalogError(
                        location: CatalogFileLocation(file: path, line: 1, column: 1),
                        code: CatalogError.Code.duplicateLocale,
                        message: "locale '\(tag)' is already defined by \(other)\(spelling)"
                    )
                )
                continue
            }
            pathsByTag[sameTag] = path
            let localeFile = makeLocaleFile(tag: tag, path: path, translations: translations)
            if Self.sameLocale(tag, sourceLocale) {
                sourceLocaleFile = sourceLocaleFile ?? path
            } else {
                locales[tag] = localeFile
            }
        }
        return (Array(locales.values), sourceLocaleFile)
    }

    private mutating func makeLocaleFile(tag: String, path: String, translations: IndexedTranslations) -> LocaleFile {
        for (key, first, second) in translations.repeats {
            duplicateKeys.append(DuplicateKey(key: key, locale: tag, first: first, second: second))
        }
        return LocaleFile(tag: tag, file: path, translations: translations.byKey, keyOrder: translations.order)
    }

    /// `en`, `EN` and `en.yaml` name the source locale `en`; `en-GB` does not. Tags are compared
    /// ignoring case and `_` versus `-`, as BCP 47 does.
    private static func sameLocale(_ tag: String, _ sourceLocale: String) -> Bool {
        normalizedTag(tag) == normalizedTag(sourceLocale)
    }

    private static func normalizedTag(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
