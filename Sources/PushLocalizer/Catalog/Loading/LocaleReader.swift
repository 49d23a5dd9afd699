/// Reads one `Locales/<tag>.yaml` file.
struct LocaleReader {
    var reader: NodeReader

    /// The file's translations in file order; repeated keys are all returned (the catalog keeps
    /// the first). Keys are not checked against templates here: that is lint's `obsolete-key`.
    mutating func readTranslations() -> [Translation] {
        guard let root = reader.file.root else { return [] }
        guard
            let entries = reader.entries(
                of: root,
                requirement: "a locale file must be a map of template key to messages"
            )
        else { return [] }
        var translations: [Translation] = []
        translations.reserveCapacity(entries.count)
        let known = MessageField.allCases.map(\.rawValue)
        for entry in entries {
            guard
                let fields = reader.fields(
                    of: entry.value,
                    known: known,
                    requirement: "translation '\(entry.key)' must be a map of title, subtitle and body",
                    naming: "translation field"
                )
            else { continue }
            var messages: [MessageField: SourceText] = [:]
            for field in MessageField.allCases {
                guard let node = fields[field.rawValue]?.value else { continue }
                if case .scalar = node {
                    // Left empty (`title:`), the field is untranslated and falls back.
                    messages[field] = reader.sourceText(of: node)
                } else {
                    reader.report(
                        CatalogError.Code.invalidValue,
                        "'\(field.rawValue)' must be a message string, found \(reader.describe(node))",
                        at: node
                    )
                }
            }
            translations.append(Translation(key: entry.key, messages: messages, location: entry.location))
        }
        return translations
    }
}
