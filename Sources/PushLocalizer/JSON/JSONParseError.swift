/// Input that is not valid JSON, with the byte offset where reading stopped.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// UTF-8 byte offset into the input.
    public var offset: Int

    /// Creates an error.
    public init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `message at byte N`.
    public var description: String { "\(message) at byte \(offset + 1)" }
}
