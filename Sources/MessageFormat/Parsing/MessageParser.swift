/// Parses ICU MessageFormat 1 patterns (named arguments, ICU's default apostrophe mode) into a
/// syntax tree with source offsets.
public enum MessageParser {
    /// How deep arguments may nest. ICU allows 32767; a recursive parser on a 512 KiB thread
    /// stack cannot, and no real message comes near this.
    public static let maximumNestingDepth = 128

    /// Parses a whole pattern.
    /// - Parameter pattern: the message text.
    /// - Returns: the top-level message.
    /// - Throws: `MessageSyntaxError` naming the kind, offset, line and column.
    public static func parse(_ pattern: String) throws(MessageSyntaxError) -> Message {
        throw MessageSyntaxError(.badArgumentSyntax, "parser not written yet", byteOffset: 0, in: pattern)
    }
}
