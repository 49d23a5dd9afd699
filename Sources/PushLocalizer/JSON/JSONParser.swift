/// A strict RFC 8259 JSON reader over UTF-8 bytes: rejects invalid UTF-8, lone surrogate
/// escapes, trailing commas, leading zeros and control characters in strings, and limits nesting
/// so hostile input cannot exhaust the stack.
public struct JSONParser {
    /// How deep arrays and objects may nest.
    public static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    /// The bounds checked while reading.
    let limits: JSONLimits
    /// Values read so far (for `JSONLimits.maximumNodes`).
    var nodes = 0
    /// The longest string (as written) the next `parseString` accepts; member names are read
    /// under `JSONLimits.maximumNameBytes`.
    var stringLimit = Int.max
    /// What a string over `stringLimit` is called in the error (`a member name`).
    var stringLimitSubject = ""

    init(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .nestingOnly) {
        self.bytes = bytes
        self.limits = limits
    }

    /// Parses one JSON document that fills `bytes` (white space around it allowed).
    /// - Throws: `JSONParseError` with the byte offset of the problem.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhiteSpace()
        let value = try parser.parseValue()
        parser.skipWhiteSpace()
        guard parser.index == bytes.count else {
            throw JSONParseError("unexpected text after the JSON value", at: parser.index)
        }
        return value
    }

    /// Parses one JSON document held in a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var copy = Array(text.utf8)
        return try copy.withUnsafeMutableBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            try parse(UnsafeBufferPointer(buffer))
        }
    }

    mutating func skipWhiteSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw JSONParseError("unexpected end of input, expected a value", at: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw JSONParseError("unexpected character, expected a value", at: index)
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw JSONParseError("invalid literal", at: index) }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw JSONParseError("invalid literal", at: index)
        }
        index += count
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > limits.maximumDepth {
            throw JSONParseError(
                "nesting deeper than \(limits.maximumDepth)",
                at: index,
                isLimit: limits != .nestingOnly
            )
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        try walkObject { (parser: inout JSONParser) throws(JSONParseError) in
            try parser.parseString()
        } value: { (parser: inout JSONParser, key: String) throws(JSONParseError) in
            members.append((key, try parser.parseValue()))
        }
        return .object(members)
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        var values: [JSONValue] = []
        try walkArray { (parser: inout JSONParser) throws(JSONParseError) in
            values.append(try parser.parseValue())
        }
        return .array(values)
    }

    private mutating func parseNumber() throws(JSONParseError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw JSONParseError("invalid number", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw JSONParseError("leading zero in number", at: start) }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw JSONParseError("invalid number", at: start) }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw JSONParseError("invalid number", at: start) }
            skipDigits()
        }
        if index - start > limits.maximumNumberBytes { throw numberTooLong(at: start) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// The error for a number over `maximumNumberBytes`, made out of line (the parse stays small).
    @inline(never)
    private func numberTooLong(at start: Int) -> JSONParseError {
        .limit("a number longer than \(limits.maximumNumberBytes) characters", at: start)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
}
