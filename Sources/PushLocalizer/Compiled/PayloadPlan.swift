import MessageFormat

/// A `resolved` payload of one template in one locale with everything that does not depend on the
/// arguments already written — JSON structure, keys, literal texts, escaped — so that rendering
/// copies those bytes and formats only the messages between them.
///
/// A plan is made by `PayloadComposer` itself, writing in planning mode, so it writes exactly the
/// bytes `compose` would; it holds for every chain that starts with its locale when that locale
/// translates every field of the template (no field falls back).
final class PayloadPlan: Sendable {
    /// Bytes to copy, or a message to format there (raw, then escaped in place).
    enum Segment: Sendable {
        case bytes([UInt8])
        case message(CompiledMessage, isolate: Bool)
    }

    /// The segments flattened, so that writing walks plain values: every byte to copy in one
    /// buffer, and per step where its bytes end and which message (if any) follows them.
    private struct Step {
        var bytesEnd: Int
        /// Index into `messages`, or -1 after the last bytes.
        var message: Int
        var isolate: Bool
    }

    private let bytes: [UInt8]
    private let steps: [Step]
    private let messages: [CompiledMessage]
    /// The locale of each `aps.alert` field.
    let fieldLocales: FieldLocales
    /// The bytes copied as they are: a start for the payload's capacity.
    var fixedSize: Int { bytes.count }

    init(segments: [Segment], fieldLocales: FieldLocales) {
        var bytes: [UInt8] = []
        var steps: [Step] = []
        var messages: [CompiledMessage] = []
        for segment in segments {
            switch segment {
            case .bytes(let more):
                bytes += more
            case .message(let message, let isolate):
                steps.append(Step(bytesEnd: bytes.count, message: messages.count, isolate: isolate))
                messages.append(message)
            }
        }
        steps.append(Step(bytesEnd: bytes.count, message: -1, isolate: false))
        self.bytes = bytes
        self.steps = steps
        self.messages = messages
        self.fieldLocales = fieldLocales
    }

    /// Writes the payload for argument values by slot.
    /// - Throws: `RenderError` when a value does not suit its message.
    func write(_ values: [ArgumentValue?], timeZone: String?) throws(RenderError) -> [UInt8] {
        var payload: [UInt8] = []
        payload.reserveCapacity(fixedSize + 128)
        var counts: [Int] = []
        try append(values, timeZone: timeZone, to: &payload, counting: &counts)
        return payload
    }

    /// Appends the planned bytes for argument values by slot to `output`, adding one to
    /// `counts[slot]` for each text argument written (nothing is counted when `counts` is empty).
    /// - Throws: `RenderError` when a value does not suit its message.
    func append(
        _ values: [ArgumentValue?],
        timeZone: String?,
        to output: inout [UInt8],
        counting counts: inout [Int]
    ) throws(RenderError) {
        try bytes.withUnsafeBufferPointer { bytes throws(RenderError) in
            var copied = 0
            for index in steps.indices {
                let step = steps[index]
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<step.bytesEnd]))
                copied = step.bytesEnd
                guard step.message >= 0 else { break }
                let start = output.count
                let options = FormatOptions(timeZone: timeZone, isolatesText: step.isolate)
                do throws(MessageFormatError) {
                    if counts.isEmpty {
                        try messages[step.message].format(slots: values, options: options, into: &output)
                    } else {
                        try messages[step.message].format(
                            slots: values,
                            options: options,
                            into: &output,
                            countingTextArgumentsIn: &counts
                        )
                    }
                } catch {
                    throw PayloadComposer.renderError(error)
                }
                JSONWriter.escapeInPlace(&output, from: start)
            }
        }
    }

    /// `append` that also notes where each text argument starts (in escaped payload offsets) and
    /// counts each one in `counts` (one entry per slot), as the composer's recording mode does.
    /// - Parameter slot: the slot of an argument name.
    /// - Throws: `RenderError` when a value does not suit its message.
    func appendRecording(
        _ values: [ArgumentValue?],
        timeZone: String?,
        to output: inout [UInt8],
        counting counts: inout [Int],
        insertions: inout [PayloadComposer.Insertion],
        slot: (String) -> Int?
    ) throws(RenderError) {
        var copied = 0
        var spans: [TextArgumentSpan] = []
        for step in steps {
            output.append(contentsOf: bytes[copied..<step.bytesEnd])
            copied = step.bytesEnd
            guard step.message >= 0 else { break }
            let start = output.count
            try PayloadComposer.formatRecording(
                messages[step.message],
                values,
                options: FormatOptions(timeZone: timeZone, isolatesText: step.isolate),
                into: &output,
                counting: &counts,
                insertions: &insertions,
                spans: &spans,
                slot: slot
            )
            JSONWriter.escapeInPlace(&output, from: start)
        }
    }
}
