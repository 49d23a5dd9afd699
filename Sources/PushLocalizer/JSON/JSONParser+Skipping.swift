/// Reading a value only to check it: the same walk, checks, limits, messages and offsets as
/// `parseValue`, but nothing is kept, so a value that is read only to be refused or ignored
/// (a batch line that is not an object, a member the request does not define) costs no memory.
extension JSONParser {
    /// Walks the value at the cursor without building it.
    mutating func skipValue() throws(JSONParseError) {
        var scratch: [UInt8] = []
        try skipValue(scratch: &scratch)
    }

    private mutating func skipValue(scratch: inout [UInt8]) throws(JSONParseError) {
        guard index < bytes.count else { throw JSONParseError("unexpected end of input, expected a value", at: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            try walkObject { (parser: inout JSONParser) throws(JSONParseError) in
                try parser.skipString(scratch: &scratch)
            } value: { (parser: inout JSONParser, _: Void) throws(JSONParseError) in
                try parser.skipValue(scratch: &scratch)
            }
        case UInt8(ascii: "["):
            try walkArray { (parser: inout JSONParser) throws(JSONParseError) in
                try parser.skipValue(scratch: &scratch)
            }
        case UInt8(ascii: "\""): try skipString(scratch: &scratch)
        default: _ = try parseValue()
        }
    }

    /// Reads the value at the cursor as `parseValue` does, refusing it once its text is longer
    /// than `maximumBytes` (checked by walking it first, so that a long value is never built).
    /// - Parameter subject: what the value is, for the error (`'id'`).
    mutating func parseValue(maximumBytes: Int, subject: String) throws(JSONParseError) -> JSONValue {
        let start = index
        let outer = (stringLimit, stringLimitSubject, nodes)
        (stringLimit, stringLimitSubject) = (maximumBytes, subject)
        try skipValue()
        (stringLimit, stringLimitSubject) = (outer.0, outer.1)
        guard index - start <= maximumBytes else {
            throw .limit("\(subject) longer than \(maximumBytes) bytes", at: start)
        }
        // Read again, now known to be small: counted once, with the same depth around it.
        let end = index
        index = start
        nodes = outer.2
        let value = try parseValue()
        assert(index == end)
        return value
    }
}
