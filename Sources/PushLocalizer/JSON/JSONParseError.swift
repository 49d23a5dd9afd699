/// Input that is not valid JSON, or that crossed one of the reader's `JSONLimits`, with the byte
/// offset where reading stopped.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// UTF-8 byte offset into the input.
    public var offset: Int
    /// Whether the input was refused for crossing a limit (it may be valid JSON) rather than for
    /// its syntax.
    public var isLimit: Bool

    /// Creates an error.
    public init(_ message: String, at offset: Int, isLimit: Bool = false) {
        self.message = message
        self.offset = offset
        self.isLimit = isLimit
    }

    /// A limit crossed.
    static func limit(_ message: String, at offset: Int) -> JSONParseError {
        JSONParseError(message, at: offset, isLimit: true)
    }

    /// `message at byte N`.
    public var description: String { "\(message) at byte \(offset + 1)" }
}
