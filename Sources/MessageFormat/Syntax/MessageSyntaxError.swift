/// A pattern that is not valid ICU MessageFormat 1, with where and why.
public struct MessageSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable code.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A `{` without its `}` (or a sub-message left open).
        case unmatchedBrace = "unmatched-brace"
        /// Something other than `,` or `}` after an argument name, or a malformed type.
        case badArgumentSyntax = "bad-argument-syntax"
        /// An empty or invalid argument name (`{}`, `{01}`, `{a-b}`).
        case badArgumentName = "bad-argument-name"
        /// A type word that is not number, date, time, spellout, ordinal, duration, plural,
        /// selectordinal or select.
        case unknownArgumentType = "unknown-argument-type"
        /// `plural`, `selectordinal` or `select` with no cases.
        case missingStyle = "missing-style"
        /// A malformed selector in a plural or select argument.
        case badSelector = "bad-selector"
        /// A selector not followed by `{message}`.
        case missingSubMessage = "missing-sub-message"
        /// A plural, selectordinal or select argument with no `other` case (ICU requires one).
        case missingOther = "missing-other"
        /// `offset:` after the first case, or without a value.
        case badOffset = "bad-offset"
        /// A number in `=N` or `offset:N` that does not parse.
        case badNumber = "bad-number"
        /// A quoted literal in an argument style that reaches the end of the pattern.
        case unterminatedQuote = "unterminated-quote"
        /// Nesting deeper than `MessageParser.maximumNestingDepth`.
        case nestingTooDeep = "nesting-too-deep"
    }

    /// The error code.
    public var kind: Kind
    /// A sentence for people.
    public var message: String
    /// What the parser expected at that point (e.g. "',' or '}'"), when it can say.
    public var expected: String?
    /// UTF-8 byte offset into the pattern.
    public var byteOffset: Int
    /// Offset in Unicode scalars (characters as most editors count them), 0-based.
    public var offset: Int
    /// 1-based line within the pattern.
    public var line: Int
    /// 1-based column within that line, in Unicode scalars.
    public var column: Int

    /// Creates an error at a byte offset of `pattern`, computing line and column.
    public init(_ kind: Kind, _ message: String, expected: String? = nil, byteOffset: Int, in pattern: String) {
        self.kind = kind
        self.message = message
        self.expected = expected
        self.byteOffset = byteOffset
        let location = SourceLocation(byteOffset: byteOffset, in: pattern)
        self.offset = location.scalarOffset
        self.line = location.line
        self.column = location.column
    }

    /// `line:column: message (expected …)`.
    public var description: String {
        var text = "\(line):\(column): \(message)"
        if let expected { text += " (expected \(expected))" }
        return text
    }
}

/// A position in a pattern, as people count it.
public struct SourceLocation: Sendable, Hashable {
    /// Offset in Unicode scalars, 0-based.
    public var scalarOffset: Int
    /// 1-based line (lines end at `\n`).
    public var line: Int
    /// 1-based column in Unicode scalars.
    public var column: Int

    /// Computes the location of a UTF-8 byte offset (clamped to the pattern; an offset inside a
    /// multi-byte character counts as that character).
    public init(byteOffset: Int, in pattern: String) {
        var scalars = 0
        var line = 1
        var column = 1
        var bytes = 0
        for scalar in pattern.unicodeScalars {
            if bytes >= byteOffset { break }
            bytes += String(scalar).utf8.count
            scalars += 1
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        self.scalarOffset = scalars
        self.line = line
        self.column = column
    }
}
