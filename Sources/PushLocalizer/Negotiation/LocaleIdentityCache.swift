import Foundation

/// A process-wide memo of `LocaleIdentity` by the tag as written.
///
/// Reading one tag costs about ten ICU calls (canonicalization, likely subtags, the parent
/// walk), some 100 µs; a batch sees the same few hundred tags on every line. The cache is
/// bounded: when it holds `capacity` tags it starts afresh, so memory stays flat whatever the
/// input, and the worst case is merely the uncached cost.
final class LocaleIdentityCache: @unchecked Sendable {
    // @unchecked: `entries` is only touched while `lock` is held.
    private let lock = NSLock()
    private var entries: [String: LocaleIdentity?] = [:]
    private let capacity: Int

    /// The cache every negotiator shares: identities depend only on the tag and ICU's data.
    static let shared = LocaleIdentityCache(capacity: 4096)

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The identity of `tag` (nil when it names no language), computed at most once while cached.
    func identity(of tag: String) -> LocaleIdentity? {
        if let cached = lock.withLock({ entries[tag] }) {
            return cached
        }
        // Computed outside the lock: two threads may both compute a new tag, with equal results.
        let identity = LocaleIdentity(tag)
        lock.withLock {
            if entries.count >= capacity {
                entries.removeAll(keepingCapacity: true)
            }
            entries[tag] = .some(identity)
        }
        return identity
    }
}
