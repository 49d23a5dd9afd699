import ICUKit

/// Chooses which of a catalog's locales serve a user, as docs/negotiation.md describes.
///
/// User tags are canonicalized first (`pt_BR` → `pt-BR`, `iw` → `he`, `in` → `id`, `no` → `nb`,
/// `tl` → `fil`, `mo` → `ro`, any case), extensions and private-use subtags are ignored
/// (`en-US-u-ca-gregory` is `en-US`), and anything that names no language is skipped (`""`, `"!!"`,
/// `*`, `x-pseudo`, `und`; an Accept-Language weight such as `;q=0.8` is dropped). Each remaining
/// preference is then matched against the available locales through CLDR parent locales and
/// likely subtags, never across scripts; `Closeness` states the exact order.
///
/// The value is immutable and `Sendable`: build one per catalog and share it across threads.
public struct LocaleNegotiator: Sendable {
    /// An available locale: the tag as the catalog spells it and how it compares.
    struct Candidate: Sendable {
        let tag: String
        let identity: LocaleIdentity
    }

    /// The catalog's locales that name a language, in the order given, without duplicates.
    let candidates: [Candidate]
    /// The source locale as given; the last link of every chain.
    let sourceLocale: String
    /// Canonical form of the source locale, to spot it among the candidates.
    let sourceCanonical: String
    /// Chains already computed, by preference list: a service sees the same few lists again and again.
    /// Only lists of ASCII tags are cached (see `String.isASCII`).
    let chains = BoundedCache<[String], [String]>(capacity: 4096, isCacheable: { $0.allSatisfy(\.isASCII) })
    /// Each preference's best match on its own ("" for none), for the render report: a service
    /// sees the same few tags again and again. Only ASCII tags are cached.
    let bestMatches = BoundedCache<String, String>(capacity: 4096, isCacheable: \.isASCII)
    /// The chain of a single preference that is exactly one of the catalog's tags (the usual
    /// request), computed up front and read without a lock,
    /// with the report's match of it, so that the usual render reports it without allocating.
    private(set) var exact = StringTable<Negotiated>([])

    /// A preference list's chain and what each preference matched (see `negotiation(for:)`).
    public struct Negotiated: Sendable {
        /// The chain of available locales to try, best first (see `chain(for:)`).
        public let chain: [String]
        /// Each preference and the catalog locale it matched on its own (see `matches(for:)`).
        public let matches: [LocaleMatch]

        /// The chain and the matches, taken apart (a render hands each on without copying).
        consuming func parts() -> (chain: [String], matches: [LocaleMatch]) {
            (chain, matches)
        }
    }

    /// Creates a negotiator for one catalog.
    /// - Parameters:
    ///   - available: the catalog's locale tags (file names such as `pt-BR`, `zh-Hant`, `es-419`);
    ///     the source locale may be among them. Tags that name no language are ignored, and of two
    ///     tags with the same canonical form only the first is kept.
    ///   - sourceLocale: the catalog's source locale, which has every key.
    public init(available: [String], sourceLocale: String) {
        let sourceIdentity = LocaleIdentity(sourceLocale)
        self.sourceLocale = sourceLocale
        self.sourceCanonical = sourceIdentity?.canonical ?? sourceLocale

        var seen = Set<String>()
        var candidates: [Candidate] = []
        for tag in available + [sourceLocale] {
            guard let identity = LocaleIdentity(tag) else { continue }
            guard seen.insert(identity.canonical).inserted else { continue }
            // The source keeps the spelling the caller gave it, wherever it was listed.
            let spelling = identity.canonical == sourceCanonical ? sourceLocale : tag
            candidates.append(Candidate(tag: spelling, identity: identity))
        }
        self.candidates = candidates
        exact = StringTable(
            candidates.map { candidate in
                let chain = computeChain(for: [candidate.tag])
                let match = LocaleMatch(requested: candidate.tag, matched: chain.first)
                return (key: candidate.tag, value: Negotiated(chain: chain, matches: [match]))
            }
        )
    }

