/// How completely each locale translates a catalog: `pushloc coverage`.
///
/// A field (title, subtitle, body of a template that has it in the source) counts as
/// translated when the locale file gives it non-empty text; otherwise it is missing and falls
/// back along the user's locale chain. A translated field whose text equals the source's is also counted as
/// identical (lint's `untranslated`), so `translated + missing = fields`. A template is
/// complete when all its fields are translated, missing when none is, partial otherwise.
/// Translations of keys or fields the templates do not have are not counted.
public struct TranslationCoverage: Sendable, Hashable {
    /// The source locale, which has every field.
    public var sourceLocale: String
    /// How many templates the catalog has.
    public var templateCount: Int
    /// How many fields they have in all.
    public var fieldCount: Int
    /// One row per locale file, sorted by tag (the source locale is not listed).
    public var locales: [LocaleCoverage]

    /// Counts coverage for a loaded catalog.
    public init(source: CatalogSource) {
        sourceLocale = source.settings.sourceLocale
        templateCount = source.templates.count
        fieldCount = source.templates.reduce(0) { $0 + $1.messages.count }
        locales = source.locales.map { LocaleCoverage(file: $0, templates: source.templates) }
    }
}

/// One locale's row of ``TranslationCoverage``.
public struct LocaleCoverage: Sendable, Hashable {
    /// The locale tag, as the file is named.
    public var locale: String
    /// Templates with every field translated.
    public var completeTemplates = 0
    /// Templates with some but not all fields translated.
    public var partialTemplates = 0
    /// Templates with no field translated.
    public var missingTemplates = 0
    /// Fields translated (identical ones included).
    public var translatedFields = 0
    /// Fields not translated.
    public var missingFields = 0
    /// Translated fields whose text equals the source text.
    public var identicalFields = 0
    /// The templates this locale does not translate completely, in catalog order, each with its
    /// missing fields: what `pushloc coverage --missing` lists.
    public var missing: [MissingTranslation] = []

    /// Translated fields per thousand fields, rounded half up (nil when the catalog has no field).
    public var permille: Int? {
        let total = translatedFields + missingFields
        guard total > 0 else { return nil }
        return (translatedFields * 1000 * 2 + total) / (total * 2)
    }

    /// `100.0%`, `12.0%`; `-` when the catalog has no field.
    public var percentText: String {
        guard let permille else { return "-" }
        return "\(permille / 10).\(permille % 10)%"
    }

    /// Counts one locale file against the templates.
    public init(file: LocaleFile, templates: [Template]) {
        locale = file.tag
        for template in templates {
            let translation = file.translations[template.key]
            var translated = 0
            var missingHere: [MessageField] = []
            for field in MessageField.allCases {
                guard let sourceText = template.messages[field] else { continue }
                guard let text = translation?.messages[field]?.text, !text.isEmpty else {
                    missingFields += 1
                    missingHere.append(field)
                    continue
                }
                translated += 1
                if text == sourceText.text { identicalFields += 1 }
            }
            translatedFields += translated
            if !missingHere.isEmpty { missing.append(MissingTranslation(key: template.key, fields: missingHere)) }
            if translated == template.messages.count {
                completeTemplates += 1
            } else if translated == 0 {
                missingTemplates += 1
            } else {
                partialTemplates += 1
            }
        }
    }
}

/// A template that one locale does not translate completely.
public struct MissingTranslation: Sendable, Hashable {
    /// The template key.
    public var key: String
    /// The fields without a translation, in payload order (title, subtitle, body).
    public var fields: [MessageField]
}
