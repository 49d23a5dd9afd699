/// The `values` folder of a locale's Android string resources.
///
/// The source locale's strings go to `values`, Android's default, which it shows when nothing
/// matches the device's languages. Every other locale gets a BCP 47 qualifier, `values-b+` and the
/// tag's subtags joined by `+` (`values-b+es+419`, `values-b+zh+Hant`), which Android reads from
/// API level 21 and aapt and aapt2 compile. Android's qualifier holds a language, then optionally
/// a script, a region and one variant; tags with anything else (extensions, private use, two
/// variants) have no folder.
public enum AndroidResourceFolder {
    /// The folder name for `locale`.
    /// - Parameters:
    ///   - locale: a catalog locale tag, as its file is named.
    ///   - sourceLocale: the catalog's source locale.
    /// - Returns: `values` for the source locale, else `values-b+…`; nil when the tag is not a
    ///   language with optional script, region and variant.
    public static func name(locale: String, sourceLocale: String) -> String? {
        if locale == sourceLocale { return "values" }
        guard let subtags = subtags(of: locale) else { return nil }
        return "values-b+" + subtags.joined(separator: "+")
    }

    /// The tag's subtags when Android's qualifier can hold them.
    static func subtags(of tag: String) -> [String]? {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let language = subtags.first, isLetters(language, count: 2...3) else { return nil }
        var rest = subtags.dropFirst()
        if let script = rest.first, isLetters(script, count: 4...4) { rest = rest.dropFirst() }
        if let region = rest.first, isLetters(region, count: 2...2) || isDigits(region, count: 3...3) {
            rest = rest.dropFirst()
        }
        if let variant = rest.first, isVariant(variant) { rest = rest.dropFirst() }
        return rest.isEmpty ? subtags : nil
    }

    private static func isLetters(_ text: String, count: ClosedRange<Int>) -> Bool {
        count.contains(text.utf8.count) && text.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
    }

    private static func isDigits(_ text: String, count: ClosedRange<Int>) -> Bool {
        count.contains(text.utf8.count) && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// BCP 47's variant: 5 to 8 letters or digits, or 4 starting with a digit.
    private static func isVariant(_ text: String) -> Bool {
        let isAlphanumeric = text.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A)
        }
        guard isAlphanumeric, let first = text.utf8.first else { return false }
        return (5...8).contains(text.utf8.count) || (text.utf8.count == 4 && first >= 0x30 && first <= 0x39)
    }
}
