import Foundation
import Hummingbird
import PushLocalizer

/// `/v1/render:batch`: reads NDJSON request lines as they arrive and writes the answer lines as
/// they are rendered, in order, in chunks (at most `chunkLines` lines or `chunkBytes` bytes of
/// lines, plus one line of up to the line limit, are held at once, whatever the body's length).
/// A chunk's lines are rendered on several cores, as `pushloc batch` does.
struct BatchStreamRenderer: Sendable {
    let catalog: LoadedCatalog
    let metrics: ServiceMetrics
    var maximumLineBytes = ServiceLimits.batchLineBytes
    var chunkLines = 1024
    var chunkBytes = 1 << 20
    var segments = Self.defaultSegments

    /// Two parts per core (read once: `activeProcessorCount` reads cgroup files on every call).
    private static let defaultSegments = 2 * ProcessInfo.processInfo.activeProcessorCount

    /// Reads `body` to its end and writes one answer line per request line to `writer`.
    func stream(_ body: RequestBody, to writer: inout any ResponseBodyWriter) async throws {
        var splitter = NDJSONSplitter(maximumLineBytes: maximumLineBytes)
        var firstLine = 1
        for try await buffer in body {
            buffer.withUnsafeReadableBytes { splitter.feed($0) }
            if splitter.lines.count >= chunkLines || splitter.heldBytes >= chunkBytes {
                try await answer(&splitter, firstLine: &firstLine, to: &writer)
            }
        }
        splitter.finish()
        try await answer(&splitter, firstLine: &firstLine, to: &writer)
        try await writer.finish(nil)
    }

    private func answer(
        _ splitter: inout NDJSONSplitter,
        firstLine: inout Int,
        to writer: inout any ResponseBodyWriter
    ) async throws {
        let (storage, lines) = splitter.takeLines()
        guard !lines.isEmpty else { return }
        let parts = lines.count >= 64 ? min(segments, lines.count) : 1
        let first = firstLine
        let now = Date().timeIntervalSince1970
        let renderer = self
        let outputs: [(bytes: [UInt8], outcomes: [BatchLineOutcome])]
        if parts == 1 {
            outputs = [renderer.render(storage, lines[...], firstLine: first, now: now)]
        } else {
            outputs = await withTaskGroup(of: (Int, [UInt8], [BatchLineOutcome]).self) { group in
                for part in 0..<parts {
                    let range = (lines.count * part / parts)..<(lines.count * (part + 1) / parts)
                    group.addTask {
                        let done = renderer.render(storage, lines[range], firstLine: first, now: now)
                        return (part, done.bytes, done.outcomes)
                    }
                }
                var results = [(bytes: [UInt8], outcomes: [BatchLineOutcome])](repeating: ([], []), count: parts)
                for await (part, bytes, outcomes) in group { results[part] = (bytes, outcomes) }
                return results
            }
        }
        firstLine += lines.count
        try await writer.write(contentsOf: outputs.map { ByteBuffer(bytes: $0.bytes) })
        metrics.render(outputs.flatMap(\.outcomes))
    }

    /// Answers `lines` (indices into the chunk, numbered from `firstLine`).
    private func render(
        _ storage: [UInt8],
        _ lines: ArraySlice<NDJSONSplitter.Line>,
        firstLine: Int,
        now: Double
    ) -> (bytes: [UInt8], outcomes: [BatchLineOutcome]) {
        var output: [UInt8] = []
        var outcomes: [BatchLineOutcome] = []
        outcomes.reserveCapacity(lines.count)
        storage.withUnsafeBufferPointer { bytes in
            for index in lines.indices {
                let number = firstLine + index
                switch lines[index] {
                case .text(let range):
                    outcomes.append(
                        BatchLineAnswerer.answer(
                            UnsafeBufferPointer(rebasing: bytes[range]),
                            number: number,
                            catalog: catalog.catalog,
                            now: now,
                            to: &output
                        )
                    )
                case .tooLong(let length):
                    outcomes.append(
                        BatchLineAnswerer.answerTooLong(
                            length: length,
                            limit: maximumLineBytes,
                            number: number,
                            to: &output
                        )
                    )
                }
            }
        }
        return (output, outcomes)
    }
}
