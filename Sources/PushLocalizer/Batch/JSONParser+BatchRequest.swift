import Foundation

/// The batch line's top-level object, read member by member into `BatchRequestMembers`. Each
/// function here walks the bytes exactly as `parseObject`/`parseArray` do (same checks, same
/// order, same error messages and offsets), so a line is accepted or refused just as the generic
/// parser would; only the values are stored differently.
extension JSONParser {
    /// Reads the object starting at `{` into `members`.
    mutating func parseRequestMembers(into members: inout BatchRequestMembers) throws(JSONParseError) {
        try walkObject { (parser: inout JSONParser) throws(JSONParseError) in
            try parser.parseFieldName(into: &members)
        } value: { (parser: inout JSONParser, field: BatchRequestMembers.Field) throws(JSONParseError) in
            try parser.parseMember(field, into: &members)
        }
    }

    /// Reads a member name at its opening quote. Plain ASCII-letter names (every defined field)
    /// are matched on the bytes without making a string; others are decoded first.
    private mutating func parseFieldName(
        into members: inout BatchRequestMembers
    ) throws(JSONParseError) -> BatchRequestMembers.Field {
        let start = index + 1
        var end = start
        while end < bytes.count, (bytes[end] | 0x20) &- UInt8(ascii: "a") < 26 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            if let field = Self.field(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
                index = end + 1
                return field
            }
        }
        let name = try parseString()
        let field = BatchRequestMembers.Field(rawValue: name) ?? .unknown
        if field == .unknown, members.firstUnknown == nil { members.firstUnknown = name }
        return field
    }

    /// The defined field named by `name`, or nil.
    private static func field(_ name: UnsafeBufferPointer<UInt8>) -> BatchRequestMembers.Field? {
        // The bytes compared at once (a generic `elementsEqual` walks them one by one).
        func equals(_ word: StaticString) -> Bool {
            guard name.count == word.utf8CodeUnitCount, let base = name.baseAddress else { return false }
            return memcmp(base, word.utf8Start, word.utf8CodeUnitCount) == 0
        }
        switch name.count {
        case 2: return equals("id") ? .id : nil
        case 3: return equals("key") ? .key : nil
        case 4: return equals("mode") ? .mode : equals("args") ? .args : equals("data") ? .data : nil
        case 5: return equals("badge") ? .badge : equals("token") ? .token : equals("topic") ? .topic : nil
        case 6: return equals("budget") ? .budget : nil
        case 7: return equals("locales") ? .locales : nil
        case 8:
            return equals("pushType")
                ? .pushType
                : equals("timeZone") ? .timeZone : equals("overflow") ? .overflow : equals("platform") ? .platform : nil
        case 9: return equals("condition") ? .condition : nil
        default: return nil
        }
    }

    private mutating func parseMember(
        _ field: BatchRequestMembers.Field,
        into members: inout BatchRequestMembers
    ) throws(JSONParseError) {
        switch field {
        case .id: members.id = try parseValue(maximumBytes: BatchLimits.maximumIDBytes, subject: "'id'")
        case .key: members.key = try parseStringMember("'key'")
        case .locales: members.locales = try parseStringArray()
        case .mode: members.mode = try parseStringMember("'mode'")
        case .args: members.arguments = try parseArguments()
        case .budget: members.budget = try parseValue()
        case .pushType: members.pushType = try parseStringMember("'pushType'")
        case .timeZone: members.timeZone = try parseStringMember("'timeZone'")
        case .overflow: members.overflow = try parseStringMember("'overflow'")
        case .badge: members.badge = try parseValue()
        case .data: members.data = try parseValue(maximumBytes: BatchLimits.maximumDataBytes, subject: "'data'")
        case .platform: members.platform = try parseStringMember("'platform'")
        case .token: members.token = try parseStringMember("'token'", limit: BatchLimits.maximumTargetBytes)
        case .topic: members.topic = try parseStringMember("'topic'", limit: BatchLimits.maximumTargetBytes)
        case .condition:
            members.condition = try parseStringMember("'condition'", limit: BatchLimits.maximumTargetBytes)
        case .unknown: try skipValue()
        }
    }

    /// A value that must be a string of at most `BatchLimits.maximumShortStringBytes`; any other
    /// value is read (to validate it) and marked invalid.
    private mutating func parseStringMember(
        _ subject: String,
        limit: Int = BatchLimits.maximumShortStringBytes
    ) throws(JSONParseError) -> BatchRequestMembers.Slot<String> {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            try skipValue()
            return .invalid
        }
        return .value(try parseShortString(subject, limit: limit))
    }

    /// A string (the cursor on its quote) refused once longer than `limit` bytes as written.
    private mutating func parseShortString(
        _ subject: String,
        limit: Int = BatchLimits.maximumShortStringBytes
    ) throws(JSONParseError) -> String {
        let outer = (stringLimit, stringLimitSubject)
        (stringLimit, stringLimitSubject) = (limit, subject)
        defer { (stringLimit, stringLimitSubject) = outer }
        return try parseString()
    }

    /// An array that must hold only strings, as `parseArray` reads it.
    private mutating func parseStringArray() throws(JSONParseError) -> BatchRequestMembers.Slot<[String]> {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else {
            try skipValue()
            return .invalid
        }
        var values: [String] = []
        var onlyStrings = true
        var count = 0
        try walkArray { (parser: inout JSONParser) throws(JSONParseError) in
            count += 1
            if count > BatchLimits.maximumLocales {
                throw .limit("'locales' with more than \(BatchLimits.maximumLocales) tags", at: parser.index)
            }
            if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") {
                let text = try parser.parseShortString("a locale tag")
                if onlyStrings { values.append(text) }
            } else {
                try parser.skipValue()
                onlyStrings = false
            }
        }
        return onlyStrings ? .value(values) : .invalid
    }

    /// An object of arguments, as `parseObject` reads it; a repeated name keeps its last value.
    private mutating func parseArguments() throws(JSONParseError) -> BatchRequestMembers.Slot<[String: JSONValue]> {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
            try skipValue()
            return .invalid
        }
        var arguments = [String: JSONValue](minimumCapacity: 4)
        try walkObject { (parser: inout JSONParser) throws(JSONParseError) in
            try parser.parseString()
        } value: { (parser: inout JSONParser, name: String) throws(JSONParseError) in
            arguments[name] = try parser.parseValue()
        }
        return .value(arguments)
    }
}
