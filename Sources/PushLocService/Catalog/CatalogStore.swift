import Foundation

/// The catalog in service, swapped whole: a request takes the current one once and keeps it,
/// so no request ever sees half of one catalog and half of another.
public final class CatalogStore: @unchecked Sendable {
    private let lock = NSLock()
    private var loaded: LoadedCatalog?

    /// The catalog directory.
    public let root: String

    /// Creates a store for the catalog in `root`, with nothing loaded yet.
    public init(root: String) {
        self.root = root
    }

    /// The catalog in service, nil until the first load.
    public var current: LoadedCatalog? {
        lock.withLock { loaded }
    }

    /// Puts `catalog` into service.
    func swap(to catalog: LoadedCatalog) {
        lock.withLock { loaded = catalog }
    }
}
