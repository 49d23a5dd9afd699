import Foundation
import MessageFormat

/// A `resolved` payload of one template in one locale with everything that does not depend on the
/// arguments already written — JSON structure, keys, literal texts, escaped — so that rendering
/// copies those bytes and formats only the messages between them.
///
/// A plan is made by `PayloadComposer` itself, writing in planning mode, so it writes exactly the
/// bytes `compose` would; it holds for every chain that starts with its locale when that locale
/// translates every field of the template (no field falls back).
final class PayloadPlan: Sendable {
    /// The segments flattened, so that writing walks plain values: every byte to copy in one
    /// buffer, and per step where its bytes end and which message (if any) follows them.
    ///
    /// A message's `edgeLiterals` are constant too: they are escaped into the bytes around it,
    /// so that each is copied with its neighbours instead of appended on its own.
    private struct Step {
        var bytesEnd: Int
        /// Index into `messages`, or -1 after the last bytes.
        var message: Int
        var isolate: Bool
    }

    private let bytes: [UInt8]
    private let steps: [Step]
    private let messages: [CompiledMessage]
    /// `messages` for writing: read without reference counting (`messages` keeps them alive).
    private let unretained: [CompiledMessage.Unretained]
    /// Each message's `identity`, read without touching the message.
    private let identities: [ObjectIdentifier]
    /// The locale of each `aps.alert` field.
    let fieldLocales: FieldLocales
    /// The bytes copied as they are: a start for the payload's capacity.
    let fixedSize: Int
    /// Whether messages are written as JSON string contents (escaped), or as plain text (a
    /// platform's counted text, see `JSONWriter.writesText`).
    private let escapes: Bool

    init(segments: [PlanSegment], fieldLocales: FieldLocales, escapes: Bool = true) {
        self.escapes = escapes
        var bytes: [UInt8] = []
        var steps: [Step] = []
        var messages: [CompiledMessage] = []
        for segment in segments {
            switch segment {
            case .bytes(let more):
                bytes += more
            case .message(let message, let isolate):
                var (leading, trailing) = message.edgeLiterals
                if escapes {
                    JSONWriter.escapeInPlace(&leading, from: 0)
                    JSONWriter.escapeInPlace(&trailing, from: 0)
                }
                bytes += leading
                steps.append(Step(bytesEnd: bytes.count, message: messages.count, isolate: isolate))
                bytes += trailing
                messages.append(message)
            }
        }
        steps.append(Step(bytesEnd: bytes.count, message: -1, isolate: false))
        self.bytes = bytes
        fixedSize = bytes.count
        self.steps = steps
        self.messages = messages
        unretained = messages.map { CompiledMessage.Unretained($0, omittingEdgeLiterals: true) }
        identities = messages.map(\.identity)
        self.fieldLocales = fieldLocales
    }

    /// Whether this plan could write exactly `written` for some values: at least its fixed bytes,
    /// starting with the bytes before its first message. (False settles that it cannot.)
    func couldWrite(_ written: UnsafeBufferPointer<UInt8>) -> Bool {
        let leading = steps[0].bytesEnd
        guard written.count >= bytes.count, let base = written.baseAddress else { return written.count == bytes.count }
        return bytes.withUnsafeBufferPointer { own in
            guard let own = own.baseAddress else { return true }
            return memcmp(own, base, leading) == 0
        }
    }

    /// A message this plan formatted into a payload, and where its (escaped) output is there.
    struct Formatted {
        var message: ObjectIdentifier
        var isolate: Bool
        var range: Range<Int>
    }

    /// The number of messages the plan formats.
    var messageCount: Int { messages.count }

    /// Writes the planned bytes for argument values by slot into `output`: the plan's one writer.
    /// Each run of constant bytes is copied, each message between them formatted (see
    /// ``PlanOutput`` for where the bytes go and what is noted).
    /// - Throws: `RenderError` when a value does not suit its message.
    @inline(__always)
    func write<Output: PlanOutput>(
        _ values: [ArgumentValue?],
        timeZone: String?,
        into output: inout Output
    ) throws(RenderError) {
        // Messages write JSON string contents: escaped as they are written, not scanned again.
        let plain = FormatOptions(timeZone: timeZone, escapesJSON: escapes)
        let isolated = FormatOptions(timeZone: timeZone, isolatesText: true, escapesJSON: escapes)
        // Read in place: a buffer's element is borrowed, an array's copied.
        try bytes.withUnsafeBufferPointer { bytes throws(RenderError) in
            try unretained.withUnsafeBufferPointer { messages throws(RenderError) in
                try steps.withUnsafeBufferPointer { steps throws(RenderError) in
                    var copied = 0
                    for step in steps {
                        output.copy(UnsafeBufferPointer(rebasing: bytes[copied..<step.bytesEnd]))
                        copied = step.bytesEnd
                        guard step.message >= 0 else { break }
                        let planned = PlannedMessage(
                            message: messages[step.message],
                            index: step.message,
                            identity: identities[step.message],
                            isolate: step.isolate
                        )
                        try output.format(planned, values: values, options: step.isolate ? isolated : plain)
                    }
                }
            }
        }
    }

    /// ``write(_:timeZone:into:)`` into a growing array (``PlanBytes``), adding one to
    /// `counts[slot]` for each text argument written (nothing is counted when `counts` is empty).
    /// - Parameters:
    ///   - formatted: receives one entry per message formatted (as many as `messageCount`), when given.
    ///   - earlier: messages already formatted into `output` with the same values: one of them
    ///     with the same options is copied instead of formatted again (only when nothing is counted).
    func append(
        _ values: [ArgumentValue?],
        timeZone: String?,
        to output: inout [UInt8],
        counting counts: inout [Int],
        recording formatted: UnsafeMutableBufferPointer<Formatted>? = nil,
        reusing earlier: UnsafeBufferPointer<Formatted> = UnsafeBufferPointer(start: nil, count: 0)
    ) throws(RenderError) {
        // The arrays move in and out: no copy.
        var planBytes = PlanBytes(bytes: [], formatted: formatted, earlier: earlier)
        swap(&planBytes.bytes, &output)
        swap(&planBytes.counts, &counts)
        defer {
            swap(&planBytes.bytes, &output)
            swap(&planBytes.counts, &counts)
        }
        try write(values, timeZone: timeZone, into: &planBytes)
    }
}
