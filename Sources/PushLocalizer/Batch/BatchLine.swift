/// Answers one batch line: the success object or the error object of SPEC §7, plus a newline.
enum BatchLine {
    static func answer(
        _ line: LineReader.Line,
        number: Int,
        catalog: Catalog,
        now: Double
    ) -> (bytes: [UInt8], ok: Bool) {
        let text: [UInt8]
        switch line {
        case .tooLong(let length):
            return (
                failure(
                    id: .null,
                    line: number,
                    RenderError("line-too-long", "line is \(length) bytes; the limit is 32 MiB")
                ), false
            )
        case .text(let bytes):
            text = bytes
        }
        if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            return (failure(id: .null, line: number, RenderError("invalid-json", "empty line")), false)
        }
        let json: JSONValue
        do {
            json = try text.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
                try JSONParser.parse(buffer)
            }
        } catch {
            return (failure(id: .null, line: number, RenderError("invalid-json", "not valid JSON: \(error)")), false)
        }
        let (id, decoded) = BatchRequestDecoder.decode(json, now: now)
        switch decoded {
        case .failure(let error):
            return (failure(id: id, line: number, error), false)
        case .success(let request):
            do {
                let notification = try catalog.render(request)
                return (success(id: id, notification), true)
            } catch {
                return (failure(id: id, line: number, error), false)
            }
        }
    }

    private static func success(id: JSONValue, _ notification: RenderedNotification) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: notification.payload.count + 512)
        writer.beginObject()
        writer.key("id")
        writer.value(id)
        writer.key("ok")
        writer.raw("true")
        writer.key("bytes")
        writer.integer(notification.payload.count)
        writer.key("locale")
        writer.string(notification.locale)
        writer.key("headers")
        notification.writeHeaders(&writer)
        writer.key("payload")
        writer.rawValue(notification.payload)
        writer.key("report")
        notification.report.write(&writer)
        writer.endObject()
        return writer.bytes + [0x0A]
    }

    private static func failure(id: JSONValue, line: Int, _ error: RenderError) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256)
        writer.beginObject()
        writer.key("id")
        writer.value(id)
        writer.key("line")
        writer.integer(line)
        writer.key("ok")
        writer.raw("false")
        writer.key("error")
        writer.beginObject()
        writer.key("code")
        writer.string(error.code)
        writer.key("message")
        writer.string(error.message)
        writer.endObject()
        writer.endObject()
        return writer.bytes + [0x0A]
    }
}
