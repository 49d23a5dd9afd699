import PushLocalizer

extension TextMeasurement {
    /// What a measurement depends on: the width and line limit are not part of it, so a text laid
    /// out on several surfaces of one font and size (the preview's phones, lint's fields) is
    /// measured once.
    ///
    /// Strings are compared and hashed by their UTF-8 bytes, which is what `measure` reads: String's
    /// own `==` is canonical equivalence (`é` equals `e` + U+0301), which would hand one spelling
    /// the other's measurement, and its hash normalizes the text first, which costs more than
    /// hashing the bytes.
    struct Key: Hashable, Sendable {
        var text: String
        var locale: String
        var families: [String]
        var fontSize: Double
        var fontWeight: Int

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.fontSize == rhs.fontSize && lhs.fontWeight == rhs.fontWeight
                && sameBytes(lhs.text, rhs.text) && sameBytes(lhs.locale, rhs.locale)
                && lhs.families.count == rhs.families.count
                && zip(lhs.families, rhs.families).allSatisfy { sameBytes($0, $1) }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(fontSize)
            hasher.combine(fontWeight)
            Self.hashBytes(of: text, into: &hasher)
            Self.hashBytes(of: locale, into: &hasher)
            hasher.combine(families.count)
            for family in families {
                Self.hashBytes(of: family, into: &hasher)
            }
        }

        private static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
            var lhs = lhs
            var rhs = rhs
            return lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
        }

        private static func hashBytes(of string: String, into hasher: inout Hasher) {
            var string = string
            string.withUTF8 { bytes in
                hasher.combine(bytes.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            }
        }
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
