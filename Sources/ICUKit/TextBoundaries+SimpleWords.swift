internal import CICU

/// Word boundaries between common characters decided without ICU, for locales that use ICU's root
/// word break rules.
///
/// Why this is exact (ICU's root `word.txt`, UAX #29 word rules): the code points classified by
/// ``SimpleWordClass`` have the Word_Break values ALetter (ASCII, Latin-1, Latin Extended-A/B and
/// Cyrillic letters), Numeric (ASCII digits), ExtendNumLet (`_`), WSegSpace (the space), CR, LF,
/// Newline (VT, FF), MidNumLet (`.`), Single_Quote (`'`), MidNum (`,` `;`), MidLetter (`:`, which
/// tailorings treat differently, so it is decided only where it cannot matter) or Other (other
/// ASCII and pictographs, which only a ZWJ before them could join: WB3c; CJK ideographs and Hiragana, which only their own kind and Katakana join) — never Extend,
/// Format, ZWJ, Regional_Indicator, Katakana or Hebrew_Letter. Between two such code points, so
/// with nothing for WB4 to skip, the rules that can keep them together are WB3 (CR × LF), WB3d
/// (space × space), WB5/WB8/WB9/WB10/WB13a/WB13b (letters, digits and `_` among themselves) and
/// WB6/WB7/WB11/WB12, which also look at the code point after or before the pair; every other pair
/// breaks (WB3a/WB3b around newlines, WB999). Dictionaries (Thai, CJK) split only runs of
/// dictionary characters and keep the rule boundaries at their ends, so two ideographs in a row are
/// left to ICU and an ideograph next to anything else breaks. Code points are read only from
/// well-formed UTF-8 (``UTF8Scalars``). Tests check all of this against ICU at every offset.
extension TextBoundaries {
    /// Whether the locale's ICU word break rules are the root locale's (so that
    /// ``isSimpleWordBoundary(_:in:)`` applies to it). Asked of ICU once per thread and locale.
    /// - Parameter locale: A BCP 47 tag.
    /// - Returns: true when the rules are the root rules.
    public static func wordRulesAreRoot(locale: String) -> Bool {
        locale.withCString { cicu_word_rules_are_root($0) != 0 }
    }

    /// Whether `offset` is a word boundary by ICU's root word rules, decided from the code points
    /// around it when they are common ones (see the extension's notes).
    /// - Parameters:
    ///   - offset: A byte offset.
    ///   - text: UTF-8 bytes.
    /// - Returns: true at 0 and at `text.count`; false inside a well-formed code point; true or false
    ///   where the code points around `offset` decide it; nil when ICU must decide.
    public static func isSimpleWordBoundary(_ offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard offset > 0, offset < text.count else { return offset == 0 || offset == text.count ? true : nil }
        // Inside a well-formed code point: never a boundary (ICU moves such an offset back to the
        // code point's start, and its boundaries are code point starts).
        if text[offset] & 0xC0 == 0x80, let start = UTF8Scalars.start(ofScalarContaining: offset, in: text),
            start < offset
        {
            return false
        }
        guard let previous = UTF8Scalars.decode(endingAt: offset, in: text),
            let current = UTF8Scalars.decode(at: offset, in: text),
            let before = SimpleWordClass(previous.scalar), let after = SimpleWordClass(current.scalar)
        else { return nil }
        /// The class of the code point after the pair (nil: ICU must decide; `.other` at the end).
        func following() -> SimpleWordClass? {
            let end = offset + current.length
            guard end < text.count else { return .other }
            return UTF8Scalars.decode(at: end, in: text).flatMap { SimpleWordClass($0.scalar) }
        }
        /// The class of the code point before the pair (nil: ICU must decide; `.other` at the start).
        func preceding() -> SimpleWordClass? {
            let start = offset - previous.length
            guard start > 0 else { return .other }
            return UTF8Scalars.decode(endingAt: start, in: text).flatMap { SimpleWordClass($0.scalar) }
        }
        switch (before, after) {
        case (.ideograph, .ideograph): return nil
        case (.ideograph, _), (_, .ideograph): return true
        case (.carriageReturn, .lineFeed): return false
        case (.carriageReturn, _), (.lineFeed, _), (.newline, _), (_, .carriageReturn), (_, .lineFeed), (_, .newline):
            return true
        case (.space, .space): return false
        case (.letter, .letter), (.letter, .digit), (.letter, .underscore), (.digit, .letter), (.digit, .digit),
            (.digit, .underscore), (.underscore, .letter), (.underscore, .digit), (.underscore, .underscore):
            return false
        case (.letter, .midLetterNumber), (.digit, .midLetterNumber), (.digit, .midNumber):
            // WB6 / WB12: kept together when the same kind follows the separator.
            return following().map { $0 != before }
        case (.midLetterNumber, .letter), (.midLetterNumber, .digit), (.midNumber, .digit):
            // WB7 / WB11: kept together when the same kind precedes the separator.
            return preceding().map { $0 != after }
        case (.letter, .colon):
            // A colon between letters is MidLetter to some rules and Other to others: ICU decides.
            return following().flatMap { $0 == .letter ? nil : true }
        case (.colon, .letter):
            return preceding().flatMap { $0 == .letter ? nil : true }
        default: return true
        }
    }
}

/// The Word_Break value of a common code point, as far as
/// ``TextBoundaries/isSimpleWordBoundary(_:in:)`` needs it; nil for any other code point.
enum SimpleWordClass {
    case letter, digit, underscore, space, carriageReturn, lineFeed, newline
    /// `.` (MidNumLet) and `'` (Single_Quote): between letters and between digits.
    case midLetterNumber
    /// `,` and `;` (MidNum): between digits only.
    case midNumber
    case colon
    /// Other ASCII, and pictographs (U+1F300…U+1F6FF but the emoji modifiers and a few
    /// non-pictographic symbols).
    case other
    /// CJK unified ideographs and Hiragana: dictionary characters in CJK locales.
    case ideograph

    @inline(__always)
    init?(_ scalar: UInt32) {
        switch scalar {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x400...0x481, 0x48A...0x52F:
            self = .letter
        case 0x30...0x39: self = .digit
        case 0x5F: self = .underscore
        case 0x20: self = .space
        case 0x0D: self = .carriageReturn
        case 0x0A: self = .lineFeed
        case 0x0B, 0x0C: self = .newline
        case 0x2E, 0x27: self = .midLetterNumber
        case 0x2C, 0x3B: self = .midNumber
        case 0x3A: self = .colon
        case 0x00..<0x80, 0x1F300...0x1F3FA, 0x1F400...0x1F53D, 0x1F546...0x1F64F, 0x1F680...0x1F6FF:
            self = .other
        case 0x3041...0x3096, 0x4E00...0x9FFF: self = .ideograph
        default: return nil
        }
    }
}
