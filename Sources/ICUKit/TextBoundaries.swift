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
        if offset <= 0 { return 0 }
        if offset >= text.count { return text.count }
        let before = text[offset - 1]
        let after = text[offset]
        if before < 0x80, after < 0x80 {
            // Between two ASCII bytes only CR × LF is not a boundary (see `isASCIIGraphemeBoundary`),
            // and GB5 (÷ before CR) makes the position before that CR one.
            return before == 0x0D && after == 0x0A ? offset - 1 : offset
        }
        if let boundary = simpleGraphemeBoundary(atOrBefore: offset, in: text) { return boundary }
        // An offset inside a well-formed code point: ICU first moves it back to the code point's
        // start (UText's native index), so the shortcut may start there too.
        if after & 0xC0 == 0x80, let start = UTF8Scalars.start(ofScalarContaining: offset, in: text) {
            if start == 0 { return 0 }
            if let boundary = simpleGraphemeBoundary(atOrBefore: start, in: text) { return boundary }
        }
        return icuGraphemeBoundary(atOrBefore: offset, in: text)
    }

    /// ``graphemeBoundary(atOrBefore:in:)-(_,UnsafeBufferPointer<UInt8>)`` always asked of ICU (no
    /// ASCII shortcut): the reference the shortcut is tested against.
    public static func icuGraphemeBoundary(atOrBefore offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        withCText(text) { base, length in
            Int(cicu_grapheme_preceding_or_at(base, length, Int64(offset)))
        }
    }

    /// Whether `offset` is a grapheme-cluster boundary by the ASCII rule alone: `true` at 0 and at
    /// `text.count`, and between two ASCII bytes except CR LF; `nil` when ICU must decide.
    ///
    /// Why this is exact (UAX #29, extended grapheme clusters): ASCII code points have only the
    /// Grapheme_Cluster_Break values CR, LF, Control (U+0000…U+001F but CR and LF, and U+007F) and
    /// Other — none is Extend, ZWJ, SpacingMark, Prepend, Regional_Indicator, a Hangul syllable
    /// type, Extended_Pictographic or an Indic conjunct consonant/linker. So between two ASCII
    /// code points GB6–GB9c, GB11, GB12 and GB13 cannot apply; GB1/GB2 (text start and end) are
    /// boundaries; GB3 keeps CR × LF together; GB4/GB5 break around controls and GB999 breaks
    /// everything else. An ASCII byte is never part of a multi-byte UTF-8 sequence, even in
    /// ill-formed text (ICU decodes a truncated sequence as U+FFFD that ends before it), so two
    /// adjacent ASCII bytes are two adjacent code points and `offset` is not inside a code point.
    @inline(__always)
    public static func isASCIIGraphemeBoundary(_ offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool? {
        if offset <= 0 || offset >= text.count { return offset == 0 || offset == text.count ? true : nil }
        let before = text[offset - 1]
        let after = text[offset]
        guard before < 0x80, after < 0x80 else { return nil }
        return !(before == 0x0D && after == 0x0A)
    }

    /// The smallest grapheme-cluster boundary after `offset` (`text.count` when there is none).
    /// - Parameters:
    ///   - offset: A byte offset.
    ///   - text: UTF-8 bytes.
    /// - Returns: A boundary offset.
    public static func graphemeBoundary(after offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        // `offset` + 1 is the answer when it is a boundary by the ASCII rule; after CR LF, the
        // position after the LF is one (GB4: ÷ after LF).
        if offset >= 0, offset < text.count, text[offset] < 0x80 {
            if offset + 1 == text.count { return text.count }
            let after = text[offset + 1]
            if after < 0x80 {
                if text[offset] != 0x0D || after != 0x0A { return offset + 1 }
                if offset + 2 == text.count || text[offset + 2] < 0x80 { return offset + 2 }
            }
        }
        if let end = simpleGraphemeBoundary(after: offset, in: text) { return end }
        return icuGraphemeBoundary(after: offset, in: text)
    }

    /// ``graphemeBoundary(after:in:)-(_,UnsafeBufferPointer<UInt8>)`` always asked of ICU (no ASCII
    /// shortcut): the reference the shortcut is tested against.
    public static func icuGraphemeBoundary(after offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
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
