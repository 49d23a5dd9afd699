/// A process-wide memo of `LocaleIdentity` by the tag as written.
///
/// Reading one tag costs about ten ICU calls (canonicalization, likely subtags, the parent
/// walk), some 100 µs; a batch sees the same few hundred tags on every line.
enum LocaleIdentityCache {
    /// Identities depend only on the tag and ICU's data, so every negotiator shares them.
    static let shared = BoundedCache<String, LocaleIdentity?>(capacity: 4096)
}

extension BoundedCache where Key == String, Value == LocaleIdentity? {
    /// The identity of `tag` (nil when it names no language), computed at most once while cached.
    func identity(of tag: String) -> LocaleIdentity? {
        guard tag.isASCII else { return LocaleIdentity(tag) }
        return value(for: tag) { LocaleIdentity(tag) }
    }
}
