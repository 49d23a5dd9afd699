extension LocaleNegotiator {
    /// How close an available locale is to a desired one; smaller sorts first.
    ///
    /// Only candidates with the desired locale's language *and* maximized script are ranked at
    /// all (`zh-TW` never gets `zh-Hans`, `sr-Latn` never gets `sr-Cyrl`). Among them, in order:
    ///
    /// 1. **Exact**: the candidate's maximized tag equals the desired one (`zh-TW` → `zh-Hant-TW`,
    ///    `pt` → `pt-BR` when there is no `pt` file, since `pt` maximizes to pt-Latn-BR).
    /// 2. **Parent**: the candidate is one of the desired locale's CLDR parents, nearest first,
    ///    the base excluded (`es-MX` → `es-419`; `pt-AO` → `pt-PT`; `zh-Hant-MO` → `zh-Hant-HK`).
    /// 3. **Sibling**: the candidate's own CLDR lineage meets the desired one's at a locale other
    ///    than the base (`en-AU` and `en-GB` both descend from `en-001`; `es-MX` and `es-AR` from
    ///    `es-419`). Ordered by how near to the desired locale that meeting point is, then by how
    ///    near to the candidate, then alphabetically.
    /// 4. **Base**: the candidate is the language's default locale, whose maximized form equals
    ///    the base's (`es` = es-Latn-ES, `en` = en-Latn-US, `pt-BR` for `pt`; `zh-Hant` for
    ///    Traditional Chinese users).
    /// 5. **Same writing system**: any other candidate with the same language and script,
    ///    alphabetically (`es` users get `es-419` rather than the source locale).
    ///
    /// Within one step, a candidate whose canonical tag is exactly the step's tag comes first
    /// (a `pt` user with both `pt.yaml` and `pt-BR.yaml` gets `pt`), then alphabetical order.
    ///
    /// Why not `icu::LocaleMatcher` (ICU 72)? It answers "the one best supported locale", not an
    /// ordered fallback list, so the chain would need repeated queries with shrinking supported
    /// sets. And its CLDR language-matching distances deliberately cross scripts and languages
    /// under its default threshold: with ICU 72, desired `sr-Latn` gets supported `sr-Cyrl`, `nn`
    /// and `da` get `nb`, `hr` gets `bs` — a chain never crosses scripts, which rules out the
    /// first, and a wrong language is worse than the source locale. On the cases
    /// docs/negotiation.md names (es-MX → es-419, en-AU → en-GB, pt-AO → pt-PT, zh-MO → zh-Hant-HK)
    /// it agrees with the order above, which is simpler to state, test and explain in a render
    /// report.
    struct Closeness: Comparable, Sendable {
        /// 1...5, as in the list above.
        let tier: Int
        /// Position within the tier (parent or meeting-point index; hops for siblings).
        let rank: [Int]
        /// 0 when the candidate's canonical tag is exactly the matched step's tag.
        let exactness: Int
        /// The candidate's canonical tag, the last tie-break.
        let tag: String

        static func < (lhs: Closeness, rhs: Closeness) -> Bool {
            if lhs.tier != rhs.tier { return lhs.tier < rhs.tier }
            if lhs.rank != rhs.rank { return lhs.rank.lexicographicallyPrecedes(rhs.rank) }
            if lhs.exactness != rhs.exactness { return lhs.exactness < rhs.exactness }
            return lhs.tag < rhs.tag
        }
    }

    /// The closeness of `candidate` to `desired`, or nil when it is another language or script.
    static func closeness(of candidate: LocaleIdentity, to desired: LocaleIdentity) -> Closeness? {
        guard candidate.sharesWritingSystem(with: desired) else { return nil }
        func exactness(_ step: LocaleIdentity.Step) -> Int { candidate.canonical == step.tag ? 0 : 1 }

        let own = desired.lineage[0]
        if candidate.key == own.key {
            return Closeness(tier: 1, rank: [], exactness: exactness(own), tag: candidate.canonical)
        }
        for (index, parent) in desired.intermediateParents.enumerated() where candidate.key == parent.key {
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
