#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads newline-separated lines from a file descriptor with bounded memory: a line longer than
/// `maximumLineBytes` is skipped to its end without being kept, and reported as too long.
struct LineReader {
    enum Line {
        /// The line's bytes, without the newline (and without a `\r` before it).
        case text([UInt8])
        /// A line over the limit; its length in bytes.
        case tooLong(Int)
    }

    let descriptor: Int32
    let maximumLineBytes: Int
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var finished = false

    init(descriptor: Int32, maximumLineBytes: Int, chunkSize: Int = 1 << 20) {
        self.descriptor = descriptor
        self.maximumLineBytes = maximumLineBytes
        self.buffer = [UInt8](repeating: 0, count: chunkSize)
    }

    /// The next line, or nil at the end of input. A final line without a newline counts; an empty
    /// input, or the empty rest after a final newline, does not.
    mutating func next() throws(BatchError) -> Line? {
        var line: [UInt8] = []
        var skipped = 0
        var overflowing = false
        while true {
            if start == end {
                if finished { break }
                try fill()
                if start == end { break }
            }
            let available = buffer[start..<end]
            if let newline = available.firstIndex(of: 0x0A) {
                let piece = buffer[start..<newline]
                start = newline + 1
                return finish(appending: piece, to: &line, skipped: &skipped, overflowing: &overflowing)
            }
            append(available, to: &line, skipped: &skipped, overflowing: &overflowing)
            start = end
        }
        if line.isEmpty && skipped == 0 && !overflowing { return nil }
        return finish(appending: [], to: &line, skipped: &skipped, overflowing: &overflowing)
    }

    private func append(_ piece: ArraySlice<UInt8>, to line: inout [UInt8], skipped: inout Int, overflowing: inout Bool)
    {
        if overflowing {
            skipped += piece.count
        } else if line.count + piece.count > maximumLineBytes {
            overflowing = true
            skipped = line.count + piece.count
            line = []
        } else {
            line.append(contentsOf: piece)
        }
    }

    private func finish(
        appending piece: ArraySlice<UInt8>,
        to line: inout [UInt8],
        skipped: inout Int,
        overflowing: inout Bool
    ) -> Line {
        append(piece, to: &line, skipped: &skipped, overflowing: &overflowing)
        if overflowing { return .tooLong(skipped) }
        if line.last == 0x0D { line.removeLast() }
        return .text(line)
    }

    private mutating func fill() throws(BatchError) {
        start = 0
        end = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                end = count
                return
            }
            if count == 0 {
                finished = true
                return
            }
            if errno == EINTR { continue }
            throw BatchError("cannot read the input: \(String(cString: strerror(errno)))")
        }
    }
}

/// A batch run that cannot go on (unreadable input, unwritable output).
public struct BatchError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
