/// One template's translated messages in one locale file.
public struct Translation: Sendable, Hashable {
    /// The template key it translates.
    public var key: String
    /// The translated messages; a field left out (or left empty) falls back to the next locale of the
    /// user's chain.
    public var messages: [MessageField: SourceText]
    /// Where the key is written.
    public var location: CatalogFileLocation

    /// Creates a translation.
    /// - Parameters:
    ///   - key: the template key.
    ///   - messages: the translated messages.
    ///   - location: where the key is written.
    public init(key: String, messages: [MessageField: SourceText], location: CatalogFileLocation) {
        self.key = key
        self.messages = messages
        self.location = location
    }
}

/// One `Locales/<tag>.yaml` file.
public struct LocaleFile: Sendable, Hashable {
    /// The file name without its extension, as written (`pt-BR`, or even `pt_br`): validating it as
    /// a BCP 47 tag is lint's `locale-tag` rule, canonicalizing it is negotiation's job.
    public var tag: String
    /// The path relative to the catalog root (`Locales/pt-BR.yaml`).
    public var file: String
    /// The translations by template key. Keys need not match a template (lint: `obsolete-key`).
    public var translations: [String: Translation]
    /// The keys in file order.
    public var keyOrder: [String]

    /// Creates a locale file.
    /// - Parameters:
    ///   - tag: the tag as written in the file name.
    ///   - file: the path relative to the catalog root.
    ///   - translations: the translations by key.
    ///   - keyOrder: the keys in file order.
    public init(tag: String, file: String, translations: [String: Translation], keyOrder: [String]) {
        self.tag = tag
        self.file = file
        self.translations = translations
        self.keyOrder = keyOrder
    }
}

/// A template key (or a key of one locale file) defined more than once; the first one is kept.
public struct DuplicateKey: Sendable, Hashable {
    /// The key.
    public var key: String
    /// The locale file's tag, or nil for template keys (which may repeat across template files).
    public var locale: String?
    /// The definition that is kept.
    public var first: CatalogFileLocation
    /// The definition that is ignored.
    public var second: CatalogFileLocation

    /// Creates a record.
    /// - Parameters:
    ///   - key: the key.
    ///   - locale: the locale file's tag, nil for templates.
    ///   - first: the kept definition.
    ///   - second: the ignored definition.
    public init(key: String, locale: String?, first: CatalogFileLocation, second: CatalogFileLocation) {
        self.key = key
        self.locale = locale
        self.first = first
        self.second = second
    }
}
