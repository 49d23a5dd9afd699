/// Grapheme-cluster boundaries among common characters and emoji ZWJ sequences, decided without ICU.
///
/// Why this is exact (UAX #29 extended grapheme clusters, ICU 72's `char.txt`, Unicode 15): the
/// code points of ``SimpleGraphemeClass`` have Grapheme_Cluster_Break Other (letters, CJK,
/// printable ASCII, pictographs), Extend (variation selectors, emoji modifiers, the keycap mark,
/// tags, common combining marks) or ZWJ — never CR, LF, Control, Regional_Indicator, Prepend,
/// SpacingMark or a Hangul syllable type. Among them the only rules that keep two code points
/// together are GB9 (× Extend or ZWJ) and GB11 (Extended_Pictographic Extend* ZWJ ×
/// Extended_Pictographic); every other pair breaks (GB999). Code points are read only from
/// well-formed UTF-8 (``UTF8Scalars``). Tests check this against ICU at every offset.
extension TextBoundaries {
    /// The most code points a shortcut walks before leaving the question to ICU.
    private static let simpleGraphemeSteps = 24

    /// The largest grapheme boundary at or before `offset` (a code point start), walking back over
    /// simple code points; nil when ICU must decide.
    @inline(__always)
    static func simpleGraphemeBoundary(atOrBefore offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard offset > 0, offset < text.count, text[offset] & 0xC0 != 0x80 else { return nil }
        var position = offset
        for _ in 0..<simpleGraphemeSteps {
            guard let decided = isSimpleGraphemeBoundary(position, in: text) else { return nil }
            if decided.boundary { return position }
            position -= decided.previousLength
            if position == 0 { return 0 }
        }
        return nil
    }

    /// The smallest grapheme boundary after `offset` (a code point start), walking forward over
    /// simple code points; nil when ICU must decide.
    @inline(__always)
    static func simpleGraphemeBoundary(after offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard offset >= 0, offset < text.count, text[offset] & 0xC0 != 0x80 else { return nil }
        var position = offset
        for _ in 0..<simpleGraphemeSteps {
            guard let current = UTF8Scalars.decode(at: position, in: text) else { return nil }
            position += current.length
            if position == text.count { return position }
            guard let decided = isSimpleGraphemeBoundary(position, in: text) else { return nil }
            if decided.boundary { return position }
        }
        return nil
    }

    /// Whether the code point start `offset` (0 < offset < count) is a boundary, and the length of
    /// the code point before it; nil when a code point around it is not simple.
    @inline(__always)
    private static func isSimpleGraphemeBoundary(
        _ offset: Int,
        in text: UnsafeBufferPointer<UInt8>
    ) -> (boundary: Bool, previousLength: Int)? {
        guard let previous = UTF8Scalars.decode(endingAt: offset, in: text),
            let current = UTF8Scalars.decode(at: offset, in: text),
            let before = SimpleGraphemeClass(previous.scalar), let after = SimpleGraphemeClass(current.scalar)
        else { return nil }
        switch (before, after) {
        case (_, .extend), (_, .zeroWidthJoiner): return (false, previous.length)  // GB9
        case (.zeroWidthJoiner, .pictographic):
            // GB11: joined when a pictograph, then only Extend, comes before the ZWJ.
            var start = offset - previous.length
            for _ in 0..<simpleGraphemeSteps {
                guard start > 0, let scalar = UTF8Scalars.decode(endingAt: start, in: text),
                    let kind = SimpleGraphemeClass(scalar.scalar)
                else { return start == 0 ? (true, previous.length) : nil }
                switch kind {
                case .pictographic: return (false, previous.length)
                case .extend: start -= scalar.length
                case .other, .zeroWidthJoiner: return (true, previous.length)
                }
            }
            return nil
        default: return (true, previous.length)  // GB999
        }
    }
}

/// The Grapheme_Cluster_Break of a simple code point (and whether it is Extended_Pictographic),
/// as far as the shortcuts of ``TextBoundaries`` need it; nil for any other code point.
enum SimpleGraphemeClass {
    /// Other and not Extended_Pictographic: printable ASCII, Latin-1 letters and signs but the
    /// soft hyphen (Control) and ©/® (pictographs), Latin Extended-A/B, IPA, spacing modifier
    /// letters, Greek and Cyrillic letters (not the combining U+0483…U+0489), Arabic letters U+0621…
    /// U+064A, Hiragana and Katakana (not the combining voiced marks U+3099/U+309A), CJK unified
    /// ideographs and fullwidth ASCII.
    case other
    /// Other and Extended_Pictographic: the pictographs of U+1F300…U+1F3FA, U+1F400…U+1F53D,
    /// U+1F546…U+1F64F, U+1F680…U+1F6FF and U+1F947…U+1F9FF.
    case pictographic
    /// Extend: combining diacritics U+0300…U+036F, U+20E3 (keycap), variation selectors U+FE00…
    /// U+FE0F, emoji modifiers U+1F3FB…U+1F3FF, tags U+E0020…U+E007F.
    case extend
    /// U+200D ZERO WIDTH JOINER.
    case zeroWidthJoiner

    @inline(__always)
    init?(_ scalar: UInt32) {
        switch scalar {
        case 0x20...0x7E, 0xA0...0xA8, 0xAA...0xAC, 0xAF...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x621...0x64A,
            0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xFF01...0xFF5E:
            self = .other
        case 0x1F300...0x1F3FA, 0x1F400...0x1F53D, 0x1F546...0x1F64F, 0x1F680...0x1F6FF, 0x1F947...0x1F9FF:
            self = .pictographic
        case 0x300...0x36F, 0x20E3, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: self = .extend
        case 0x200D: self = .zeroWidthJoiner
        default: return nil
        }
    }
}