    /// The ordered chain of available locales to try for a user, best first, always ending with
    /// the source locale; per-key fallback walks it.
    ///
    /// For each preference in turn: its best available match, then the further available locales
    /// of the same language and script in decreasing closeness. Duplicates are removed, and the
    /// chain stops at the source locale, which has every key, so no locale after it could ever
    /// be used. A chain never moves between scripts, except to the source locale at the end.
    ///
    /// Example: available `en, en-GB, es, es-419, pt-BR, pt-PT, zh-Hans, zh-Hant, fr`, source `en`,
    /// preferences `["es-MX", "fr-CA"]` → `["es-419", "es", "fr", "en"]`.
    /// - Parameter preferences: the user's languages, most preferred first.
    /// - Returns: available tags as the catalog spells them; never empty.
    public func chain(for preferences: [String]) -> [String] {
        if preferences.count == 1, let found = exact[preferences[0]] { return found.chain }
        return chains.value(for: preferences) { computeChain(for: preferences) }
    }

    /// The tags whose chain is decided at init: the available locales as the catalog spells them.
    var exactTags: [String] { exact.allKeys }

    /// The chain for a user's preferences and what each of them matched, with one lookup for the
    /// usual request (one tag the catalog has).
    /// - Parameter preferences: the user's languages, most preferred first.
    public func negotiation(for preferences: [String]) -> Negotiated {
        if preferences.count == 1, let found = exact[preferences[0]] { return found }
        return Negotiated(chain: chain(for: preferences), matches: matches(for: preferences))
    }

    private func computeChain(for preferences: [String]) -> [String] {
        var chain: [String] = []
        var used = Set<String>()
        for preference in preferences {
            guard let desired = LocaleNegotiator.identity(ofPreference: preference) else { continue }
            let ranked = candidates.compactMap { candidate in
                LocaleNegotiator.closeness(of: candidate.identity, to: desired).map { (candidate, $0) }
            }
            .sorted { $0.1 < $1.1 }
            for (candidate, _) in ranked where used.insert(candidate.tag).inserted {
                chain.append(candidate.tag)
                if candidate.tag == sourceLocale { return chain }
            }
        }
        chain.append(sourceLocale)
        return chain
    }

    /// The negotiated locale: the first link of `chain(for:)`.
    /// - Parameter preferences: the user's languages, most preferred first.
    /// - Returns: the best available tag, or the source locale when nothing matches.
    public func negotiate(_ preferences: [String]) -> String {
        chain(for: preferences).first ?? sourceLocale
    }

    /// Canonical form of a user-supplied tag, or nil when it is not a BCP 47 tag.
    ///
    /// Underscores read as hyphens, case is normalized, CLDR aliases are replaced (`iw` → `he`,
    /// `in` → `id`, `no` → `nb`, `tl` → `fil`, `mo` → `ro`), and a script subtag is added when the
    /// region implies a script other than the language's default (`zh-TW` → `zh-Hant-TW`,
    /// `sr-ME` → `sr-Latn-ME`; `pt_BR` stays `pt-BR`). Extensions are kept as ICU canonicalizes
    /// them (`en-US-u-ca-gregory`).
    /// - Parameter tag: a language tag as a user or client sent it.
    /// - Returns: the canonical tag, or nil for junk (`""`, `"!!"`, `*`).
    public static func canonicalTag(_ tag: String) -> String? {
        let trimmed = tag.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, let canonical = LocaleTags.canonicalize(trimmed) else { return nil }
        let core = LocaleIdentity.withoutExtensions(canonical)
        guard !core.isEmpty else { return canonical }
        return LocaleIdentity.scriptExplicit(core) + canonical.dropFirst(core.count)
    }

    /// Reads one user preference, tolerating Accept-Language leftovers (`" en;q=0.8 "`).
    static func identity(ofPreference preference: String) -> LocaleIdentity? {
        let tag = preference.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let trimmed = String(tag).trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, trimmed != "*" else { return nil }
        return LocaleIdentityCache.shared.identity(of: trimmed)
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces, tabs and line breaks.
    fileprivate func trimmingASCIIWhitespace() -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
