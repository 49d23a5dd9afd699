import Dispatch
import Foundation

/// `pushloc batch`: JSON Lines in, one JSON line out per input line, in input order. Lines are
/// rendered in chunks on every core; memory is bounded by the chunk size and the longest line
/// allowed, whatever the input size.
public struct BatchRunner: Sendable {
    /// The catalog to render from.
    public let catalog: Catalog
    /// Stop after the first failed line (its error line is still written).
    public var failFast: Bool
    /// Longer lines are answered with `line-too-long` without being held in memory.
    public var maximumLineBytes: Int
    /// How many lines are rendered together (and held in memory at once).
    public var chunkLines = 2048
    /// A chunk is rendered as soon as its lines hold this many bytes, so that a few long lines
    /// do not pile up in memory (a longer line is a chunk of its own).
    public var chunkByteLimit = 4 << 20

    /// Counts of a finished run.
    public struct Summary: Sendable, Hashable {
        /// Input lines read.
        public var lines: Int
        /// Lines rendered.
        public var succeeded: Int
        /// Lines answered with an error.
        public var failed: Int
    }

    /// Creates a runner.
    public init(catalog: Catalog, failFast: Bool = false, maximumLineBytes: Int = 32 << 20) {
        self.catalog = catalog
        self.failFast = failFast
        self.maximumLineBytes = maximumLineBytes
    }

    /// Reads requests from `input` and writes results to `output` (file descriptors).
    /// - Parameter progress: called after each chunk with the number of lines done.
    /// - Throws: `BatchError` when the input cannot be read or the output written.
    public func run(input: Int32, output: Int32, progress: ((Int) -> Void)? = nil) throws(BatchError) -> Summary {
        var reader = LineReader(descriptor: input, maximumLineBytes: maximumLineBytes)
        var writer = OutputWriter(descriptor: output)
        var summary = Summary(lines: 0, succeeded: 0, failed: 0)
        var chunk: [LineReader.Line] = []
        var chunkBytes = 0
        func flush() throws(BatchError) -> Bool {
            let results = render(chunk, firstLine: summary.lines + 1)
            chunk.removeAll(keepingCapacity: true)
            chunkBytes = 0
            for result in results {
                try writer.write(result.bytes)
                summary.lines += 1
                if result.ok { summary.succeeded += 1 } else { summary.failed += 1 }
                if !result.ok && failFast { return false }
            }
            progress?(summary.lines)
            return true
        }
        while let line = try reader.next() {
            if case .text(let bytes) = line { chunkBytes += bytes.count }
            chunk.append(line)
            if chunk.count >= chunkLines || chunkBytes >= chunkByteLimit {
                guard try flush() else { break }
            }
        }
        if !chunk.isEmpty { _ = try flush() }
        try writer.flush()
        return summary
    }

    private func render(_ lines: [LineReader.Line], firstLine: Int) -> [(bytes: [UInt8], ok: Bool)] {
        let now = Date().timeIntervalSince1970
        return Array(zip(lines.indices, lines)).parallelMap { index, line in
            BatchLine.answer(line, number: firstLine + index, catalog: catalog, now: now)
        }
    }
}

/// Buffered writes to a file descriptor.
struct OutputWriter {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 20)
    }

    mutating func write(_ bytes: [UInt8]) throws(BatchError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { try flush() }
    }

    mutating func flush() throws(BatchError) {
        var offset = 0
        while offset < buffer.count {
            let count = buffer.withUnsafeBytes { raw in
                Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw BatchError("cannot write the output: \(String(cString: strerror(errno)))")
            }
            offset += count
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
