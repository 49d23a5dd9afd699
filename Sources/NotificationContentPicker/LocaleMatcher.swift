/// Finds the best of a payload's locales for the app's languages, in the server's order: same
/// language and script only, then CLDR parents, siblings and the language's default
/// (docs/negotiation.md).
struct LocaleMatcher: Sendable {
    /// An available locale: the key as the payload spells it, and how it compares.
    struct Candidate: Sendable {
        let tag: String
        let locale: MatchableLocale
    }

    /// How close a candidate is to a desired locale; smaller is better. The same five tiers as the
    /// server's `LocaleNegotiator.Closeness`, only between locales of one language and script:
    /// 1 exact key; 2 a CLDR parent of the desired locale, nearest first (`es-MX` → `es-419`);
    /// 3 a sibling whose lineage meets the desired one's below the base (`en-AU` → `en-GB` via
    /// `en-001`); 4 the base itself (`es`, `zh-Hant`); 5 any other locale of the writing system.
    /// Ties: a candidate spelled exactly like the matched step first, then alphabetical order.
    struct Closeness: Comparable, Sendable {
        let tier: Int
        let rank: [Int]
        let exactness: Int
        let tag: String

        static func < (lhs: Closeness, rhs: Closeness) -> Bool {
            if lhs.tier != rhs.tier { return lhs.tier < rhs.tier }
            if lhs.rank != rhs.rank { return lhs.rank.lexicographicallyPrecedes(rhs.rank) }
            if lhs.exactness != rhs.exactness { return lhs.exactness < rhs.exactness }
            return lhs.tag < rhs.tag
        }
    }

    /// The candidates that name a language; of two with the same canonical form only the first.
    let candidates: [Candidate]

    /// - Parameter available: tags in a deterministic order (the server keeps the first of two
    ///   spellings of one locale; a JSON object has no order, so the picker sorts its keys).
    init(available: [String]) {
        var seen = Set<String>()
        var candidates: [Candidate] = []
        for tag in available {
            guard let locale = MatchableLocale(tag), seen.insert(locale.canonical).inserted else { continue }
            candidates.append(Candidate(tag: tag, locale: locale))
        }
        self.candidates = candidates
    }

    /// The best candidate for the first preference that any candidate serves, or nil.
    /// - Parameter preferences: the app's languages, most preferred first.
    func bestMatch(for preferences: [String]) -> String? {
        for preference in preferences {
            guard let desired = LocaleMatcher.locale(ofPreference: preference) else { continue }
            let best = candidates.compactMap { candidate in
                LocaleMatcher.closeness(of: candidate.locale, to: desired).map { (candidate.tag, $0) }
            }
            .min { $0.1 < $1.1 }
            if let best { return best.0 }
        }
        return nil
    }

    /// Reads one preference, tolerating Accept-Language leftovers (`" en;q=0.8 "`) as the server does.
    static func locale(ofPreference preference: String) -> MatchableLocale? {
        let tag = preference.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let scalars = tag.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return nil }
        let text = String(Substring(scalars[first...last]))
        guard text != "*" else { return nil }
        return MatchableLocale(text)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// The closeness of `candidate` to `desired`, or nil when it is another language or script.
    static func closeness(of candidate: MatchableLocale, to desired: MatchableLocale) -> Closeness? {
        guard candidate.sharesWritingSystem(with: desired) else { return nil }
        func exactness(_ step: MatchableLocale.Step) -> Int { candidate.canonical == step.tag ? 0 : 1 }

        let own = desired.lineage[0]
        if candidate.key == own.key {
            return Closeness(tier: 1, rank: [], exactness: exactness(own), tag: candidate.canonical)
        }
        for (index, parent) in desired.lineage.dropFirst().enumerated() where candidate.key == parent.key {
            return Closeness(tier: 2, rank: [index], exactness: exactness(parent), tag: candidate.canonical)
        }
        // The base is shared by every locale of the writing system, so it never makes a sibling.
        for (desiredIndex, step) in desired.lineage.enumerated() where step.key != desired.base.key {
            if let hops = candidate.lineage.firstIndex(where: { $0.key == step.key }) {
                return Closeness(tier: 3, rank: [desiredIndex, hops], exactness: 1, tag: candidate.canonical)
            }
        }
        if candidate.key == desired.base.key {
            return Closeness(tier: 4, rank: [], exactness: exactness(desired.base), tag: candidate.canonical)
        }
        return Closeness(tier: 5, rank: [], exactness: 1, tag: candidate.canonical)
    }
}
