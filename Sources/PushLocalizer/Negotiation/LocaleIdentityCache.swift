/// A process-wide memo of `LocaleIdentity` by the tag as written.
///
/// Reading one tag costs about ten ICU calls (canonicalization, likely subtags, the parent
/// walk), some 100 µs; a batch sees the same few hundred tags on every line.
enum LocaleIdentityCache {
    /// Identities depend only on the tag and ICU's data, so every negotiator shares them.
    /// Only ASCII tags are cached (see `String.isASCII`).
    static let shared = BoundedCache<String, LocaleIdentity?>(capacity: 4096, isCacheable: \.isASCII)
}

extension BoundedCache where Key == String, Value == LocaleIdentity? {
    /// The identity of `tag` (nil when it names no language), computed at most once while cached.
    func identity(of tag: String) -> LocaleIdentity? {
        value(for: tag) { LocaleIdentity(tag) }
    }
}
