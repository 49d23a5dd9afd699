extension RenderedNotification {
    /// The headers as a compact JSON object, in header order.
    public var headersJSON: [UInt8] {
        var writer = JSONWriter(reservingCapacity: 128)
        writeHeaders(&writer)
        return writer.bytes
    }

    /// `{"headers": {…}, "payload": <payload verbatim>}` — what `pushloc render --request` prints.
    public var requestJSON: [UInt8] {
        var writer = JSONWriter(reservingCapacity: payload.count + 256)
        writer.beginObject()
        writer.key("headers")
        writeHeaders(&writer)
        writer.key("payload")
        writer.rawValue(payload)
        writer.endObject()
        return writer.bytes
    }

    func writeHeaders(_ writer: inout JSONWriter) {
        writer.beginObject()
        for header in headers {
            writer.key(header.name)
            writer.string(header.value)
        }
        writer.endObject()
    }
}

extension RenderReport {
    /// The report as compact JSON: `{"bytes", "budget", "fieldLocales", "includedLocales",
    /// "droppedLocales", "trimmedArguments": [{"name", "bytesBefore", "bytesAfter", "occurrences",
    /// "reason"}], "bodyBytesTrimmed", "steps", "negotiation": [{"requested", "matched"}]}` (`matched`
    /// is null for a tag that matched nothing).
    public var json: [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256)
        write(&writer)
        return writer.bytes
    }

    func write(_ writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("bytes")
        writer.integer(bytes)
        writer.key("budget")
        writer.integer(budget)
        writer.key("fieldLocales")
        writer.beginObject()
        for field in MessageField.allCases {
            guard let locale = fieldLocales[field] else { continue }
            writer.key(field.rawValue)
            writer.string(locale)
        }
        writer.endObject()
        writer.key("includedLocales")
        writer.beginArray()
        includedLocales.forEach { writer.string($0) }
        writer.endArray()
        writer.key("droppedLocales")
        writer.beginArray()
        droppedLocales.forEach { writer.string($0) }
        writer.endArray()
        writer.key("trimmedArguments")
        writer.beginArray()
        for argument in trimmedArguments {
            writer.beginObject()
            writer.key("name")
            writer.string(argument.name)
            writer.key("bytesBefore")
            writer.integer(argument.bytesBefore)
            writer.key("bytesAfter")
            writer.integer(argument.bytesAfter)
            writer.key("occurrences")
            writer.integer(argument.occurrences)
            writer.key("reason")
            writer.string(argument.reason)
            writer.endObject()
        }
        writer.endArray()
        writer.key("bodyBytesTrimmed")
        writer.integer(bodyBytesTrimmed)
        writer.key("steps")
        writer.beginArray()
        steps.forEach { writer.string($0) }
        writer.endArray()
        writer.key("negotiation")
        writer.beginArray()
        for match in negotiation {
            writer.beginObject()
            writer.key("requested")
            writer.string(match.requested)
            writer.key("matched")
            writer.value(match.matched.map(JSONValue.string) ?? .null)
            writer.endObject()
        }
        writer.endArray()
        if let messageBytes {
            writer.key("messageBytes")
            writer.integer(messageBytes)
        }
        writer.endObject()
    }

    /// The report in words, for `--explain`.
    public var explanation: String {
        var lines = [
            "\(bytes) of \(budget) bytes used (\(budget - bytes) free); steps: \(steps.joined(separator: " → "))"
        ]
        lines += negotiationLines
        for field in MessageField.allCases {
            if let locale = fieldLocales[field] { lines.append("\(field.rawValue): locale \(locale)") }
        }
        if !includedLocales.isEmpty { lines.append("localization_content: \(includedLocales.joined(separator: ", "))") }
        if !droppedLocales.isEmpty { lines.append("dropped locales: \(droppedLocales.joined(separator: ", "))") }
        for argument in trimmedArguments {
            lines.append(
                "argument \(argument.name): \(argument.bytesBefore) → \(argument.bytesAfter) bytes"
                    + " (\(argument.reason)\(argument.occurrences > 1 ? ", \(argument.occurrences) occurrences" : ""))"
            )
        }
        if bodyBytesTrimmed > 0 { lines.append("body: \(bodyBytesTrimmed) bytes cut") }
        if let messageBytes { lines.append("whole message: \(messageBytes) bytes (the budget counts its text)") }
        return lines.joined(separator: "\n")
    }
}

extension RenderReport {
    /// One line per requested tag: what it matched, or that it matched nothing.
    var negotiationLines: [String] {
        negotiation.map { match in
            guard let matched = match.matched else {
                return "requested locale '\(match.requested)': matched nothing in the catalog"
            }
            return "requested locale '\(match.requested)': matched \(matched)"
        }
    }
}
