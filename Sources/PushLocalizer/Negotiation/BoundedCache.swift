import Foundation

/// A thread-safe memo with bounded memory: when it holds `capacity` entries it starts afresh, so
/// memory stays flat whatever the input and the worst case is merely the uncached cost. (`package`:
/// DisplayLayout keeps its text measurements in one.)
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // @unchecked: `entries` is only touched while `lock` is held.
    private let lock = NSLock()
    private var entries: [Key: Value] = [:]
    private let capacity: Int
    /// Which keys are cached; the others are computed every time.
    private let isCacheable: @Sendable (Key) -> Bool

    /// - Parameters:
    ///   - capacity: the most entries held.
    ///   - isCacheable: which keys to cache. A key whose `==` is looser than what `compute`
    ///     reads must stay out, or it would take another key's value.
    package init(capacity: Int, isCacheable: @escaping @Sendable (Key) -> Bool = { _ in true }) {
        self.capacity = capacity
        self.isCacheable = isCacheable
    }

    /// The cached value for `key`, or `compute()`'s result, stored. `compute` runs outside the
    /// lock: two threads may both compute a new key, with equal results.
    package func value(for key: Key, compute: () -> Value) -> Value {
        guard isCacheable(key) else { return compute() }
        if let cached = lock.withLock({ entries[key] }) {
            return cached
        }
        let value = compute()
        lock.withLock {
            if entries.count >= capacity {
                entries.removeAll(keepingCapacity: true)
            }
            entries[key] = value
        }
        return value
    }
}
