import ICUKit

/// Cuts text to fit an escaped-byte limit: at an ICU grapheme-cluster boundary, moved back to an
/// ICU word boundary when that gives up at most `wordBackoffLimit` bytes, then the ellipsis.
struct TextCutter: Sendable {
    /// The most escaped bytes a cut may give up to end on a word boundary.
    static let wordBackoffLimit = 24

    let ellipsis: [UInt8]
    let locale: String
    var ellipsisSize: Int { JSONEscaping.size(of: ellipsis) }

    /// The longest grapheme-aligned prefix of `text` whose escaped size is at most `limit`.
    /// - Returns: the prefix length in bytes and its escaped size.
    func graphemePrefix(of text: [UInt8], escapedLimit limit: Int) -> (length: Int, size: Int) {
        var size = 0
        var end = 0
        text.withUnsafeBufferPointer { bytes in
            while end < bytes.count {
                let cost = JSONEscaping.size(ofByte: bytes[end])
                if size + cost > limit { break }
                size += cost
                end += 1
            }
        }
        if end == text.count { return (end, size) }
        let boundary = text.withUnsafeBufferPointer { TextBoundaries.graphemeBoundary(atOrBefore: end, in: $0) }
        return (boundary, JSONEscaping.size(of: text[..<boundary]))
    }

    /// The end of the grapheme cluster that starts at `offset`.
    func nextGraphemeEnd(in text: [UInt8], after offset: Int) -> Int {
        text.withUnsafeBufferPointer { TextBoundaries.graphemeBoundary(after: offset, in: $0) }
    }

    /// Moves a grapheme cut back to a word boundary (and before the white space there) when that
    /// gives up at most `wordBackoffLimit` escaped bytes and keeps some text.
    func wordAligned(_ text: [UInt8], cut: Int) -> Int {
        guard cut > 0, cut < text.count else { return cut }
        var boundary = text.withUnsafeBufferPointer { buffer in
            var word = TextBoundaries.wordBoundary(atOrBefore: cut, in: buffer, locale: locale)
            // A word boundary need not be a grapheme boundary: U+0600…U+0605 and U+110BD are Format to
            // the word rules, so they join the word before them, yet Prepend to the grapheme rules, so
            // they start the cluster after them ("}\u{0600}1": word boundary at 3, clusters "}" and
            // "\u{0600}1"). Never cut there: take the previous word boundary instead.
            while word > 0, TextBoundaries.graphemeBoundary(atOrBefore: word, in: buffer) != word {
                word = TextBoundaries.wordBoundary(atOrBefore: word - 1, in: buffer, locale: locale)
            }
            return word
        }
        while boundary > 0, Self.isWhiteSpace(before: boundary, in: text) {
            let previous = text.withUnsafeBufferPointer {
                TextBoundaries.graphemeBoundary(atOrBefore: boundary - 1, in: $0)
            }
            boundary = previous
        }
        guard boundary > 0, JSONEscaping.size(of: text[boundary..<cut]) <= Self.wordBackoffLimit else { return cut }
        return boundary
    }

    /// The text cut at `length` with the ellipsis after it (or nothing when `length` is 0 and
    /// even the ellipsis does not fit).
    func trimmed(_ text: [UInt8], at length: Int) -> [UInt8] {
        Array(text[..<length]) + ellipsis
    }

    private static func isWhiteSpace(before offset: Int, in text: [UInt8]) -> Bool {
        let byte = text[offset - 1]
        return byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
