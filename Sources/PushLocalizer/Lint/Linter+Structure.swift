import ICUKit

extension Linter {
    /// `missing-translation`, `obsolete-key`, `duplicate-key`, `source-locale-file`, `locale-tag`.
    func checkStructure(into sink: inout DiagnosticSink) {
        let sourceLocale = source.settings.sourceLocale
        if let file = source.sourceLocaleFile {
            sink.report(
                .sourceLocaleFile,
                at: Self.startOfFile(file),
                locale: sourceLocale,
                key: nil,
                "\(file) translates the source locale '\(sourceLocale)', whose text lives in Templates/; "
                    + "the file is ignored"
            )
        }
        for duplicate in source.duplicateKeys {
            let what = duplicate.locale == nil ? "template key" : "key"
            sink.report(
                .duplicateKey,
                at: duplicate.second,
                locale: duplicate.locale ?? nil,
                key: duplicate.key,
                "\(what) '\(duplicate.key)' is already defined at \(duplicate.first); this definition "
                    + "is ignored"
            )
        }
        // Each template's fields, worked out once rather than per locale file (a template is a
        // large value to copy out of a collection).
        let templateFields = source.templates.map { template in
            (key: template.key, fields: MessageField.allCases.filter { template.messages[$0] != nil })
        }
        let fieldsByKey = templatesByKey.mapValues { template in
            MessageField.allCases.filter { template.messages[$0] != nil }
        }
        for file in source.locales {
            if !LanguageTagSyntax.isValid(file.tag) {
                sink.report(
                    .localeTag,
                    at: Self.startOfFile(file.file),
                    locale: file.tag,
                    key: nil,
                    "'\(file.tag)' is not a valid BCP 47 language tag (e.g. pt-BR, zh-Hant, es-419)"
                )
            }
            checkKeys(of: file, fieldsByKey: fieldsByKey, into: &sink)
            if !isSameLanguageAsSource(file.tag) {
                checkMissingTranslations(in: file, templateFields: templateFields, into: &sink)
            }
        }
    }

    /// The first character of a file, for findings about the file as a whole.
    static func startOfFile(_ file: String) -> CatalogFileLocation {
        CatalogFileLocation(file: file, line: 1, column: 1)
    }

    /// Whether a locale is a variant of the source language (en-GB for source en): such files
    /// are partial by design, every message they leave out falls back to the source text.
    func isSameLanguageAsSource(_ tag: String) -> Bool {
        func language(of tag: String) -> Substring? {
            LocaleTags.canonicalize(tag).flatMap { $0.split(separator: "-").first }
        }
        guard let fileLanguage = language(of: tag) else { return false }
        return fileLanguage == language(of: source.settings.sourceLocale)
    }

    private func checkKeys(
        of file: LocaleFile,
        fieldsByKey: [String: [MessageField]],
        into sink: inout DiagnosticSink
    ) {
        for key in file.keyOrder {
            guard let translation = file.translations[key] else { continue }
            guard let templateFields = fieldsByKey[key] else {
                sink.report(
                    .obsoleteKey,
                    at: translation.location,
                    locale: file.tag,
                    key: key,
                    "'\(key)' is not a template key; the translation is never used"
                )
                continue
            }
            for field in MessageField.allCases where !templateFields.contains(field) {
                guard let text = translation.messages[field] else { continue }
                sink.report(
                    .obsoleteKey,
                    at: text.location,
                    locale: file.tag,
                    key: key,
                    "template '\(key)' has no \(field.rawValue); this translation is never used"
                )
            }
        }
    }

    private func checkMissingTranslations(
        in file: LocaleFile,
        templateFields: [(key: String, fields: [MessageField])],
        into sink: inout DiagnosticSink
    ) {
        for template in templateFields {
            let fields = template.fields
            guard let translation = file.translations[template.key] else {
                sink.report(
                    .missingTranslation,
                    at: Self.startOfFile(file.file),
                    locale: file.tag,
                    key: template.key,
                    "'\(template.key)' is not translated into \(file.tag)"
                )
                continue
            }
            for field in fields {
                if let text = translation.messages[field] {
                    guard text.text.isEmpty else { continue }
                    sink.report(
                        .missingTranslation,
                        at: text.location,
                        locale: file.tag,
                        key: template.key,
                        "the \(field.rawValue) of '\(template.key)' is empty in \(file.tag)"
                    )
                } else {
                    sink.report(
                        .missingTranslation,
                        at: translation.location,
                        locale: file.tag,
                        key: template.key,
                        "the \(field.rawValue) of '\(template.key)' is not translated into \(file.tag)"
                    )
                }
            }
        }
    }
}
