/// One locale as the picker compares it — the same model as the server's negotiator
/// (docs/negotiation.md): canonical, stripped of extensions, maximized with likely subtags, and
/// with its CLDR parent lineage resolved once. Comparisons happen on *keys*, maximized tags ("zh-Hant-TW").
struct MatchableLocale: Sendable, Hashable {
    /// One lineage step: the tag as CLDR's parent data names it, and its maximized key.
    struct Step: Sendable, Hashable {
        let tag: String
        let key: String
    }

    /// Canonical, script-explicit tag without extensions (`zh-TW` → "zh-Hant-TW", `pt_BR` → "pt-BR").
    let canonical: String
    /// The maximized tag ("zh-Hant-TW", "en-Latn-001").
    let key: String
    /// Language subtag of the key.
    let language: String
    /// Script subtag of the key; nil for a language the tables do not know, written without script.
    let script: String?
    /// The locale (first), then its CLDR parents of the same language and script, up to but
    /// excluding the base. `en-AU`: en-AU, en-001. `zh-Hant-MO`: zh-Hant-MO, zh-Hant-HK.
    let lineage: [Step]
    /// The bare language (`en`), or language-script when the script is not the language's default
    /// (`zh-Hant`, `sr-Latn`).
    let base: Step

    /// Reads a tag; nil when it is malformed or names no language (see `LanguageTag(parsing:)`).
    init?(_ text: String) {
        guard let written = LanguageTag(parsing: text) else { return nil }
        let maximized = MatchableLocale.maximize(written)
        key = maximized.text
        language = maximized.language
        script = maximized.script
        canonical = MatchableLocale.scriptExplicit(written).text
        (lineage, base) = MatchableLocale.lineage(of: maximized, canonical: canonical)
    }

    /// Same language and same maximized script: the only locales a match may move between.
    func sharesWritingSystem(with other: MatchableLocale) -> Bool {
        language == other.language && script == other.script
    }

    // MARK: - Likely subtags

    /// Adds likely script and region (UTS #35 "Add Likely Subtags", ICU 72's lookup order) from
    /// `LocaleTables`. `Zzzz` and `ZZ` mean unknown and are replaced. A language the tables do not
    /// know keeps its written subtags.
    static func maximize(_ tag: LanguageTag) -> LanguageTag {
        var tag = tag
        if tag.script == "Zzzz" { tag.script = nil }
        if tag.region == "ZZ" { tag.region = nil }
        guard let likely = LocaleTables.likely[tag.language] else { return tag }
        switch (tag.script, tag.region) {
        case (nil, nil):
            tag.script = likely.script
            tag.region = likely.region
        case (let script?, nil):
            tag.region = LocaleTables.regionForScript[tag.language + "-" + script] ?? likely.region
        case (nil, let region?):
            tag.script = LocaleTables.scriptForRegion[tag.language + "-" + region] ?? likely.script
        case (_?, _?):
            break
        }
        return tag
    }

    /// The language's default script ("Hans" for zh), nil for a language the tables do not know.
    static func defaultScript(of language: String) -> String? {
        LocaleTables.likely[language]?.script
    }

    /// Adds the script when the region implies one other than the language's default
    /// (`zh-TW` → `zh-Hant-TW`, `sr-ME` → `sr-Latn-ME`); `pt-BR` stays as it is.
    static func scriptExplicit(_ tag: LanguageTag) -> LanguageTag {
        guard tag.script == nil, let region = tag.region,
            let script = LocaleTables.scriptForRegion[tag.language + "-" + region]
        else { return tag }
        var explicit = tag
        explicit.script = script
        return explicit
    }

    // MARK: - Lineage

    /// The locale, then its CLDR parents down to (excluding) its base, walked from the lookup form
    /// (default script left out: `en-AU`; other scripts kept: `zh-Hant-MO`). A parent of another
    /// language or script ends the walk, as on the server.
    private static func lineage(of maximized: LanguageTag, canonical: String) -> (steps: [Step], base: Step) {
        let keepsScript = maximized.script != nil && maximized.script != defaultScript(of: maximized.language)
        let baseTag = LanguageTag(language: maximized.language, script: keepsScript ? maximized.script : nil)
        let base = Step(tag: baseTag.text, key: maximize(baseTag).text)

        var lookup = maximized
        if !keepsScript { lookup.script = nil }
        var steps = [Step(tag: canonical, key: maximized.text)]
        var current = scriptExplicit(lookup).text
        var lastKey = maximized.text
        // CLDR chains are at most four deep; the bound only guards against a cycle in the tables.
        for _ in 0..<8 {
            guard lastKey != base.key, let parent = parent(of: current) else { break }
            let parentTag = LanguageTag(canonical: parent)
            let parentKey = maximize(parentTag)
            guard parentKey.language == maximized.language, parentKey.script == maximized.script,
                parentKey.text != base.key
            else { break }
            if parentKey.text != lastKey {
                steps.append(Step(tag: scriptExplicit(parentTag).text, key: parentKey.text))
            }
            current = parent
            lastKey = parentKey.text
        }
        return (steps, base)
    }

    /// The CLDR parent of a lookup-form tag: from the table, else the tag without its last subtag;
    /// nil at the root.
    static func parent(of tag: String) -> String? {
        if let parent = LocaleTables.parent[tag] { return parent }
        guard let cut = tag.lastIndex(of: "-") else { return nil }
        return String(tag[..<cut])
    }
}
