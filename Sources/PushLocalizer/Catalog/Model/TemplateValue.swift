/// A value of a template's custom `data`, as written in YAML (YAML 1.2 core schema).
public indirect enum TemplateValue: Sendable, Hashable {
    /// Text; it may use `{args}` like a message.
    case string(SourceText)
    /// A number with a fraction or exponent (`1.5`, `1e3`, `.inf` is refused by the loader).
    case number(Double)
    /// A whole number (`42`, `0x2A`, `0o52`).
    case integer(Int64)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`, `~` or nothing.
    case null
    /// A YAML sequence.
    case array([TemplateValue])
    /// A YAML map, in file order.
    case object([DataEntry])
}

/// One key of a template's `data` (or of an object inside it), in file order.
public struct DataEntry: Sendable, Hashable {
    /// The key, written to the payload as is.
    public var key: String
    /// The value.
    public var value: TemplateValue
    /// Where the key is written.
    public var location: CatalogFileLocation

    /// Creates an entry.
    /// - Parameters:
    ///   - key: the payload key.
    ///   - value: its value.
    ///   - location: where the key is written.
    public init(key: String, value: TemplateValue, location: CatalogFileLocation) {
        self.key = key
        self.value = value
        self.location = location
    }
}
