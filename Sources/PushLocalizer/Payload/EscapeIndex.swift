/// A text's escaped sizes at every 64-byte block boundary of its first bytes, found in one scan,
/// so that the escaped size of any of its prefixes is a binary search plus a scan of at most one
/// block, instead of a scan from the start.
///
/// A text with escapes is measured once and then cut, grown and written several times while its
/// claim is shared (``ShareCuts``); each of those used to scan the text again.
///
/// The index holds no memory of its own: its notes are written into scratch space its scanner
/// provides (``noteCapacity(count:escapedLimit:)`` entries), and it is valid while that space is.
/// So it is copied freely (no reference count) and made without an allocation.
///
/// The escaped size of `text[..<n]` is `n` plus the extra bytes of the escapes before `n` (an
/// escape's extra bytes are its escaped size minus one, see ``JSONEscaping``). The scan counts a
/// block's escapes in vectors (``EscapeMask/extraSize64(_:)``), so text dense with escapes costs
/// about what clean text does: nothing is done per escape.
struct EscapeIndex {
    /// The bytes between two noted escaped sizes (``EscapeMask/scanBlockSize``, which the tests
    /// check; a literal here, so that divisions by it are shifts).
    static let blockSize = 64

    /// The bytes scanned: the longest prefix whose escaped size is at most the scan's limit.
    let length: Int
    /// The escaped size of those bytes.
    let size: Int
    /// Whether the scan reached the text's end (its prefixes are then all known).
    let isComplete: Bool
    /// The limit the scan stopped at.
    private let limit: Int
    /// `extraBefore[k]`: the extra bytes of the escapes among the first `k` blocks, for `k` from 0
    /// (always 0) to the number of whole blocks scanned, in the scanner's scratch space. Empty while
    /// no escape has been seen (every entry would be 0).
    private let extraBefore: UnsafeBufferPointer<Int>

    /// The notes a scan of a text of `count` bytes up to `limit` escaped bytes may write: one per
    /// whole block that can fit, and the start's.
    static func noteCapacity(count: Int, escapedLimit limit: Int) -> Int {
        min(count, max(limit, 0)) / blockSize + 1
    }

    /// Scans `text` as ``JSONEscaping/prefixLength(of:escapedLimit:)`` does, noting the extra
    /// bytes of the escapes before each block boundary in `notes` (at least
    /// ``noteCapacity(count:escapedLimit:)`` entries, which the index reads for as long as it is
    /// used).
    init(
        scanning text: UnsafeBufferPointer<UInt8>,
        escapedLimit limit: Int,
        notingIn notes: UnsafeMutableBufferPointer<Int>
    ) {
        self.limit = limit
        guard let base = text.baseAddress else {
            (length, size, isComplete, extraBefore) = (0, 0, true, UnsafeBufferPointer(start: nil, count: 0))
            return
        }
        let count = text.count
        assert(notes.count >= Self.noteCapacity(count: count, escapedLimit: limit), "too little room for the notes")
        // Whole blocks while they fit, each boundary's extra bytes noted (no array to grow in the
        // loop). `scanBlocks` writes its entries only once a block escapes, each once.
        let scan = EscapeMask.scanBlocks(base, count: count, escapedLimit: limit, noting: notes)
        let extraBefore =
            scan.escaped
            ? UnsafeBufferPointer(rebasing: notes[...scan.blocks]) : UnsafeBufferPointer(start: nil, count: 0)
        let index = scan.blocks * Self.blockSize
        let extra = scan.extra
        // The rest of the text or of the block that does not fit whole; a rest under a block
        // at the end of a longer text is counted as the end of its last 64 bytes, and taken
        // whole when it fits.
        let left = count - index
        let tailExtra =
            left < Self.blockSize && count >= Self.blockSize
            ? (left > 0 ? EscapeMask.extraSize64(ofLast: left, base + count - Self.blockSize) : 0) : nil
        let rest =
            if let tailExtra, index + extra + left + tailExtra <= limit {
                (length: left, size: left + tailExtra)
            } else {
                JSONEscaping.prefixLength(
                    of: UnsafeBufferPointer(rebasing: text[index...]),
                    escapedLimit: limit - index - extra
                )
            }
        length = index + rest.length
        size = index + extra + rest.size
        isComplete = length == count
        self.extraBefore = extraBefore
    }

    /// The extra bytes of the escapes before block boundary `boundary` (a multiple of the block
    /// size, at most `length`).
    @inline(__always)
    private func extra(before boundary: Int) -> Int {
        let block = boundary / Self.blockSize
        assert(boundary <= length, "a boundary past the scanned bytes")
        return block < extraBefore.count ? extraBefore[block] : 0
    }

    /// ``JSONEscaping/size(ofContiguous:stoppingAbove:)`` of the scanned text, from the scan alone
    /// (`byteAfter`: the byte after the scanned ones, when the scan stopped before the end).
    func sizeStoppingAbove(byteAfter: UInt8?) -> Int {
        guard let byteAfter, !isComplete else { return size }
        return size + JSONEscaping.size(ofByte: byteAfter)
    }

    /// ``JSONEscaping/prefixLength(of:escapedLimit:)`` of the scanned `text`, scanning at most one
    /// block; nil when the answer may lie past the scanned bytes (a limit above the scan's, on an
    /// incomplete scan).
    func prefix(of text: UnsafeBufferPointer<UInt8>, escapedLimit limit: Int) -> (length: Int, size: Int)? {
        guard limit <= self.limit || isComplete else { return nil }
        guard limit > 0 else { return (0, 0) }
        // The last block boundary whose escaped size is within the limit (escaped sizes grow
        // with the boundary; without escapes noted, they are the boundaries themselves).
        let start: Int
        if extraBefore.isEmpty {
            start = min(limit, length) / Self.blockSize * Self.blockSize
        } else {
            var low = 0
            var high = extraBefore.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if middle * Self.blockSize + extraBefore[middle] <= limit { low = middle } else { high = middle - 1 }
            }
            start = low * Self.blockSize
        }
        let before = start + extra(before: start)
        let rest = JSONEscaping.prefixLength(
            of: UnsafeBufferPointer(rebasing: text[start..<length]),
            escapedLimit: limit - before
        )
        return (start + rest.length, before + rest.size)
    }

    /// The escaped size of `text[..<length]`, for a `length` within the scanned bytes.
    func size(of text: UnsafeBufferPointer<UInt8>, prefix length: Int) -> Int {
        let start = length / Self.blockSize * Self.blockSize
        // The bytes from the block boundary: counted as the end of the 64 bytes before `length`
        // where there are as many.
        guard length > start, length >= Self.blockSize, let base = text.baseAddress else {
            return start + extra(before: start)
                + JSONEscaping.size(ofContiguous: UnsafeBufferPointer(rebasing: text[start..<length]))
        }
        return length + extra(before: start)
            + EscapeMask.extraSize64(ofLast: length - start, base + length - Self.blockSize)
    }

    /// Appends `text[..<length]` escaped, for a `length` within the scanned bytes: its escaped
    /// size is known, so the output grows once and the text is scanned only to write it.
    func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, length: Int, to output: inout [UInt8]) {
        let kept = UnsafeBufferPointer(rebasing: text[..<length])
        if size == self.length {
            // No escape anywhere in the scanned bytes.
            output.append(contentsOf: kept)
            return
        }
        JSONEscaping.appendContiguous(kept, escapedSize: size(of: text, prefix: length), to: &output)
    }
}
