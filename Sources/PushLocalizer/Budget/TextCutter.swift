import ICUKit

/// Cuts text to fit an escaped-byte limit: at an ICU grapheme-cluster boundary, moved back to an
/// ICU word boundary when that gives up at most `wordBackoffLimit` bytes, then the ellipsis.
struct TextCutter: Sendable {
    /// The most escaped bytes a cut may give up to end on a word boundary.
    static let wordBackoffLimit = 24

    let ellipsis: [UInt8]
    let locale: String
    /// Whether sizes are JSON-escaped sizes (the budget counts the payload's JSON), or plain
    /// UTF-8 byte counts (the budget counts text: `PayloadShape.countsJSON`). Every size and
    /// limit below is in this unit ("escaped" in the names).
    var escapes = true
    /// The ellipsis's size in this cutter's unit.
    var ellipsisSize: Int {
        escapes ? ellipsis.withUnsafeBufferPointer { JSONEscaping.size(ofContiguous: $0) } : ellipsis.count
    }

    /// The ellipsis as a payload holds it: escaped when sizes are escaped sizes. The usual
    /// ellipsis has nothing to escape, and is then its own bytes, not a copy.
    var writtenEllipsis: [UInt8] {
        // Escaping only ever lengthens a text.
        guard escapes, ellipsisSize != ellipsis.count else { return ellipsis }
        var written: [UInt8] = []
        JSONEscaping.append(ellipsis, to: &written)
        return written
    }

    /// The size of `text` in this cutter's unit.
    func size<C: Collection>(of text: C) -> Int where C.Element == UInt8 {
        escapes ? JSONEscaping.size(of: text) : text.count
    }

    /// ``size(of:)`` of contiguous bytes.
    func size(ofContiguous text: UnsafeBufferPointer<UInt8>) -> Int {
        escapes ? JSONEscaping.size(ofContiguous: text) : text.count
    }

    /// The longest grapheme-aligned prefix of `text` whose escaped size is at most `limit`.
    /// - Returns: the prefix length in bytes and its escaped size.
    func graphemePrefix(of text: [UInt8], escapedLimit limit: Int) -> (length: Int, size: Int) {
        text.withUnsafeBufferPointer { graphemePrefix(of: $0, escapedLimit: limit) }
    }

    /// ``graphemePrefix(of:escapedLimit:)`` over contiguous bytes: one bounded scan, then back to
    /// the grapheme boundary, subtracting the few bytes given back instead of measuring again.
    func graphemePrefix(of text: UnsafeBufferPointer<UInt8>, escapedLimit limit: Int) -> (length: Int, size: Int) {
        guard escapes else { return graphemePrefix(of: text, escapedLimit: limit, clean: true) }
        let (end, size) = JSONEscaping.prefixLength(of: text, escapedLimit: limit)
        if end == text.count { return (end, size) }
        let boundary = TextBoundaries.graphemeBoundary(atOrBefore: end, in: text)
        return (boundary, size - JSONEscaping.size(ofContiguous: UnsafeBufferPointer(rebasing: text[boundary..<end])))
    }

    /// ``graphemePrefix(of:escapedLimit:)-(UnsafeBufferPointer<UInt8>,_)`` for a text known to
    /// have no byte to escape when `clean` is true: no scan, its escaped sizes are its byte counts.
    func graphemePrefix(
        of text: UnsafeBufferPointer<UInt8>,
        escapedLimit limit: Int,
        clean: Bool
    ) -> (length: Int, size: Int) {
        guard clean else { return graphemePrefix(of: text, escapedLimit: limit) }
        let end = min(max(limit, 0), text.count)
        let boundary = TextBoundaries.graphemeBoundary(atOrBefore: end, in: text)
        return (boundary, boundary)
    }

    /// ``graphemePrefix(of:escapedLimit:clean:)`` that looks the prefix up in `escapes` (the text's
    /// escapes, scanned before) instead of scanning the text, where they reach.
    func graphemePrefix(
        of text: UnsafeBufferPointer<UInt8>,
        escapedLimit limit: Int,
        clean: Bool,
        escapes: EscapeIndex?
    ) -> (length: Int, size: Int) {
        guard !clean, let (end, size) = escapes?.prefix(of: text, escapedLimit: limit) else {
            return graphemePrefix(of: text, escapedLimit: limit, clean: clean)
        }
        if end == text.count { return (end, size) }
        let boundary = TextBoundaries.graphemeBoundary(atOrBefore: end, in: text)
        return (boundary, size - JSONEscaping.size(ofContiguous: UnsafeBufferPointer(rebasing: text[boundary..<end])))
    }

