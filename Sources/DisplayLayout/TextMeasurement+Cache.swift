import PushLocalizer

extension TextMeasurement {
    /// What a measurement depends on: the width and line limit are not part of it, so a text laid
    /// out on several surfaces of one font and size (the preview's phones, lint's fields) is
    /// measured once.
    struct Key: Hashable, Sendable {
        var text: String
        var locale: String
        var families: [String]
        var fontSize: Double
        var fontWeight: Int
    }

    /// Measurements of texts up to `cachedTextLimit` UTF-8 bytes, process-wide. Fonts do not change
    /// while the process runs (fontconfig's list is read once), so neither does a measurement.
    private static let cache = BoundedCache<Key, Result<MeasuredText, LineWrapError>>(capacity: 4096) {
        $0.text.utf8.count <= cachedTextLimit
    }

    /// Longer texts are measured every time: they are rare and would crowd out the rest.
    static let cachedTextLimit = 4096

    /// `measure(_:locale:style:)`, answered from the cache when the same text was measured in the same
    /// locale, families, size and weight before.
    static func cachedMeasure(
        _ text: String,
        locale: String,
        style: DisplayTextStyle
    ) throws(LineWrapError)
        -> MeasuredText
    {
        let key = Key(
            text: text,
            locale: locale,
            families: style.fontFamilies,
            fontSize: style.fontSize,
            fontWeight: style.fontWeight
        )
        return try cache.value(for: key) {
            Result { () throws(LineWrapError) in try measure(text, locale: locale, style: style) }
        }.get()
    }
}
