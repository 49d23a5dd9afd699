/// Writes a ``JSONValue`` as indented JSON (two spaces, keys in the order given), for output that
/// people read and diff as well as machines: lint reports, SARIF logs, preview and coverage.
///
/// Strings are escaped as payloads are (only `"`, `\` and C0 controls), so non-ASCII stays raw
/// UTF-8. Empty arrays and objects are written `[]` and `{}`.
enum PrettyJSON {
    /// The JSON text of `value`, ending with a line feed.
    static func text(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        write(value, indent: 0, into: &output)
        output.append(0x0A)
        return String(decoding: output, as: UTF8.self)
    }

    /// The JSON text of an object whose first member is a long array, exactly as
    /// ``text(_:)`` writes `{key: [elements], rest…}`; the elements are made and written on
    /// every core (a lint report holds tens of thousands of them).
    static func text<Element>(
        key: String,
        elements: [Element],
        element: (Element) -> JSONValue,
        rest: [(key: String, value: JSONValue)]
    ) -> String {
        var output: [UInt8] = [UInt8(ascii: "{")]
        newline(1, into: &output)
        appendString(key, to: &output)
        output.append(contentsOf: ": ".utf8)
        if elements.isEmpty {
            output.append(contentsOf: "[]".utf8)
        } else {
            output.append(UInt8(ascii: "["))
            let chunks = Array(elements.indices).chunkedForCores()
            let written = chunks.parallelMap { indices in
                var bytes: [UInt8] = []
                for index in indices {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    newline(2, into: &bytes)
                    write(element(elements[index]), indent: 2, into: &bytes)
                }
                return bytes
            }
            for bytes in written { output.append(contentsOf: bytes) }
            newline(1, into: &output)
            output.append(UInt8(ascii: "]"))
        }
        for member in rest {
            output.append(UInt8(ascii: ","))
            newline(1, into: &output)
            appendString(member.key, to: &output)
            output.append(contentsOf: ": ".utf8)
            write(member.value, indent: 1, into: &output)
        }
        newline(0, into: &output)
        output.append(UInt8(ascii: "}"))
        output.append(0x0A)
        return String(decoding: output, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, indent: Int, into output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): appendString(text, to: &output)
        case .array(let values):
            guard !values.isEmpty else { return output.append(contentsOf: "[]".utf8) }
            output.append(UInt8(ascii: "["))
            for (index, element) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &output)
                write(element, indent: indent + 1, into: &output)
            }
            newline(indent, into: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { return output.append(contentsOf: "{}".utf8) }
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &output)
                appendString(member.key, to: &output)
                output.append(contentsOf: ": ".utf8)
                write(member.value, indent: indent + 1, into: &output)
            }
            newline(indent, into: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ indent: Int, into output: inout [UInt8]) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        JSONEscaping.append(text.utf8, to: &output)
        output.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// A JSON string, or null when `text` is nil.
    static func optionalString(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// A JSON integer.
    static func integer<T: BinaryInteger>(_ value: T) -> JSONValue {
        .number(String(value))
    }
}