    /// ``JSONEscaping/prefixLength(of:escapedLimit:)``, without a scan for a text known to have no
    /// byte to escape.
    static func escapedPrefix(
        of text: UnsafeBufferPointer<UInt8>,
        escapedLimit limit: Int,
        clean: Bool
    ) -> (length: Int, size: Int) {
        guard clean else { return JSONEscaping.prefixLength(of: text, escapedLimit: limit) }
        let end = min(max(limit, 0), text.count)
        return (end, end)
    }

    /// The end of the grapheme cluster that starts at `offset`.
    func nextGraphemeEnd(in text: [UInt8], after offset: Int) -> Int {
        text.withUnsafeBufferPointer { TextBoundaries.graphemeBoundary(after: offset, in: $0) }
    }

    /// Moves a grapheme cut back to a word boundary (and before the white space there) when that
    /// gives up at most `wordBackoffLimit` escaped bytes and keeps some text.
    func wordAligned(_ text: [UInt8], cut: Int) -> Int {
        text.withUnsafeBufferPointer { wordAligned($0, cut: cut) }
    }

    /// ``wordAligned(_:cut:)`` over contiguous bytes.
    func wordAligned(_ text: UnsafeBufferPointer<UInt8>, cut: Int) -> Int {
        guard cut > 0, cut < text.count else { return cut }
        var boundary: Int
        switch simpleWordBoundary(atOrBefore: cut, in: text) {
        case .found(let found): boundary = found
        case .outOfReach: return cut
        case .askICU: boundary = TextBoundaries.windowedWordBoundary(atOrBefore: cut, in: text, locale: locale)
        }
        // A word boundary need not be a grapheme boundary: U+0600…U+0605 and U+110BD are Format to
        // the word rules, so they join the word before them, yet Prepend to the grapheme rules, so
        // they start the cluster after them ("}\u{0600}1": word boundary at 3, clusters "}" and
        // "\u{0600}1"). Never cut there: take the previous word boundary instead.
        while boundary > 0, TextBoundaries.graphemeBoundary(atOrBefore: boundary, in: text) != boundary {
            boundary = TextBoundaries.wordBoundary(atOrBefore: boundary - 1, in: text, locale: locale)
        }
        while boundary > 0, Self.isWhiteSpace(text[boundary - 1]) {
            boundary = TextBoundaries.graphemeBoundary(atOrBefore: boundary - 1, in: text)
        }
        // Escaped sizes are at least the byte counts, so a boundary more than the limit back in
        // bytes is out of reach without measuring.
        guard boundary > 0, cut - boundary <= Self.wordBackoffLimit,
            size(ofContiguous: UnsafeBufferPointer(rebasing: text[boundary..<cut])) <= Self.wordBackoffLimit
        else { return cut }
        return boundary
    }

    /// What the simple word rule alone says about the word boundary at or before a cut.
    private enum SimpleWordSearch {
        /// The largest word boundary at or before the cut.
        case found(Int)
        /// No word boundary within `wordBackoffLimit` bytes before the cut: the cut stays.
        case outOfReach
        case askICU
    }

    /// The word boundary at or before `cut` by ``TextBoundaries/isSimpleWordBoundary(_:in:)``, looking
    /// back only as far as a back-off may reach (a boundary further back leaves the cut where it is,
    /// since the back-off only ever moves it further back). Exact when the locale runs ICU's root
    /// word rules; `askICU` as soon as one offset needs ICU.
    private func simpleWordBoundary(atOrBefore cut: Int, in text: UnsafeBufferPointer<UInt8>) -> SimpleWordSearch {
        let floor = max(cut - Self.wordBackoffLimit, 0)
        var offset = cut
        while offset >= floor {
            switch TextBoundaries.isSimpleWordBoundary(offset, in: text) {
            case true?:
                return TextBoundaries.wordRulesAreRoot(locale: locale) ? .found(offset) : .askICU
            case false?: offset -= 1
            case nil: return .askICU
            }
        }
        return TextBoundaries.wordRulesAreRoot(locale: locale) ? .outOfReach : .askICU
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
