/// Turns loosely typed input (command-line text, JSON values) into message argument values.
public enum ArgumentConversion {
    /// Reads command-line text: as a number where the message uses the argument as a number
    /// (integers stay exact), otherwise as text (dates stay ISO-8601 text, read when formatted).
    /// - Parameters:
    ///   - text: the value as typed.
    ///   - usages: how the message uses the argument.
    /// - Returns: the value to format with.
    public static func value(fromText text: String, usages: Set<ArgumentUsage>) -> ArgumentValue {
        if usages.contains(.number) || (usages.contains(.date) && !text.contains("-")) {
            if let number = number(fromText: text) { return number }
        }
        return .string(text)
    }

    /// Reads a number written as text: an Int64 when it is a whole number that fits, else a double.
    public static func number(fromText text: String) -> ArgumentValue? {
        if let integer = plainInteger(text) { return .int(integer) }
        let trimmed = text.trimmingWhiteSpace
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ Self.isNumberByte($0) }) else { return nil }
        if let integer = Int64(trimmed) { return .int(integer) }
        if let double = Double(trimmed), double.isFinite { return .double(double) }
        return nil
    }

    /// Whether `text` is written as a number but lies beyond what a double holds (`1e400`), so
    /// that an error can say so instead of calling it no number at all.
    /// - Parameter text: the value as given.
    /// - Returns: true for a number whose magnitude is too large.
    public static func isOutOfRange(_ text: String) -> Bool {
        let trimmed = text.trimmingWhiteSpace
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ Self.isNumberByte($0) }), let double = Double(trimmed) else {
            return false
        }
        return double.isInfinite
    }

    /// The common case without parsing machinery: an optional `-` and up to 18 ASCII digits.
    private static func plainInteger(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { bytes -> Int64? in
            let negative = bytes.first == UInt8(ascii: "-")
            let digits = negative ? UnsafeBufferPointer(rebasing: bytes.dropFirst()) : bytes
            guard !digits.isEmpty, digits.count <= 18 else { return nil }
            var value: Int64 = 0
            for byte in digits {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return negative ? -value : value
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    /// Reads an ISO-8601 instant with an offset (`2026-11-22T10:00:00Z`) as epoch milliseconds.
    public static func epochMilliseconds(fromISO8601 text: String) -> Double? {
        ISO8601Instant.epochMilliseconds(text)
    }

    /// Reads a JSON value: strings, numbers (integers exact), booleans as the text `true`/`false`
    /// (for `select`). Null, arrays and objects are not argument values.
    /// - Returns: the value, or nil for null, arrays and objects.
    public static func value(fromJSON json: JSONValue) -> ArgumentValue? {
        switch json {
        case .string(let text): .string(text)
        case .number(let text): number(fromText: text) ?? .string(text)
        case .bool(let flag): .string(flag ? "true" : "false")
        case .null, .array, .object: nil
        }
    }
}

extension String {
    var trimmingWhiteSpace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return Substring(scalars[first...last])
    }
}
