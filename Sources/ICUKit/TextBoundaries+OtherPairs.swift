/// Grapheme-cluster boundaries between two common non-combining characters, decided without ICU.
///
/// Why this is exact (UAX #29 extended grapheme clusters, ICU's `char.txt`): every code point in
/// ``isOtherGraphemeBreak(_:)`` has Grapheme_Cluster_Break Other — not CR, LF, Control, Extend,
/// ZWJ, Regional_Indicator, Prepend, SpacingMark or a Hangul syllable type. Between two such code
/// points GB3–GB9b, GB11 (which needs ZWJ before the offset), GB12 and GB13 cannot apply, so GB999
/// breaks. The code points are decoded only from well-formed UTF-8 (shortest form, no surrogate):
/// a lead byte is never the trail of an earlier sequence, so ICU, which reads ill-formed bytes as
/// U+FFFD, reads the same code points. Tests check this against ICU at every offset.
extension TextBoundaries {
    /// Whether `offset` is a grapheme boundary because the code points on both sides of it are
    /// listed by ``isOtherGraphemeBreak(_:)``; nil when ICU must decide.
    @inline(__always)
    static func isOtherPairGraphemeBoundary(_ offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard offset > 0, offset < text.count,
            let after = UTF8Scalars.decode(at: offset, in: text), isOtherGraphemeBreak(after.scalar),
            let before = UTF8Scalars.decode(endingAt: offset, in: text), isOtherGraphemeBreak(before.scalar)
        else { return nil }
        return true
    }

    /// The end of the code point at `offset` when both it and the one after it are listed by
    /// ``isOtherGraphemeBreak(_:)`` (or it ends the text): the grapheme boundary after `offset`.
    @inline(__always)
    static func otherPairGraphemeEnd(after offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard offset >= 0, offset < text.count, let current = UTF8Scalars.decode(at: offset, in: text),
            isOtherGraphemeBreak(current.scalar)
        else { return nil }
        let end = offset + current.length
        if end == text.count { return end }
        guard let next = UTF8Scalars.decode(at: end, in: text), isOtherGraphemeBreak(next.scalar) else { return nil }
        return end
    }

    /// Code points whose Grapheme_Cluster_Break is Other (Unicode 15): printable ASCII, Latin-1
    /// letters and signs but the soft hyphen (Control), Latin Extended-A/B, IPA, spacing modifier
    /// letters, Greek and Cyrillic letters (not the combining U+0483…U+0489), Arabic letters U+0621…
    /// U+064A, Hiragana and Katakana (not the combining voiced marks U+3099/U+309A), CJK unified
    /// ideographs and fullwidth ASCII.
    @inline(__always)
    static func isOtherGraphemeBreak(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x621...0x64A,
            0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xFF01...0xFF5E:
            return true
        default: return false
        }
    }
}
