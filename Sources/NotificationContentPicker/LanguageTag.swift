/// A BCP 47 language tag reduced to what matching uses: language, optional script and region,
/// variants. Extensions and private-use subtags are dropped (`-u-ca-gregory` changes formatting,
/// never the language).
struct LanguageTag: Sendable, Hashable {
    /// Lowercase language subtag ("zh", "fil").
    var language: String
    /// Title-case script subtag ("Hant"), if any.
    var script: String?
    /// Uppercase region subtag ("TW", "419"), if any.
    var region: String?
    /// Lowercase variant subtags ("valencia").
    var variants: [String]

    /// The tag spelled with hyphens: "zh-Hant-TW".
    var text: String {
        var parts = [language]
        if let script { parts.append(script) }
        if let region { parts.append(region) }
        parts.append(contentsOf: variants)
        return parts.joined(separator: "-")
    }

    init(language: String, script: String? = nil, region: String? = nil, variants: [String] = []) {
        self.language = language
        self.script = script
        self.region = region
        self.variants = variants
    }

    /// Reads an already canonical tag (as `text` writes it); never fails.
    init(canonical text: String) {
        var parts = text.split(separator: "-").map(String.init)[...]
        language = parts.popFirst() ?? ""
        script = parts.first.flatMap { LanguageTag.isScript($0) ? $0 : nil }
        if script != nil { parts = parts.dropFirst() }
        region = parts.first.flatMap { LanguageTag.isRegion($0) ? $0 : nil }
        if region != nil { parts = parts.dropFirst() }
        variants = Array(parts)
    }

    /// Parses and canonicalizes a tag as the server does: `_` reads as `-`, case is
    /// normalized, CLDR aliases are replaced (`iw` → `he`, `sh` → `sr-Latn`, `no` → `nb`,
    /// `UK` → `GB`, `zh-cmn` → `zh`), and extensions, private use and the `posix` variant are
    /// dropped. Returns nil for anything that is not a well-formed tag or names no language
    /// (`""`, `"!!"`, `en--US`, `x-pseudo`, `und`) and for grandfathered tags (`i-klingon`).
    init?(parsing raw: String) {
        let subtags = raw.replacingUnderscores().split(separator: "-", omittingEmptySubsequences: false)
            .map { String($0).asciiLowercased() }
        guard let first = subtags.first, LanguageTag.isLanguage(first), first != "und", first != "root" else {
            return nil
        }
        var index = 1
        var tag = LanguageTag(language: first)
        // An extended language subtag is the language itself (RFC 5646, section 4.5): `zh-cmn` is `cmn`.
        if index < subtags.count, subtags[index].utf8.count == 3, subtags[index].isASCIILetters {
            tag.language = subtags[index]
            index += 1
        }
        if index < subtags.count, LanguageTag.isScript(subtags[index]) {
            tag.script = subtags[index].asciiTitlecased()
            index += 1
        }
        if index < subtags.count, LanguageTag.isRegion(subtags[index]) {
            tag.region = subtags[index].uppercasedASCII()
            index += 1
        }
        while index < subtags.count, LanguageTag.isVariant(subtags[index]) {
            // ICU turns the POSIX variant into the extension `u-va-posix`, which matching ignores.
            if subtags[index] != "posix" { tag.variants.append(subtags[index]) }
            index += 1
        }
        guard LanguageTag.isWellFormedTail(subtags[index...]) else { return nil }
        self = tag.replacingAliases()
    }

    /// Applies CLDR language and territory aliases. A language alias that carries a script or region
    /// (`sh` → `sr-Latn`) fills only the fields the tag does not have (`sh-Cyrl` → `sr-Cyrl`).
    private func replacingAliases() -> LanguageTag {
        var tag = self
        if let replacement = LocaleTables.languageAlias[language], let newLanguage = replacement.first {
            tag.language = newLanguage
            for subtag in replacement.dropFirst() {
                if LanguageTag.isScript(subtag), tag.script == nil { tag.script = subtag }
                if LanguageTag.isRegion(subtag), tag.region == nil { tag.region = subtag }
            }
        }
        if let region = tag.region, let replacement = LocaleTables.territoryAlias[region] {
            tag.region = replacement
        }
        return tag
    }

    // MARK: - Subtag syntax (BCP 47)

    static func isLanguage(_ subtag: String) -> Bool {
        let count = subtag.utf8.count
        return ((2...3).contains(count) || (5...8).contains(count)) && subtag.isASCIILetters
    }

    static func isScript(_ subtag: String) -> Bool {
        subtag.utf8.count == 4 && subtag.isASCIILetters
    }

    static func isRegion(_ subtag: String) -> Bool {
        (subtag.utf8.count == 2 && subtag.isASCIILetters) || (subtag.utf8.count == 3 && subtag.isASCIIDigits)
    }

    static func isVariant(_ subtag: String) -> Bool {
        let count = subtag.utf8.count
        guard subtag.isASCIIAlphanumeric else { return false }
        if (5...8).contains(count) { return true }
        return count == 4 && subtag.utf8.first.map { $0 >= 0x30 && $0 <= 0x39 } == true
    }

    /// Extensions (`u-ca-gregory`) and private use (`x-pseudo`) after the language part: each
    /// singleton needs at least one following subtag, 2-8 characters (1-8 for private use).
    private static func isWellFormedTail(_ rest: ArraySlice<String>) -> Bool {
        var index = rest.startIndex
        while index < rest.endIndex {
            let singleton = rest[index]
            guard singleton.utf8.count == 1, singleton.isASCIIAlphanumeric else { return false }
            let isPrivateUse = singleton == "x"
            var next = index + 1
            while next < rest.endIndex, rest[next].isASCIIAlphanumeric,
                (isPrivateUse ? 1...8 : 2...8).contains(rest[next].utf8.count)
            {
                next += 1
            }
            guard next > index + 1 else { return false }
            if isPrivateUse { return next == rest.endIndex }
            index = next
        }
        return true
    }
}

extension String {
    fileprivate var isASCIILetters: Bool {
        !isEmpty && utf8.allSatisfy { $0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A }
    }

    fileprivate var isASCIIDigits: Bool {
        !isEmpty && utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    fileprivate var isASCIIAlphanumeric: Bool {
        !isEmpty && utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }
    }

    fileprivate func replacingUnderscores() -> String {
        String(decoding: utf8.map { $0 == 0x5F ? 0x2D : $0 }, as: UTF8.self)
    }

    /// Lowercases ASCII letters only: tags are ASCII, and locale-sensitive case mapping must not apply.
    fileprivate func asciiLowercased() -> String {
        String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    fileprivate func uppercasedASCII() -> String {
        String(decoding: utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    fileprivate func asciiTitlecased() -> String {
        let lower = asciiLowercased()
        guard let first = lower.utf8.first else { return lower }
        let head = first >= 0x61 && first <= 0x7A ? first - 0x20 : first
        return String(decoding: [head] + Array(lower.utf8.dropFirst()), as: UTF8.self)
    }
}
