/// A strict JSON reader (RFC 8259) over UTF-8 bytes that keeps member order and literals.
struct OrderedJSONReader {
    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Reads one JSON document.
    /// - Parameter bytes: UTF-8 text (a leading BOM is skipped).
    /// - Throws: `JSONSyntaxError` with the line and column of the first problem.
    static func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> OrderedJSON {
        var reader = OrderedJSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.failure("unexpected text after the JSON value") }
        return value
    }

    private func failure(_ message: String) -> JSONSyntaxError {
        var line = 1
        var lineStart = 0
        for position in 0..<min(index, bytes.count) where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        let prefix = bytes[lineStart..<min(index, bytes.count)]
        let column = String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> OrderedJSON {
        guard depth < 512 else { throw failure("JSON nested too deeply") }
        guard index < bytes.count else { throw failure("unexpected end of file, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""):
            let (value, literal) = try string()
            return .string(value, literal: literal)
        case UInt8(ascii: "t"): return try word("true", .bool(true))
        case UInt8(ascii: "f"): return try word("false", .bool(false))
        case UInt8(ascii: "n"): return try word("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character, expected a value")
        }
    }

    private mutating func word(_ text: String, _ value: OrderedJSON) throws(JSONSyntaxError) -> OrderedJSON {
        let expected = Array(text.utf8)
        guard bytes[index...].starts(with: expected) else { throw failure("invalid literal, expected '\(text)'") }
        index += expected.count
        return value
    }

    private mutating func number() throws(JSONSyntaxError) -> OrderedJSON {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = { (reader: inout OrderedJSONReader) -> Int in
            let from = reader.index
            while reader.index < reader.bytes.count, (0x30...0x39).contains(reader.bytes[reader.index]) {
                reader.index += 1
            }
            return reader.index - from
        }
        guard digits(&self) > 0 else { throw failure("invalid number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw failure("invalid number: digits expected after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits(&self) > 0 else { throw failure("invalid number: exponent digits expected") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> OrderedJSON {
        index += 1
        var members: [OrderedJSON.Member] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a member name in double quotes")
            }
            let (key, literal) = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipSpace()
            let value = try value(depth: depth + 1)
            members.append(OrderedJSON.Member(key: key, keyLiteral: literal, value: value))
            skipSpace()
            guard index < bytes.count else { throw failure("unexpected end of file, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> OrderedJSON {
        index += 1
        var elements: [OrderedJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try value(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw failure("unexpected end of file, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    /// A string at `index` (on its opening quote): its value and its literal.
    private mutating func string() throws(JSONSyntaxError) -> (String, String) {
        index += 1
        let start = index
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ reader: OrderedJSONReader, _ end: Int) {
            scalars.append(contentsOf: String(decoding: reader.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(self, index)
                let literal = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return (String(scalars), literal)
            }
            if byte < 0x20 { throw failure("control character in a string must be escaped") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flush(self, index)
            index += 1
            guard index < bytes.count else { throw failure("unterminated string") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var unit = try hex4()
                if (0xD800...0xDBFF).contains(unit), bytes[index...].starts(with: Array("\\u".utf8)) {
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw failure("invalid surrogate pair") }
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(unit) else { throw failure("invalid \\u escape (lone surrogate)") }
                scalars.append(scalar)
            default:
                index -= 1
                throw failure("invalid escape in a string")
            }
            runStart = index
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw failure("invalid \\u escape: four hex digits expected") }
        index += 4
        return value
    }
}
