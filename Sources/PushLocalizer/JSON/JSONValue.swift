/// A parsed JSON value. Numbers keep their source text so that `5` stays an integer, `5.0` a
/// decimal, and large integers lose nothing.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number exactly as written (`-12`, `1.50`, `1e21`).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in source order (duplicates kept; lookups take the last, as most parsers do).
    case object([(key: String, value: JSONValue)])

    /// The member named `key` (the last one when repeated), or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The integer, when this is a number written without fraction or exponent that fits Int64.
    public var integerValue: Int64? {
        if case .number(let text) = self { return Int64(text) }
        return nil
    }

    /// The number as a double, when this is a number.
    public var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// A short name of the kind of value, for error messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let text): hasher.combine(text)
        case .string(let text): hasher.combine(text)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }
}
