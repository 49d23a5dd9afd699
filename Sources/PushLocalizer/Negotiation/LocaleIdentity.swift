import ICUKit

/// One locale as the negotiator compares it: canonical, stripped of extensions, maximized, and
/// with its CLDR parent lineage resolved once.
///
/// Every comparison happens on *keys*: maximized language tags without extensions
/// ("zh-Hant-TW", "en-Latn-001"). Two tags with the same key name the same locale for matching
/// purposes (`pt` and `pt-BR`, `zh-Hant` and `zh-TW`), so an available `zh-Hans` file serves `zh`,
/// `zh-CN` and `zh-SG` users alike.
struct LocaleIdentity: Sendable, Hashable {
    /// One step of the lineage: the tag as ICU's locale data names it and its maximized key.
    struct Step: Sendable, Hashable {
        /// The tag in its lookup form ("en-001", "zh-Hant"), canonical and script-explicit.
        let tag: String
        /// The maximized tag ("en-Latn-001", "zh-Hant-TW").
        let key: String
    }

    /// Canonical, script-explicit tag without extensions (see `LocaleNegotiator.canonicalTag`).
    let canonical: String
    /// The maximized tag without extensions.
    let key: String
    /// The language subtag of the maximized tag ("zh").
    let language: String
    /// The script subtag of the maximized tag ("Hant"), nil when ICU has no likely script.
    let script: String?
    /// The locale itself (first), then its CLDR parents that keep its language and script, up to
    /// but excluding its base. Never empty. `en-AU`: en-AU, en-001. `zh-Hant-MO`: zh-Hant-MO,
    /// zh-Hant-HK. `es`: es.
    let lineage: [Step]
    /// The base: the bare language (`en`, key en-Latn-US), or language-script when the script is
    /// not the language's default (`zh-Hant`, key zh-Hant-TW; `sr-Latn`, key sr-Latn-RS).
    let base: Step

    /// The lineage steps strictly between the locale and its base, nearest first.
    var intermediateParents: ArraySlice<Step> { lineage.dropFirst() }

    /// Reads a tag. Returns nil for anything that cannot name a language: junk, the empty string,
    /// `*`, private-use-only tags (`x-pseudo`) and `und`.
    init?(_ tag: String) {
        guard let stripped = LocaleIdentity.canonicalWithoutExtensions(tag) else { return nil }
        // `und` would maximize to en-Latn-US: a tag that names no language must not match English.
        let written = Subtags(stripped).language
        guard written != "und", !written.isEmpty else { return nil }
        let key = LocaleTags.maximize(stripped).map(LocaleIdentity.withoutExtensions) ?? stripped
        let subtags = Subtags(key)
        self.key = key
        self.language = subtags.language
        self.script = subtags.script
        let canonical = LocaleIdentity.scriptExplicit(stripped)
        self.canonical = canonical
        (self.lineage, self.base) = LocaleIdentity.lineage(of: subtags, key: key, canonical: canonical)
    }

    /// Same language and same (maximized) script: the only locales a match may move between.
    func sharesWritingSystem(with other: LocaleIdentity) -> Bool {
        language == other.language && script == other.script
    }

    // MARK: - Tag forms

    /// The canonical tag (aliases resolved, case normalized, `_` read as `-`) with any extension
    /// and private-use sequence removed: `-u-ca-gregory` changes formatting, never the language.
    static func canonicalWithoutExtensions(_ tag: String) -> String? {
        guard let canonical = LocaleTags.canonicalize(tag) else { return nil }
        let stripped = withoutExtensions(canonical)
        return stripped.isEmpty ? nil : stripped
    }

    /// `tag` cut before its first singleton subtag (`-u-`, `-t-`, `-x-`, …).
    static func withoutExtensions(_ tag: String) -> String {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        let kept = subtags.prefix { $0.count != 1 }
        return kept.joined(separator: "-")
    }

