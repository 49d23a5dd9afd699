import MessageFormat

/// Writes batch answer lines straight into a reused output buffer: no writer, array or string
/// per line, and each line written through a `FixedByteOutput` over the buffer's spare capacity
/// (an array append checks capacity and uniqueness on every piece; a line has dozens). The JSON
/// is the same compact JSON `JSONWriter` writes (escaping through `JSONEscaping`); the success line embeds the headers and report exactly as
/// `RenderedNotification.headersJSON` and `RenderReport.json` spell them (a test holds the two
/// together).
enum BatchOutput {
    /// `{"id":…,"ok":true,"bytes":n,"locale":"…","headers":{…},"payload":…,"report":{…}}` and a newline.
    static func appendSuccess(id: JSONValue, _ notification: RenderedNotification, to output: inout [UInt8]) {
        appendLine(to: &output, room: notification.payload.count + 512) { line in
            success(id: id, notification, to: &line)
        }
    }

    /// `{"id":…,"line":n,"ok":false,"error":{"code":"…","message":"…"}}` and a newline.
    static func appendFailure(id: JSONValue, line: Int, _ error: RenderError, to output: inout [UInt8]) {
        appendLine(to: &output, room: error.message.utf8.count + 256) { bytes in
            failure(id: id, line: line, error, to: &bytes)
        }
    }

    /// Appends the line `write` writes to `output`, written straight into its spare capacity
    /// (no capacity or uniqueness check per piece). When the line does not fit in `room` bytes
    /// (long ids, names or messages, or many escapes), it is written again with twice the room.
    private static func appendLine(to output: inout [UInt8], room: Int, _ write: (inout FixedByteOutput) -> Void) {
        var room = room
        while true {
            // Doubling, not the exact size: `reserveCapacity` to exactly a bit more than the count
            // reallocates and copies the whole buffer on every line, quadratic in a buffer that is
            // not reused (a /v1/render:batch part of hundreds of lines spent 40 % of its CPU there).
            let needed = output.count + room
            if output.capacity < needed { output.reserveCapacity(max(needed, 2 * output.capacity)) }
            var written = false
            output.append(addingCapacity: room) { span in
                span.withUnsafeMutableBufferPointer { buffer, initialized in
                    guard var line = FixedByteOutput(buffer) else { return }
                    write(&line)
                    guard !line.overflowed else { return }
                    initialized = line.count
                    written = true
                }
            }
            if written { return }
            room *= 2
        }
    }

