#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads newline-separated lines from a file descriptor with bounded memory: a line longer than
/// `maximumLineBytes` is skipped to its end without being kept, and reported as too long.
struct LineReader {
    /// One line of input.
    enum Line {
        /// Where the line's bytes (without the newline, and without a `\r` before it) were put.
        case text(Range<Int>)
        /// A line over `longLineBytes`, kept on its own.
        case long(LongLine)
        /// A line over the limit; its length in bytes.
        case tooLong(Int)
    }

    /// Lines longer than this are not copied into the shared storage.
    var longLineBytes = 1 << 20

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

    /// Appends the next line's bytes to `storage` (lines are copied into the caller's reused
    /// storage rather than each into an array of its own), or returns nil at the end of input.
    /// A line over `longLineBytes` is kept apart, in an array of exactly its size, so that it
    /// neither inflates the reused storage nor outlives its parsing. A final line without a
    /// newline counts; an empty input, or the empty rest after a final newline, does not.
    mutating func next(appendingTo storage: inout [UInt8]) throws(BatchError) -> Line? {
        let lineStart = storage.count
        var length = 0
        var overflowing = false
        // A long line's bytes in pieces (joined once its length is known: no doubling growth).
        var pieces: [[UInt8]] = []
        var terminated = false
        while true {
            if start == end {
                if finished { break }
                try fill()
                if start == end { break }
            }
            let newline = buffer.withUnsafeBufferPointer { bytes -> Int? in
                guard let found = memchr(bytes.baseAddress! + start, 0x0A, end - start) else { return nil }
                return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            let pieceEnd = newline ?? end
            length += pieceEnd - start
            if !overflowing {
                if length > maximumLineBytes {
                    overflowing = true
                    pieces = []
                    storage.removeSubrange(lineStart...)
                } else if length > longLineBytes {
                    if pieces.isEmpty {
                        pieces.append(Array(storage[lineStart...]))
                        storage.removeSubrange(lineStart...)
                    }
                    pieces.append(Array(buffer[start..<pieceEnd]))
                } else {
                    storage.append(contentsOf: buffer[start..<pieceEnd])
                }
            }
            if let newline {
                start = newline + 1
                terminated = true
                break
            }
            start = end
        }
        if !terminated && length == 0 { return nil }
        if overflowing { return .tooLong(length) }
        if !pieces.isEmpty { return .long(LongLine(joining: &pieces, length: length)) }
        if storage.count > lineStart, storage[storage.count - 1] == 0x0D { storage.removeLast() }
        return .text(lineStart..<storage.count)
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

/// One long line's bytes. The worker that answers it empties it once the request is read, so
/// the bytes do not stay in memory while it renders (only that worker touches it).
final class LongLine: @unchecked Sendable {
    /// The line, without the newline (and without a `\r` before it).
    var bytes: [UInt8]

    /// Joins `pieces` (emptied on the way, so the bytes are not held twice) into one array.
    init(joining pieces: inout [[UInt8]], length: Int) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        for index in pieces.indices {
            bytes.append(contentsOf: pieces[index])
            pieces[index] = []
        }
        if bytes.last == 0x0D { bytes.removeLast() }
        self.bytes = bytes
    }
}

/// A batch run that cannot go on (unreadable input, unwritable output).
public struct BatchError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// When the reader of the output closed it (`pushloc batch | head -1`): how many lines' answers
    /// had been written whole. Nil for every other error.
    public var outputClosedAfterLines: Int?

    init(_ message: String, outputClosedAfterLines: Int? = nil) {
        self.message = message
        self.outputClosedAfterLines = outputClosedAfterLines
    }

    /// The message.
    public var description: String { message }
}
