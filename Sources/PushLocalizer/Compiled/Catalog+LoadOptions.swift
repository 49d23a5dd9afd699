extension CatalogSource {
    /// Loads the catalog in `root` with `options`: with ``CatalogLoadOptions/BrokenLocales/leaveOut``,
    /// locale files with errors are left out and listed in ``brokenLocales``.
    /// - Parameters:
    ///   - root: the catalog root directory.
    ///   - options: how to treat broken locale files.
    /// - Returns: the validated catalog.
    /// - Throws: every problem found, when the catalog cannot be loaded under `options`.
    public static func load(from root: String, options: CatalogLoadOptions) throws(CatalogLoadError) -> CatalogSource {
        guard options.brokenLocales == .leaveOut else { return try load(from: root) }
        var (source, errors) = loadCollectingErrors(from: root)
        let (broken, others) = BrokenLocale.split(errors)
        guard others.isEmpty else { throw CatalogLoadError(errors: errors) }
        source.leaveOut(broken)
        return source
    }

    /// Takes `broken` locale files out of ``locales`` and records them.
    mutating func leaveOut(_ broken: [BrokenLocale]) {
        guard !broken.isEmpty else { return }
        let files = Set(broken.map(\.file))
        locales.removeAll { files.contains($0.file) }
        brokenLocales = (brokenLocales + broken).sorted { $0.file < $1.file }
    }
}

extension Catalog {
    /// Loads and compiles the catalog in `root` with `options`: with
    /// ``CatalogLoadOptions/BrokenLocales/leaveOut``, a locale file that does not load, or whose
    /// messages do not compile, is left out and listed in ``CatalogSource/brokenLocales``.
    /// - Parameters:
    ///   - root: a directory holding `Templates/` and `Locales/`.
    ///   - options: how to treat broken locale files.
    /// - Returns: the compiled catalog.
    /// - Throws: `CatalogLoadError` listing every problem that stops the load under `options`.
    public static func load(from root: String, options: CatalogLoadOptions) throws(CatalogLoadError) -> Catalog {
        var source = try CatalogSource.load(from: root, options: options)
        do {
            return try Catalog(source: source)
        } catch  where options.brokenLocales == .leaveOut {
            let (broken, others) = BrokenLocale.split(error.errors)
            // A load that fails lists every problem, the locale files' ones too.
            guard others.isEmpty else {
                throw CatalogLoadError(errors: error.errors + source.brokenLocales.flatMap(\.errors))
            }
            source.leaveOut(broken)
            return try Catalog(source: source)
        }
    }
}