    private static func success(id: JSONValue, _ notification: RenderedNotification, to output: inout FixedByteOutput) {
        literal("{\"id\":", to: &output)
        value(id, to: &output)
        literal(",\"ok\":true,\"bytes\":", to: &output)
        integer(notification.payload.count, to: &output)
        literal(",\"locale\":", to: &output)
        string(notification.locale, to: &output)
        literal(",\"headers\":{", to: &output)
        for (position, header) in notification.headers.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            string(header.name, to: &output)
            output.append(UInt8(ascii: ":"))
            string(header.value, to: &output)
        }
        literal("},\"payload\":", to: &output)
        notification.payload.withUnsafeBufferPointer { output.append(contentsOf: $0) }
        literal(",\"report\":", to: &output)
        report(notification.report, to: &output)
        literal("}\n", to: &output)
    }

    private static func failure(id: JSONValue, line: Int, _ error: RenderError, to output: inout FixedByteOutput) {
        literal("{\"id\":", to: &output)
        value(id, to: &output)
        literal(",\"line\":", to: &output)
        integer(line, to: &output)
        literal(",\"ok\":false,\"error\":{\"code\":", to: &output)
        string(error.code, to: &output)
        literal(",\"message\":", to: &output)
        string(error.message, to: &output)
        literal("}}\n", to: &output)
    }

    /// The report object, member for member as `RenderReport.json`.
    static func report(_ report: RenderReport, to output: inout FixedByteOutput) {
        literal("{\"bytes\":", to: &output)
        integer(report.bytes, to: &output)
        literal(",\"budget\":", to: &output)
        integer(report.budget, to: &output)
        literal(",\"fieldLocales\":{", to: &output)
        // In `MessageField.allCases` order, as `RenderReport.json` writes them.
        var first = true
        for field in MessageField.allCases {
            guard let locale = report.fieldLocales[field] else { continue }
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            string(field.rawValue, to: &output)
            output.append(UInt8(ascii: ":"))
            string(locale, to: &output)
        }
        // The usual report, a payload that fit at once, ends the same way every time.
        if report.includedLocales.isEmpty, report.droppedLocales.isEmpty, report.trimmedArguments.isEmpty,
            report.bodyBytesTrimmed == 0, report.steps == RenderReport.fullSteps
        {
            literal(
                "},\"includedLocales\":[],\"droppedLocales\":[],\"trimmedArguments\":[],\"bodyBytesTrimmed\":0,\"steps\":[\"full\"]",
                to: &output
            )
            negotiation(report.negotiation, messageBytes: report.messageBytes, to: &output)
            return
        }
        literal("},\"includedLocales\":", to: &output)
        strings(report.includedLocales, to: &output)
        literal(",\"droppedLocales\":", to: &output)
        strings(report.droppedLocales, to: &output)
        literal(",\"trimmedArguments\":[", to: &output)
        for (position, argument) in report.trimmedArguments.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            literal("{\"name\":", to: &output)
            string(argument.name, to: &output)
            literal(",\"bytesBefore\":", to: &output)
            integer(argument.bytesBefore, to: &output)
            literal(",\"bytesAfter\":", to: &output)
            integer(argument.bytesAfter, to: &output)
            literal(",\"occurrences\":", to: &output)
            integer(argument.occurrences, to: &output)
            literal(",\"reason\":", to: &output)
            string(argument.reason, to: &output)
            output.append(UInt8(ascii: "}"))
        }
        literal("],\"bodyBytesTrimmed\":", to: &output)
        integer(report.bodyBytesTrimmed, to: &output)
        literal(",\"steps\":", to: &output)
        strings(report.steps, to: &output)
        negotiation(report.negotiation, messageBytes: report.messageBytes, to: &output)
    }

    /// `,"negotiation":[{"requested":…,"matched":…|null}]`, then FCM's `,"messageBytes":n`, and
    /// the report's end.
    private static func negotiation(_ matches: [LocaleMatch], messageBytes: Int?, to output: inout FixedByteOutput) {
        literal(",\"negotiation\":[", to: &output)
        for (position, match) in matches.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            literal("{\"requested\":", to: &output)
            string(match.requested, to: &output)
            literal(",\"matched\":", to: &output)
            if let matched = match.matched { string(matched, to: &output) } else { literal("null", to: &output) }
            output.append(UInt8(ascii: "}"))
        }
        output.append(UInt8(ascii: "]"))
        if let messageBytes {
            literal(",\"messageBytes\":", to: &output)
            integer(messageBytes, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Any parsed JSON value, compactly (as `JSONWriter.value`).
    static func value(_ value: JSONValue, to output: inout FixedByteOutput) {
        switch value {
        case .null: literal("null", to: &output)
        case .bool(let flag): flag ? literal("true", to: &output) : literal("false", to: &output)
        case .number(let text): raw(text, to: &output)
        case .string(let text): string(text, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (position, element) in values.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                self.value(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                string(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                self.value(member.value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func strings(_ texts: [String], to output: inout FixedByteOutput) {
        output.append(UInt8(ascii: "["))
        for (position, text) in texts.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            string(text, to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// A quoted, escaped string.
    static func string(_ text: String, to output: inout FixedByteOutput) {
        output.append(UInt8(ascii: "\""))
        withUTF8(of: text) { output.appendEscaped($0) }
        output.append(UInt8(ascii: "\""))
    }

    /// A string's UTF-8 as it is (a JSON number's text).
    private static func raw(_ text: String, to output: inout FixedByteOutput) {
        withUTF8(of: text) { output.append(contentsOf: $0) }
    }

    /// Calls `body` with `text`'s UTF-8, in place when the string stores it contiguously.
    private static func withUTF8(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if text.utf8.withContiguousStorageIfAvailable(body) != nil { return }
        var copy = text
        copy.withUTF8(body)
    }

    @inline(__always)
    private static func literal(_ text: StaticString, to output: inout FixedByteOutput) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A whole number in decimal.
    static func integer(_ value: Int, to output: inout FixedByteOutput) {
        JSONWriter.appendInteger(Int64(value), to: &output)
    }
}