    /// Adds the script subtag when the region implies a script other than the language's default
    /// (`zh-TW` → `zh-Hant-TW`, `sr-ME` → `sr-Latn-ME`), so that the tag says which writing system
    /// it means. Tags whose script is the default one stay as they are (`pt-BR`, `zh-CN`).
    static func scriptExplicit(_ tag: String) -> String {
        let subtags = Subtags(tag)
        guard subtags.script == nil, let region = subtags.region,
            let regional = LocaleTags.maximize(subtags.language + "-" + region),
            let bare = LocaleTags.maximize(subtags.language),
            let script = Subtags(regional).script, script != Subtags(bare).script
        else { return tag }
        var parts = [subtags.language, script, region]
        parts.append(contentsOf: subtags.variants)
        return parts.joined(separator: "-")
    }

    // MARK: - Lineage

    /// The locale itself, then its CLDR parents down to (excluding) its base.
    ///
    /// ICU's locale data keys parents by the *lookup form* of a locale: the default script is
    /// left out (`en-AU`, whose parent is `en-001`) and a non-default one is kept (`zh-Hant-HK`,
    /// whose parent is `zh-Hant`). Asking with the maximized form (`en-Latn-AU`) would only
    /// truncate. Some lookup forms are aliases that the data resolves by truncation across a
    /// script (`zh-HK` → `zh`); a parent whose maximized language or script differs ends the walk,
    /// so a lineage never leaves its writing system.
    ///
    /// The first step is named by the locale's own canonical tag (for exact-spelling tie-breaks);
    /// the walk starts from its lookup form, built from the maximized subtags.
    private static func lineage(
        of subtags: Subtags,
        key: String,
        canonical: String
    ) -> (steps: [Step], base: Step) {
        let defaultScript = LocaleTags.maximize(subtags.language).flatMap { Subtags($0).script }
        let keepsScript = subtags.script != nil && subtags.script != defaultScript
        let baseTag = keepsScript ? subtags.language + "-" + (subtags.script ?? "") : subtags.language
        let base = Step(tag: baseTag, key: LocaleTags.maximize(baseTag).map(withoutExtensions) ?? baseTag)

        var lookup = [subtags.language]
        if keepsScript, let script = subtags.script { lookup.append(script) }
        if let region = subtags.region { lookup.append(region) }
        lookup.append(contentsOf: subtags.variants)
        var steps = [Step(tag: canonical, key: key)]

        var current = scriptExplicit(lookup.joined(separator: "-"))
        var lastKey = key
        // CLDR parent chains are at most four deep (zh-Hant-MO → zh-Hant-HK → zh-Hant → root);
        // the bound only guards against a cycle in malformed data.
        for _ in 0..<8 {
            guard lastKey != base.key,
                let parent = LocaleTags.parent(of: current), !parent.isEmpty,
                let parentKey = LocaleTags.maximize(parent).map(withoutExtensions)
            else { break }
            let parentSubtags = Subtags(parentKey)
            guard parentSubtags.language == subtags.language, parentSubtags.script == subtags.script,
                parentKey != base.key
            else { break }
            if parentKey != lastKey {
                steps.append(Step(tag: scriptExplicit(parent), key: parentKey))
            }
            current = parent
            lastKey = parentKey
        }
        return (steps, base)
    }
}

/// The subtags of a BCP 47 tag without extensions: language, optional script and region, variants.
struct Subtags: Sendable, Hashable {
    let language: String
    let script: String?
    let region: String?
    let variants: [String]

    init(_ tag: String) {
        var parts = tag.split(separator: "-").map(String.init)[...]
        language = parts.popFirst() ?? ""
        if let next = parts.first, next.count == 4, next.allSatisfy(\.isLetter) {
            script = next
            parts = parts.dropFirst()
        } else {
            script = nil
        }
        if let next = parts.first,
            (next.count == 2 && next.allSatisfy(\.isLetter)) || (next.count == 3 && next.allSatisfy(\.isNumber))
        {
            region = next
            parts = parts.dropFirst()
        } else {
            region = nil
        }
        variants = Array(parts)
    }
}
