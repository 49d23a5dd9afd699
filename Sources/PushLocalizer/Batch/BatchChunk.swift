import Dispatch

/// A run of input lines rendered together, and the answers to them. Its storage (line bytes,
/// answer buffers) is reused from chunk to chunk, so a long run allocates nothing per chunk.
///
/// Threading: the runner fills a chunk, then `render` hands its segments to worker threads; the
/// workers only read the chunk's lines and each writes only its own segment; the runner touches
/// the chunk again only after `wait()`. That hand-over is what makes `@unchecked Sendable` sound.
final class BatchChunk: @unchecked Sendable {
    /// The bytes of the chunk's lines, back to back.
    var storage: [UInt8] = []
    /// The chunk's lines, in input order.
    var lines: [LineReader.Line] = []
    /// The 1-based input line number of `lines[0]`.
    var firstLine = 1
    /// The longest line allowed (for the `line-too-long` answer).
    var maximumLineBytes = 0
    /// Whether the chunk ends with a line held on its own (over 1 MiB).
    var holdsLongLine: Bool {
        if case .long? = lines.last { return true }
        return false
    }
    /// One per part of the chunk that a worker renders on its own, in order.
    let segments: [BatchSegment]
    private let group = DispatchGroup()

    init(segments: Int, storageCapacity: Int) {
        self.segments = (0..<max(1, segments)).map { _ in BatchSegment() }
        storage.reserveCapacity(storageCapacity)
    }

    /// Empties the chunk for the next lines, giving back storage a very long line made large.
    func reset(firstLine: Int, storageCapacity: Int) {
        self.firstLine = firstLine
        lines.removeAll(keepingCapacity: true)
        if storage.capacity > 2 * storageCapacity {
            storage = []
            storage.reserveCapacity(storageCapacity)
        } else {
            storage.removeAll(keepingCapacity: true)
        }
    }

    /// Starts rendering the lines on the global concurrent queue (one task per segment, so the
    /// cores share the work whatever the lines cost); returns at once. Call `wait()` before
    /// touching the chunk again.
    func render(catalog: Catalog, now: Double) {
        let count = lines.count
        let parts = segments.count
        for (number, segment) in segments.enumerated() {
            let range = (count * number / parts)..<(count * (number + 1) / parts)
            segment.reset(lines: range)
            guard !range.isEmpty else { continue }
            DispatchQueue.global().async(group: group) {
                self.render(segment, catalog: catalog, now: now)
            }
        }
    }

    /// Waits until every segment is answered.
    func wait() {
        group.wait()
    }

    private func render(_ segment: BatchSegment, catalog: Catalog, now: Double) {
        storage.withUnsafeBufferPointer { bytes in
            for index in segment.lines {
                let number = firstLine + index
                let ok: Bool
                switch lines[index] {
                case .text(let range):
                    ok =
                        BatchLine.answer(
                            UnsafeBufferPointer(rebasing: bytes[range]),
                            number: number,
                            catalog: catalog,
                            now: now,
                            to: &segment.output,
                            as: BatchLineRendered.self
                        ).rendered
                case .long(let line):
                    let read = line.bytes.withUnsafeBufferPointer { BatchRequestReader.read($0, now: now) }
                    // The request holds what it needs: the line's bytes go before rendering.
                    line.bytes = []
                    ok =
                        BatchLine.answer(
                            read,
                            number: number,
                            catalog: catalog,
                            to: &segment.output,
                            as: BatchLineRendered.self
                        ).rendered
                case .tooLong(let length):
                    BatchLine.answerTooLong(
                        length: length,
                        limit: maximumLineBytes,
                        number: number,
                        to: &segment.output
                    )
                    ok = false
                }
                if ok {
                    segment.succeeded += 1
                } else {
                    if segment.firstFailure == nil {
                        segment.firstFailure = (segment.succeeded + segment.failed + 1, segment.output.count)
                    }
                    segment.failed += 1
                }
            }
        }
    }
}

/// The answers to one segment of a chunk, written by one worker.
final class BatchSegment: @unchecked Sendable {
    /// The chunk's line indices this segment answers.
    var lines: Range<Int> = 0..<0
    /// The answer lines, each ending in a newline.
    var output: [UInt8] = []
    /// Lines rendered.
    var succeeded = 0
    /// Lines answered with an error.
    var failed = 0
    /// For `--fail-fast`: how many of the segment's lines go up to and including the first failed
    /// one, and where its answer ends in `output`.
    var firstFailure: (lines: Int, bytes: Int)?

    func reset(lines: Range<Int>) {
        self.lines = lines
        output.removeAll(keepingCapacity: true)
        succeeded = 0
        failed = 0
        firstFailure = nil
    }
}
