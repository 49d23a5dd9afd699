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

    let segments: [Segment]
    /// The locale of each `aps.alert` field.
    let fieldLocales: FieldLocales
    /// The bytes copied as they are: a start for the payload's capacity.
    let fixedSize: Int

    init(segments: [Segment], fieldLocales: FieldLocales) {
        self.segments = segments
        self.fieldLocales = fieldLocales
        fixedSize = segments.reduce(0) { total, segment in
            if case .bytes(let bytes) = segment { return total + bytes.count }
            return total
        }
    }

    /// Writes the payload for argument values by slot.
    /// - Throws: `RenderError` when a value does not suit its message.
    func write(_ values: [ArgumentValue?], timeZone: String?) throws(RenderError) -> [UInt8] {
        var payload: [UInt8] = []
        payload.reserveCapacity(fixedSize + 128)
        for segment in segments {
            switch segment {
            case .bytes(let bytes):
                payload.append(contentsOf: bytes)
            case .message(let message, let isolate):
                let start = payload.count
                do {
                    try message.format(
                        slots: values,
                        options: FormatOptions(timeZone: timeZone, isolatesText: isolate),
                        into: &payload
                    )
                } catch {
                    throw PayloadComposer.renderError(error)
                }
                JSONWriter.escapeInPlace(&payload, from: start)
            }
        }
        return payload
    }
}
