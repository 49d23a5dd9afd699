import PushLocalizer

/// A catalog the service can serve from: compiled, with the content hash of its files.
public struct LoadedCatalog: Sendable {
    /// The compiled catalog.
    public let catalog: Catalog
    /// The content hash of the catalog's files (`x-catalog-version`).
    public let version: String
    /// Lint warnings found when it was loaded (errors keep a reloaded catalog out).
    public let lintWarnings: Int
    /// Lint errors found when it was loaded (only the first catalog may have any: it is served
    /// as `pushloc batch` would serve it).
    public let lintErrors: Int
}
