import ICUKit

/// BCP 47 (RFC 5646) language tag syntax, for file names of `Locales/`.
///
/// ICU reads far more than BCP 47 (`pt_BR`, `en_US_POSIX`), so well-formedness is checked here;
/// ICU then confirms it can read the tag. "Valid" is taken as: well formed, with a primary
/// language subtag of two or three letters (the registry has no other length in use), and no
/// subtag repeated among variants or singletons.
enum LanguageTagSyntax {
    /// Whether `tag` is a valid BCP 47 tag.
    static func isValid(_ tag: String) -> Bool {
        isWellFormed(tag) && LocaleTags.canonicalize(tag) != nil
    }

    /// RFC 5646 `langtag` (or a private-use tag), without the grandfathered irregular forms.
    static func isWellFormed(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).map { String($0) }
        guard !subtags.isEmpty, subtags.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy(isAlphanumeric) })
        else { return false }
        var index = 0
        // language: 2-3 letters, with up to three 3-letter extlangs.
        guard isAlpha(subtags[0]), (2...3).contains(subtags[0].count) else { return false }
        index = 1
        var extlangs = 0
        while index < subtags.count, extlangs < 3, subtags[index].count == 3, isAlpha(subtags[index]) {
            index += 1
            extlangs += 1
        }
        if index < subtags.count, subtags[index].count == 4, isAlpha(subtags[index]) { index += 1 }
        if index < subtags.count, isRegion(subtags[index]) { index += 1 }
        var variants: Set<String> = []
        while index < subtags.count, isVariant(subtags[index]) {
            guard variants.insert(subtags[index].lowercased()).inserted else { return false }
            index += 1
        }
        var singletons: Set<String> = []
        while index < subtags.count {
            let singleton = subtags[index].lowercased()
            guard singleton.count == 1 else { return false }
            if singleton == "x" {
                return index + 1 < subtags.count
            }
            guard singletons.insert(singleton).inserted else { return false }
            index += 1
            let first = index
            while index < subtags.count, subtags[index].count >= 2 { index += 1 }
            guard index > first else { return false }
        }
        return true
    }

    private static func isAlphanumeric(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }

    private static func isAlpha(_ subtag: String) -> Bool {
        subtag.allSatisfy { $0.isASCII && $0.isLetter }
    }

    private static func isDigits(_ subtag: String) -> Bool {
        subtag.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func isRegion(_ subtag: String) -> Bool {
        (subtag.count == 2 && isAlpha(subtag)) || (subtag.count == 3 && isDigits(subtag))
    }

    private static func isVariant(_ subtag: String) -> Bool {
        (5...8).contains(subtag.count) || (subtag.count == 4 && subtag.first?.isNumber == true)
    }
}
