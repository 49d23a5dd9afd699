/// The one place that walks JSON objects and arrays: every reader of them (the generic tree, the
/// batch request reader) goes through these, so they accept and refuse exactly the same text,
/// with the same messages at the same offsets, and differ only in what they keep.
extension JSONParser {
    /// Walks the object whose `{` is at the cursor. For each member, `name` reads the member name
    /// (the cursor on its opening quote) and `value` reads the value (the cursor on it).
    mutating func walkObject<Name>(
        name: (inout JSONParser) throws(JSONParseError) -> Name,
        value: (inout JSONParser, Name) throws(JSONParseError) -> Void
    ) throws(JSONParseError) {
        try enter()
        defer { depth -= 1 }
        index += 1
        skipWhiteSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        var members = 0
        while true {
            skipWhiteSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw JSONParseError("expected a member name in quotes", at: index)
            }
            members += 1
            if members > limits.maximumMembers {
                throw .limit("an object with more than \(limits.maximumMembers) members", at: index)
            }
            try countNode()
            let outerLimit = (stringLimit, stringLimitSubject)
            (stringLimit, stringLimitSubject) = (limits.maximumNameBytes, "a member name")
            let memberName = try name(&self)
            (stringLimit, stringLimitSubject) = outerLimit
            skipWhiteSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw JSONParseError("expected ':' after a member name", at: index)
            }
            index += 1
            skipWhiteSpace()
            try value(&self, memberName)
            skipWhiteSpace()
            guard index < bytes.count else { throw JSONParseError("unterminated object", at: index) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            } else {
                throw JSONParseError("expected ',' or '}' in object", at: index)
            }
        }
    }

    /// Walks the array whose `[` is at the cursor; `element` reads each element (the cursor on it).
    mutating func walkArray(element: (inout JSONParser) throws(JSONParseError) -> Void) throws(JSONParseError) {
        try enter()
        defer { depth -= 1 }
        index += 1
        skipWhiteSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        var elements = 0
        while true {
            skipWhiteSpace()
            elements += 1
            if elements > limits.maximumElements {
                throw .limit("an array with more than \(limits.maximumElements) elements", at: index)
            }
            try countNode()
            try element(&self)
            skipWhiteSpace()
            guard index < bytes.count else { throw JSONParseError("unterminated array", at: index) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            } else {
                throw JSONParseError("expected ',' or ']' in array", at: index)
            }
        }
    }

    /// Counts one more value read, against `JSONLimits.maximumNodes`.
    mutating func countNode() throws(JSONParseError) {
        nodes += 1
        if nodes > limits.maximumNodes {
            throw .limit("more than \(limits.maximumNodes) values", at: index)
        }
    }
}
