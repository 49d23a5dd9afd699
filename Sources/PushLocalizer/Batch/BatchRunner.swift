#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `pushloc batch`: JSON Lines in, one JSON line out per input line, in input order. Lines are
/// rendered in chunks on every core while the calling thread writes earlier chunks' answers and
/// reads later chunks' lines; memory is bounded by three chunks and one line of the longest length
/// allowed, whatever the input size: while a line over 1 MiB is being answered, nothing more is read.
public struct BatchRunner: Sendable {
    /// The catalog to render from.
    public let catalog: Catalog
    /// Stop after the first failed line (its error line is still written).
    public var failFast: Bool
    /// Longer lines are answered with `line-too-long` without being held in memory. A line costs
    /// about twice its length while it is answered (its bytes and its parsed text), on top of
    /// the ~40 MB the program itself takes (code of the Swift runtime, Foundation and ICU), so the
    /// default, `defaultMaximumLineBytes`, keeps a whole run under 64 MB.
    public var maximumLineBytes: Int
    /// 4 MiB: what a line may hold (a notification payload is at most 5 KB, so this leaves
    /// arguments far longer than any payload for fitting to cut).
    public static let defaultMaximumLineBytes = 4 << 20
    /// How many lines are rendered together (up to three chunks are held in memory at once).
    public var chunkLines = 1024
    /// A chunk is rendered as soon as its lines hold this many bytes, so that a few long lines
    /// do not pile up in memory. A line over 1 MiB is held on its own and ends its chunk.
    public var chunkByteLimit = 1 << 20
    /// How many parts a chunk is cut into for the worker threads: several per core, so that a
    /// part of slow lines does not leave the other cores idle at the end of a chunk.
    public var segmentsPerChunk = 32

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
    public init(catalog: Catalog, failFast: Bool = false, maximumLineBytes: Int = defaultMaximumLineBytes) {
        self.catalog = catalog
        self.failFast = failFast
        self.maximumLineBytes = maximumLineBytes
    }

    /// Reads requests from `input` and writes results to `output` (file descriptors).
    /// - Parameter progress: called after each chunk with the number of lines done.
    /// - Throws: `BatchError` when the input cannot be read or the output written; when the
    ///   output's reader closed it (a pipe, with `SIGPIPE` ignored), `outputClosedAfterLines`
    ///   says how many lines' answers were written.
    public func run(input: Int32, output: Int32, progress: ((Int) -> Void)? = nil) throws(BatchError) -> Summary {
        var reader = LineReader(descriptor: input, maximumLineBytes: maximumLineBytes)
        // Chunks in flight: while the workers render one, the next is already queued behind it
        // (so they never wait for this thread), and this thread writes and refills the oldest.
        let chunks = (0..<3).map { _ in
            BatchChunk(segments: segmentsPerChunk, storageCapacity: min(chunkByteLimit, 1 << 20))
        }
        var summary = Summary(lines: 0, succeeded: 0, failed: 0)
        var linesRead = 0
        var spare = chunks
        var pending: [BatchChunk] = []
        pending.reserveCapacity(chunks.count)
        var exhausted = false
        // Every rendering chunk is waited for before returning or throwing: the workers use them.
        defer { pending.forEach { $0.wait() } }
        // Reads and starts chunks while one is free and the input lasts, but never while a chunk
        // with a long line is in flight: one long line in memory at a time.
        func fill() throws(BatchError) {
            while !exhausted, !pending.contains(where: \.holdsLongLine), let chunk = spare.popLast() {
                linesRead += try read(into: chunk, firstLine: linesRead + 1, from: &reader)
                guard !chunk.lines.isEmpty else {
                    exhausted = true
                    spare.append(chunk)
                    return
                }
                chunk.render(catalog: catalog, now: Self.now())
                pending.append(chunk)
            }
        }
        try fill()
        while !pending.isEmpty {
            let oldest = pending.removeFirst()
            oldest.wait()
            let stop: Bool
            do {
                stop = try emit(oldest, to: output, summary: &summary)
            } catch  where error.outputClosedAfterLines != nil {
                throw BatchError(error.message, outputClosedAfterLines: summary.lines)
            }
            progress?(summary.lines)
            if stop { break }
            spare.append(oldest)
            try fill()
        }
        return summary
    }

    /// Fills `chunk` with the next lines; returns how many.
    private func read(into chunk: BatchChunk, firstLine: Int, from reader: inout LineReader) throws(BatchError) -> Int {
        chunk.reset(firstLine: firstLine, storageCapacity: min(chunkByteLimit, 1 << 20))
        chunk.maximumLineBytes = maximumLineBytes
        while chunk.lines.count < chunkLines, chunk.storage.count < chunkByteLimit,
            let line = try reader.next(appendingTo: &chunk.storage)
        {
            chunk.lines.append(line)
            if case .long = line { break }
        }
        return chunk.lines.count
    }

    /// Writes a rendered chunk's answers and counts them; returns true when `--fail-fast` stops
    /// the run here.
    private func emit(_ chunk: BatchChunk, to output: Int32, summary: inout Summary) throws(BatchError) -> Bool {
        for segment in chunk.segments where !segment.lines.isEmpty {
            if failFast, let failure = segment.firstFailure {
                try Self.writeAll(segment.output[..<failure.bytes], to: output)
                summary.lines += failure.lines
                summary.succeeded += failure.lines - 1
                summary.failed += 1
                return true
            }
            try Self.writeAll(segment.output[...], to: output)
            summary.lines += segment.lines.count
            summary.succeeded += segment.succeeded
            summary.failed += segment.failed
        }
        return false
    }

    private static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) throws(BatchError) {
        let result = bytes.withUnsafeBytes { raw -> Int32 in
            var offset = 0
            while offset < raw.count {
                let count = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return 0
        }
        if result == EPIPE { throw BatchError("the output was closed by its reader", outputClosedAfterLines: 0) }
        if result != 0 { throw BatchError("cannot write the output: \(String(cString: strerror(result)))") }
    }

    /// Seconds since 1970, for `apns-expiration`; read once per chunk.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
