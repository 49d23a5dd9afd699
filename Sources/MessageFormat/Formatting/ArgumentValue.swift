/// A value for one named argument of a message.
public enum ArgumentValue: Sendable, Hashable {
    /// Text, inserted as is by `{name}` and compared exactly (byte for byte) by `select`.
    case string(String)
    /// A whole number.
    case int(Int64)
    /// A binary floating-point number.
    case double(Double)
    /// A decimal number written as text (`"1.50"`, `"12345678901234567890"`), kept at full precision.
    case decimal(String)
    /// An instant, in milliseconds since 1970-01-01T00:00:00Z.
    case date(epochMilliseconds: Double)

    /// The value as a double, for plural selection and `=N` comparison (nil for text).
    var numericValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        case .decimal(let text): Double(text)
        case .date(let milliseconds): milliseconds
        case .string: nil
        }
    }

    /// A short name of the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .string(let text): "text \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .int, .double, .decimal: "a number"
        case .date: "a date"
        }
    }
}
