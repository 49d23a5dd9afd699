/// How a catalog is loaded.
public struct CatalogLoadOptions: Sendable, Hashable {
    /// What a locale file with errors (invalid YAML, a bad field, a message that does not compile)
    /// does to the load.
    public enum BrokenLocales: Sendable, Hashable {
        /// The whole load fails, listing every error (the default: nothing is left out unseen).
        case failLoad
        /// The broken locale is left out and listed in `brokenLocales`; the rest of the catalog
        /// loads. Users who ask for that locale get the next one they named, or the source locale,
        /// and the render report says their tag matched nothing. Errors outside `Locales/` still
        /// fail the load.
        case leaveOut
    }

    /// What a broken locale file does; ``BrokenLocales/failLoad`` by default.
    public var brokenLocales: BrokenLocales

    /// Creates options.
    /// - Parameter brokenLocales: what a locale file with errors does to the load.
    public init(brokenLocales: BrokenLocales = .failLoad) {
        self.brokenLocales = brokenLocales
    }
}
