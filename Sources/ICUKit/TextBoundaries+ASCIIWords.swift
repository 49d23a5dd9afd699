internal import CICU

/// Word boundaries between ASCII characters decided without ICU, for locales that use ICU's root
/// word break rules.
///
/// Why this is exact (ICU's root `word.txt`, UAX #29 word rules): ASCII characters have only the
/// Word_Break values ALetter (letters), Numeric (digits), ExtendNumLet (`_`), WSegSpace (space),
/// CR, LF, Newline (VT, FF), MidNumLet (`.`), Single_Quote (`'`), MidNum (`,` `;`), MidLetter
/// (`:`, never decided here: tailorings differ on it) and Other — never Extend, Format, ZWJ,
/// Regional_Indicator, Katakana, Hebrew_Letter or a dictionary character. Between two ASCII
/// characters, so with nothing for WB4 to skip, the rules that can keep them together are WB3 (CR
/// × LF), WB3d (space × space), WB5/WB8/WB9/WB10/WB13a/WB13b (letters, digits and `_` among
/// themselves) and WB6/WB7/WB11/WB12, which also look at the character after or before the pair;
/// every other pair breaks (WB3a/WB3b around newlines, WB999). Dictionaries (Thai, CJK) only split
/// runs of dictionary characters, which are not ASCII. An ASCII byte is always a whole code point,
/// even in ill-formed UTF-8. `isASCIIWordBoundary` answers only from bytes that are ASCII, and nil
/// otherwise; tests check it against ICU at every offset of random texts.
extension TextBoundaries {
    /// Whether the locale's ICU word break rules are the root locale's (so that
    /// ``isASCIIWordBoundary(_:in:)`` applies to it). Asked of ICU once per thread and locale.
    /// - Parameter locale: A BCP 47 tag.
    /// - Returns: true when the rules are the root rules.
    public static func wordRulesAreRoot(locale: String) -> Bool {
        locale.withCString { cicu_word_rules_are_root($0) != 0 }
    }

    /// Whether `offset` is a word boundary by ICU's root word rules, decided from ASCII bytes only.
    /// - Parameters:
    ///   - offset: A byte offset.
    ///   - text: UTF-8 bytes.
    /// - Returns: true at 0 and at `text.count`; true or false where the bytes around `offset` decide
    ///   it; nil when ICU must decide (a non-ASCII byte in reach, a colon, an offset out of range).
    public static func isASCIIWordBoundary(_ offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard offset > 0, offset < text.count else { return offset == 0 || offset == text.count ? true : nil }
        let before = ASCIIWordClass(text[offset - 1])
        let after = ASCIIWordClass(text[offset])
        switch (before, after) {
        case (.none, _), (_, .none), (.colon, _), (_, .colon): return nil
        case (.carriageReturn, .lineFeed): return false
        case (.carriageReturn, _), (.lineFeed, _), (.newline, _), (_, .carriageReturn), (_, .lineFeed), (_, .newline):
            return true
        case (.space, .space): return false
        case (.letter, .letter), (.letter, .digit), (.letter, .underscore), (.digit, .letter), (.digit, .digit),
            (.digit, .underscore), (.underscore, .letter), (.underscore, .digit), (.underscore, .underscore):
            return false
        case (.letter, .midLetterNumber), (.digit, .midLetterNumber), (.digit, .midNumber):
            // WB6 / WB12: kept together when the same kind follows the separator.
            guard offset + 1 < text.count else { return true }
            guard let next = ASCIIWordClass(text[offset + 1]) else { return nil }
            return next != before
        case (.midLetterNumber, .letter), (.midLetterNumber, .digit), (.midNumber, .digit):
            // WB7 / WB11: kept together when the same kind precedes the separator.
            guard offset >= 2 else { return true }
            guard let previous = ASCIIWordClass(text[offset - 2]) else { return nil }
            return previous != after
        default: return true
        }
    }
}

/// The Word_Break value of an ASCII byte, as far as ``TextBoundaries/isASCIIWordBoundary(_:in:)``
/// needs it; nil for a byte that is not ASCII.
enum ASCIIWordClass {
    case letter, digit, underscore, space, carriageReturn, lineFeed, newline
    /// `.` (MidNumLet) and `'` (Single_Quote): between letters and between digits.
    case midLetterNumber
    /// `,` and `;` (MidNum): between digits only.
    case midNumber
    case colon, other

    @inline(__always)
    init?(_ byte: UInt8) {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A: self = .letter
        case 0x30...0x39: self = .digit
        case 0x5F: self = .underscore
        case 0x20: self = .space
        case 0x0D: self = .carriageReturn
        case 0x0A: self = .lineFeed
        case 0x0B, 0x0C: self = .newline
        case 0x2E, 0x27: self = .midLetterNumber
        case 0x2C, 0x3B: self = .midNumber
        case 0x3A: self = .colon
        case 0x00..<0x80: self = .other
        default: return nil
        }
    }
}
