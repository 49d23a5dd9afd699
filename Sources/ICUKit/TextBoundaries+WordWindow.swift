/// ICU word boundaries asked over the text from a nearby word start instead of the whole text.
///
/// ICU's word iterator, set on a text and asked about an offset far into it, backs up to a safe
/// point and fills its cache with the boundaries around the offset, running the CJK dictionary over
/// several runs of ideographs on the way; most of a word query's time goes there. The boundaries
/// after a position where a forward iteration from the text's start ends a segment do not depend
/// on the text before it: the iterator's forward rules start afresh at each boundary and only read
/// ahead, and a dictionary run starts at a rule boundary or after one. So the text may start
/// there. It may end at the next such position after the offset asked about: no rule reads ahead
/// across a space into a code point that starts a word, and a dictionary run ends at the space, so
/// the boundaries before it are the same without the text that follows (the dictionary then runs
/// over the one run of ideographs around the offset, not the rest of the text).
///
/// Such a position: right after a space or a line feed, before a code point that neither joins a
/// space (WB3d: another space; WB4: Extend, Format, ZWJ) nor continues anything else a space could
/// end — an ideograph or Hiragana (the dictionary runs this is for), a Hangul syllable, or a code point
/// ``SimpleWordClass`` classifies other than white space. For the root word rules only; tests check
/// the result against ICU over the whole text at every offset of random texts.
extension TextBoundaries {
    /// How far back (and ahead) a word start is looked for (bytes) before the whole text (the
    /// rest of the text) is asked.
    static let wordWindowReach = 256

    /// ``wordBoundary(atOrBefore:in:locale:)``, asked over the text from the nearest word start at
    /// or before `offset` that follows a space or a line feed to the next one after it (see the
    /// extension's notes); over the whole text when there is none before it within reach or the
    /// locale's word rules are not the root ones, and to the text's end when there is none after
    /// it within reach.
    /// - Parameters:
    ///   - offset: A byte offset.
    ///   - text: UTF-8 bytes.
    ///   - locale: A BCP 47 tag.
    /// - Returns: The largest word boundary at or before `offset`, as ICU finds it in the whole text.
    public static func windowedWordBoundary(
        atOrBefore offset: Int,
        in text: UnsafeBufferPointer<UInt8>,
        locale: String
    ) -> Int {
        guard offset > 0, offset < text.count, wordRulesAreRoot(locale: locale) else {
            return wordBoundary(atOrBefore: offset, in: text, locale: locale)
        }
        var start = offset
        let floor = max(offset - wordWindowReach, 1)
        while start >= floor {
            let before = text[start - 1]
            if before == 0x20 || before == 0x0A, startsWordAfterSpace(at: start, in: text) { break }
            start -= 1
        }
        guard start >= floor else { return wordBoundary(atOrBefore: offset, in: text, locale: locale) }
        // The window ends at the next such position after `offset` (or the text's end): the
        // boundaries up to there do not depend on the text after it.
        var end = offset + 1
        let ceiling = min(offset + wordWindowReach, text.count)
        while end < ceiling {
            let before = text[end - 1]
            if before == 0x20 || before == 0x0A, startsWordAfterSpace(at: end, in: text) { break }
            end += 1
        }
        if end >= ceiling { end = text.count }
        let window = UnsafeBufferPointer(rebasing: text[start..<end])
        return start + wordBoundary(atOrBefore: offset - start, in: window, locale: locale)
    }

    /// Whether the code point at `offset` always starts a word after a space (see the notes).
    private static func startsWordAfterSpace(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset < text.count, let current = UTF8Scalars.decode(at: offset, in: text) else { return false }
        if (0xAC00...0xD7A3).contains(current.scalar) { return true }
        switch SimpleWordClass(current.scalar) {
        case nil, .space?, .carriageReturn?, .lineFeed?, .newline?: return false
        default: return true
        }
    }
}
