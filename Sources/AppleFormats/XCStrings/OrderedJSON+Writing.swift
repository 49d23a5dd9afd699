/// Writes JSON in Xcode's String Catalog layout: two-space indent, `" : "` between name and
/// value, `,` at line ends, empty objects as `{` blank line `}`, no newline at the end.
enum XcodeJSONWriter {
    /// The UTF-8 bytes of `value` in Xcode's layout.
    static func write(_ value: OrderedJSON) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1 << 16)
        write(value, depth: 0, into: &output)
        return output
    }

    private static func indent(_ depth: Int, _ output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    private static func write(_ value: OrderedJSON, depth: Int, into output: inout [UInt8]) {
        switch value {
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            output.append(0x0A)
            if members.isEmpty { output.append(0x0A) }
            for (position, member) in members.enumerated() {
                indent(depth + 1, &output)
                writeString(member.key, literal: member.keyLiteral, into: &output)
                output.append(contentsOf: Array(" : ".utf8))
                write(member.value, depth: depth + 1, into: &output)
                if position < members.count - 1 { output.append(UInt8(ascii: ",")) }
                output.append(0x0A)
            }
            indent(depth, &output)
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            output.append(0x0A)
            if elements.isEmpty { output.append(0x0A) }
            for (position, element) in elements.enumerated() {
                indent(depth + 1, &output)
                write(element, depth: depth + 1, into: &output)
                if position < elements.count - 1 { output.append(UInt8(ascii: ",")) }
                output.append(0x0A)
            }
            indent(depth, &output)
            output.append(UInt8(ascii: "]"))
        case .string(let text, let literal):
            writeString(text, literal: literal, into: &output)
        case .number(let text):
            output.append(contentsOf: Array(text.utf8))
        case .bool(let flag):
            output.append(contentsOf: Array((flag ? "true" : "false").utf8))
        case .null:
            output.append(contentsOf: Array("null".utf8))
        }
    }

    /// A string as Xcode escapes it: `"` `\` and control characters; everything else as is.
    private static func writeString(_ text: String, literal: String?, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        if let literal {
            output.append(contentsOf: Array(literal.utf8))
        } else {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": output.append(contentsOf: Array("\\\"".utf8))
                case "\\": output.append(contentsOf: Array("\\\\".utf8))
                case "\n": output.append(contentsOf: Array("\\n".utf8))
                case "\r": output.append(contentsOf: Array("\\r".utf8))
                case "\t": output.append(contentsOf: Array("\\t".utf8))
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    output.append(contentsOf: Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8))
                default: output.append(contentsOf: Array(String(scalar).utf8))
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
