/// The type a template declares for an argument (`args: { name: { type: … } }`).
public enum ArgumentType: String, Sendable, Hashable, CaseIterable {
    /// Text; the only type that may be truncated.
    case string
    /// An integer or decimal number.
    case number
    /// An ISO-8601 date-time with offset, or epoch milliseconds.
    case date
}

/// One entry of a template's `args`.
public struct ArgumentDeclaration: Sendable, Hashable {
    /// The argument's name, as messages use it (`{user_name}`).
    public var name: String
    /// The declared type (`string` when the declaration gives none).
    public var type: ArgumentType
    /// Whether the budget fitter may trim the argument (`truncate: true`); otherwise it is pinned.
    public var truncate: Bool
    /// A hard cap in UTF-8 bytes applied before fitting (`max-bytes`).
    public var maxBytes: Int?
    /// Where the argument's name is written.
    public var location: CatalogFileLocation

    /// Creates a declaration.
    /// - Parameters:
    ///   - name: the argument name.
    ///   - type: its type.
    ///   - truncate: whether it may be trimmed.
    ///   - maxBytes: its byte cap, if any.
    ///   - location: where it is declared.
    public init(
        name: String,
        type: ArgumentType = .string,
        truncate: Bool = false,
        maxBytes: Int? = nil,
        location: CatalogFileLocation
    ) {
        self.name = name
        self.type = type
        self.truncate = truncate
        self.maxBytes = maxBytes
        self.location = location
    }
}
