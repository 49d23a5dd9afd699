internal import CICU

/// ICU text boundaries (UAX #29 extended grapheme clusters, ICU word break) over UTF-8 text.
/// Offsets are UTF-8 byte offsets into the text. The text is read in place, never copied, and
/// ill-formed UTF-8 is tolerated (read as U+FFFD).
public enum TextBoundaries {
    /// The largest grapheme-cluster boundary at or before `offset`.
    /// - Parameters:
    ///   - offset: A byte offset, clamped to `0...text.count`.
    ///   - text: UTF-8 bytes.
    /// - Returns: A boundary offset.
    public static func graphemeBoundary(atOrBefore offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        withCText(text) { base, length in
            Int(cicu_grapheme_preceding_or_at(base, length, Int64(offset)))
        }
    }

    /// The smallest grapheme-cluster boundary after `offset` (`text.count` when there is none).
    /// - Parameters:
    ///   - offset: A byte offset.
    ///   - text: UTF-8 bytes.
    /// - Returns: A boundary offset.
    public static func graphemeBoundary(after offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        withCText(text) { base, length in
            Int(cicu_grapheme_following(base, length, Int64(offset)))
        }
    }

    /// Every grapheme-cluster boundary, from 0 to `text.count` inclusive.
    /// - Parameter text: UTF-8 bytes.
    /// - Returns: Increasing byte offsets.
    public static func graphemeBoundaries(in text: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard text.count > 0 else { return [0] }
        // There are never more boundaries than bytes + 1, so one call always suffices.
        let capacity = text.count + 1
        return withCText(text) { base, length in
            [Int](unsafeUninitializedCapacity: capacity) { buffer, count in
                guard let start = buffer.baseAddress else { return }
                let written = start.withMemoryRebound(to: Int64.self, capacity: capacity) { out in
                    cicu_grapheme_boundaries(base, length, out, Int64(capacity))
                }
                count = max(0, min(Int(written), capacity))
            }
        }
    }

    /// The largest word boundary at or before `offset`, by the locale's ICU word break rules
    /// (dictionary-based for Thai, Lao, Khmer, Burmese, Chinese and Japanese).
    /// - Parameters:
    ///   - offset: A byte offset, clamped to `0...text.count`.
    ///   - text: UTF-8 bytes.
    ///   - locale: A BCP 47 tag.
    /// - Returns: A boundary offset.
    public static func wordBoundary(atOrBefore offset: Int, in text: UnsafeBufferPointer<UInt8>, locale: String) -> Int
    {
        locale.withCString { cLocale in
            withCText(text) { base, length in
                Int(cicu_word_preceding_or_at(cLocale, base, length, Int64(offset)))
            }
        }
    }

    // MARK: Conveniences

    /// ``graphemeBoundary(atOrBefore:in:)-(_,UnsafeBufferPointer<UInt8>)`` over a byte array.
    public static func graphemeBoundary(atOrBefore offset: Int, in text: [UInt8]) -> Int {
        text.withUnsafeBufferPointer { graphemeBoundary(atOrBefore: offset, in: $0) }
    }

    /// ``graphemeBoundary(after:in:)-(_,UnsafeBufferPointer<UInt8>)`` over a byte array.
    public static func graphemeBoundary(after offset: Int, in text: [UInt8]) -> Int {
        text.withUnsafeBufferPointer { graphemeBoundary(after: offset, in: $0) }
    }

    /// ``graphemeBoundaries(in:)-(UnsafeBufferPointer<UInt8>)`` over a byte array.
    public static func graphemeBoundaries(in text: [UInt8]) -> [Int] {
        text.withUnsafeBufferPointer { graphemeBoundaries(in: $0) }
    }

    /// ``wordBoundary(atOrBefore:in:locale:)-(_,UnsafeBufferPointer<UInt8>,_)`` over a byte array.
    public static func wordBoundary(atOrBefore offset: Int, in text: [UInt8], locale: String) -> Int {
        text.withUnsafeBufferPointer { wordBoundary(atOrBefore: offset, in: $0, locale: locale) }
    }

    /// Grapheme boundaries of a String, as UTF-8 byte offsets.
    public static func graphemeBoundaries(in text: String) -> [Int] {
        var copy = text
        return copy.withUTF8 { graphemeBoundaries(in: $0) }
    }

    /// The largest grapheme boundary at or before a UTF-8 byte offset of a String.
    public static func graphemeBoundary(atOrBefore offset: Int, in text: String) -> Int {
        var copy = text
        return copy.withUTF8 { graphemeBoundary(atOrBefore: offset, in: $0) }
    }

    /// The largest word boundary at or before a UTF-8 byte offset of a String.
    public static func wordBoundary(atOrBefore offset: Int, in text: String, locale: String) -> Int {
        var copy = text
        return copy.withUTF8 { wordBoundary(atOrBefore: offset, in: $0, locale: locale) }
    }

    private static func withCText<Result>(
        _ text: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafePointer<CChar>?, Int64) -> Result
    ) -> Result {
        guard let base = text.baseAddress else { return body(nil, 0) }
        return body(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int64(text.count))
    }
}
