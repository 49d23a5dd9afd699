/// A catalog as written: settings, templates and locale files, validated but not yet compiled.
///
/// ``load(from:)`` fails only on problems that make the catalog unusable: invalid YAML, a wrong
/// structure, unknown fields and invalid values. Softer findings, which lint reports under its
/// own rules, are recorded instead:
/// - ``duplicateKeys``: a template key defined twice (in one file or across files) or a key
///   repeated in a locale file; the first definition is kept (`duplicate-key`);
/// - ``sourceLocaleFile``: a `Locales/<source-locale>.yaml` that should not exist; it is
///   validated but left out of ``locales`` (`source-locale-file`);
/// - locale file names are kept as written in ``LocaleFile/tag`` (`locale-tag`);
/// - translation keys without a template are kept (`obsolete-key`).
///
/// A field repeated inside one template, translation or setting map is an error, not a
/// duplicate key.
public struct CatalogSource: Sendable, Hashable {
    /// The catalog root directory as given.
    public var root: String
    /// `pushloc.yaml`, or the defaults.
    public var settings: CatalogSettings
    /// The templates, sorted by key.
    public var templates: [Template]
    /// The locale files, sorted by tag (the source locale's file excluded).
    public var locales: [LocaleFile]
    /// Keys defined more than once, in the order of their second definition.
    public var duplicateKeys: [DuplicateKey]
    /// The path of `Locales/<source-locale>.yaml` when it exists (lint rule `source-locale-file`).
    public var sourceLocaleFile: String?
    /// Locale files left out because they have errors, when loaded with
    /// ``CatalogLoadOptions/BrokenLocales/leaveOut`` (otherwise always empty).
    public var brokenLocales: [BrokenLocale] = []

    /// Creates a catalog from its parts.
    /// - Parameters:
    ///   - root: the root directory.
    ///   - settings: the settings.
    ///   - templates: the templates (sorted by key here).
    ///   - locales: the locale files (sorted by tag here).
    ///   - duplicateKeys: keys defined more than once.
    ///   - sourceLocaleFile: the source locale's own file, if present.
    public init(
        root: String,
        settings: CatalogSettings = CatalogSettings(),
        templates: [Template],
        locales: [LocaleFile] = [],
        duplicateKeys: [DuplicateKey] = [],
        sourceLocaleFile: String? = nil
    ) {
        self.root = root
        self.settings = settings
        self.templates = templates.sorted { $0.key < $1.key }
        self.locales = locales.sorted { $0.tag < $1.tag }
        self.duplicateKeys = duplicateKeys
        self.sourceLocaleFile = sourceLocaleFile
    }

    /// Loads the catalog in `root`: `Templates/*.yaml|yml`, `Locales/*.yaml|yml` (both folders
    /// required) and the optional `pushloc.yaml`.
    /// - Parameter root: the catalog root directory.
    /// - Returns: the validated catalog.
    /// - Throws: every problem found in every file, sorted by file and position.
    public static func load(from root: String) throws(CatalogLoadError) -> CatalogSource {
        let directory = CatalogDirectory.read(root: root)
        return try CatalogBuilder.build(root: root, files: directory.files, errors: directory.errors)
    }

    /// Reads the catalog in `root` as far as it can be read, with every problem found: what
    /// `pushloc lint` needs, since it reports problems and keeps checking the rest. Parts with
    /// invalid values are left out of the returned source; problems are sorted by file and position.
    /// - Parameter root: a directory holding `Templates/` and `Locales/`.
    public static func loadCollectingErrors(from root: String) -> (source: CatalogSource, errors: [CatalogError]) {
        let directory = CatalogDirectory.read(root: root)
        let (source, errors) = CatalogBuilder.buildCollectingErrors(
            root: root,
            files: directory.files,
            errors: directory.errors
        )
        return (source, errors.sorted())
    }

    /// Builds a catalog from file contents held in memory (for tests and embedding).
    /// - Parameters:
    ///   - files: file text by path relative to the root: `pushloc.yaml`, `Templates/<name>.yaml`,
    ///     `Locales/<tag>.yaml` (`.yml` also); other paths are ignored.
    ///   - root: the root to record.
    /// - Returns: the validated catalog.
    /// - Throws: every problem found, sorted by file and position.
    public static func parse(files: [String: String], root: String = ".") throws(CatalogLoadError) -> CatalogSource {
        try CatalogBuilder.build(root: root, files: files, errors: [])
    }

    /// The template with `key`, if any.
    /// - Parameter key: a template key.
    /// - Returns: the template.
    public func template(forKey key: String) -> Template? {
        templates.first { $0.key == key }
    }

    /// The locale file whose tag is `tag` exactly, if any.
    /// - Parameter tag: a tag as written in a file name.
    /// - Returns: the locale file.
    public func localeFile(forTag tag: String) -> LocaleFile? {
        locales.first { $0.tag == tag }
    }
}
