internal import CICU

/// BCP 47 locale tags as ICU4C and CLDR see them.
public enum LocaleTags {
    /// The canonical BCP 47 form: accepts `pt_BR`, replaces deprecated codes (`iw` → `he`,
    /// `in` → `id`, `no` → `nb`), normalizes case.
    /// - Parameter tag: A tag.
    /// - Returns: The canonical tag, or `nil` when `tag` is not a well-formed tag.
    public static func canonicalize(_ tag: String) -> String? {
        call(tag, cicu_locale_canonicalize)
    }

    /// The canonical tag with likely subtags added (`zh-TW` → `zh-Hant-TW`, `sr` → `sr-Cyrl-RS`).
    /// - Parameter tag: A tag.
    /// - Returns: The maximized tag, or `nil` when `tag` is not a well-formed tag.
    public static func maximize(_ tag: String) -> String? {
        call(tag, cicu_locale_maximize)
    }

    /// The canonical tag with likely subtags removed (`zh-Hant-TW` → `zh-TW`, `en-Latn-US` → `en`).
    /// - Parameter tag: A tag.
    /// - Returns: The minimized tag, or `nil` when `tag` is not a well-formed tag.
    public static func minimize(_ tag: String) -> String? {
        call(tag, cicu_locale_minimize)
    }

    /// The CLDR parent locale from ICU's data (`es-MX` → `es-419`, `en-AU` → `en-001`,
    /// `pt-AO` → `pt-PT`, `zh-Hant-HK` → `zh-Hant`), else the tag with its last subtag removed.
    /// - Parameter tag: A tag.
    /// - Returns: The parent, or `nil` when the parent is the root locale (`es`, `zh-Hant`) or the
    ///   tag is not well formed.
    public static func parent(of tag: String) -> String? {
        guard let parent = call(tag, cicu_locale_parent), !parent.isEmpty else { return nil }
        return parent
    }

    /// The version of the ICU library in use, e.g. `72.1`.
    public static var icuVersion: String {
        UTF8Output.string { out, capacity in cicu_icu_version(out, capacity) } ?? ""
    }

    private static func call(
        _ tag: String,
        _ function: (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int32) -> Int32
    ) -> String? {
        tag.withCString { cTag in
            UTF8Output.string { out, capacity in function(cTag, out, capacity) }
        }
    }
}
