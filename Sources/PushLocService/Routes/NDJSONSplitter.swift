/// Cuts a byte stream that arrives in pieces into lines by the same rules as `pushloc batch`:
/// lines end at `\n` (a `\r` before it is dropped), a final line without a newline counts and an
/// empty rest after the last newline does not, and a line longer than the limit is counted but
/// never kept (it is answered with `line-too-long`).
struct NDJSONSplitter {
    /// One complete line.
    enum Line {
        /// The line's bytes in ``storage``.
        case text(Range<Int>)
        /// A line over the limit; its length in bytes.
        case tooLong(Int)
    }

    /// The longest line kept.
    let maximumLineBytes: Int
    /// Complete lines' bytes, back to back, then the bytes of the line still arriving.
    private(set) var storage: [UInt8] = []
    /// The complete lines, in order.
    private(set) var lines: [Line] = []
    /// Where the line still arriving starts in ``storage``.
    private var lineStart = 0
    /// The length of the line still arriving (kept or not).
    private var length = 0
    /// Whether the line still arriving is over the limit (and so no longer kept).
    private var overflowing = false

    init(maximumLineBytes: Int) {
        self.maximumLineBytes = maximumLineBytes
    }

    /// Bytes of complete lines held (what a chunk is measured by).
    var heldBytes: Int { lineStart }

    /// Takes the next piece of the stream.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        var start = 0
        while start < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
            let newline = rest.firstIndex(of: 0x0A).map { start + $0 }
            let end = newline ?? bytes.count
            length += end - start
            if !overflowing {
                if length > maximumLineBytes {
                    overflowing = true
                    storage.removeSubrange(lineStart...)
                } else {
                    storage.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                }
            }
            guard newline != nil else { return }
            endLine()
            start = end + 1
        }
    }

    /// The end of the stream: a final line without a newline counts.
    mutating func finish() {
        if length > 0 || overflowing { endLine() }
    }

    /// Gives the complete lines (with the storage they point into) and keeps the line still
    /// arriving for the next call.
    mutating func takeLines() -> (storage: [UInt8], lines: [Line]) {
        let taken = (Array(storage[..<lineStart]), lines)
        storage.removeSubrange(..<lineStart)
        lineStart = 0
        lines.removeAll(keepingCapacity: true)
        return taken
    }

    private mutating func endLine() {
        if overflowing {
            lines.append(.tooLong(length))
        } else {
            if storage.count > lineStart, storage[storage.count - 1] == 0x0D { storage.removeLast() }
            lines.append(.text(lineStart..<storage.count))
        }
        lineStart = storage.count
        length = 0
        overflowing = false
    }
}
