/// What one of the user's requested tags matched among the catalog's locales.
///
/// A tag that names no language (`""`, `"!!"`, `xx-garbage` read as no known form) or that no
/// catalog locale serves (`sr-Latn` in a catalog with only Cyrillic `sr`) has no match: the render
/// goes on with the next tag, and with the source locale when no tag matched.
public struct LocaleMatch: Sendable, Hashable {
    /// The tag as the request gave it.
    public var requested: String
    /// The catalog locale it matched best, as the catalog spells it; nil when it matched nothing.
    public var matched: String?

    /// Creates an outcome.
    /// - Parameters:
    ///   - requested: the tag as requested.
    ///   - matched: the catalog locale it matched, or nil.
    public init(requested: String, matched: String?) {
        self.requested = requested
        self.matched = matched
    }
}

extension LocaleNegotiator {
    /// Each requested tag and the catalog locale it matched best on its own (nil: none), in the
    /// order given: what ``RenderReport/negotiation`` and `pushloc render --explain` show.
    /// - Parameter preferences: the user's languages, most preferred first.
    /// - Returns: one outcome per preference.
    public func matches(for preferences: [String]) -> [LocaleMatch] {
        if preferences.count == 1, let found = exact[preferences[0]] { return found.matches }
        return preferences.map { preference in
            if let found = exact[preference] { return LocaleMatch(requested: preference, matched: found.chain.first) }
            let best = bestMatches.value(for: preference) { bestMatch(for: preference) ?? "" }
            return LocaleMatch(requested: preference, matched: best.isEmpty ? nil : best)
        }
    }

    /// The closest available locale to one preference, or nil.
    private func bestMatch(for preference: String) -> String? {
        guard let desired = LocaleNegotiator.identity(ofPreference: preference) else { return nil }
        return candidates.compactMap { candidate in
            LocaleNegotiator.closeness(of: candidate.identity, to: desired).map { (candidate.tag, $0) }
        }
        .min { $0.1 < $1.1 }?.0
    }
}
