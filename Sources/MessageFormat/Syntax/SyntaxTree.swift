/// A half-open range of UTF-8 byte offsets into the message pattern it was parsed from.
public struct SourceRange: Sendable, Hashable {
    /// Offset of the first byte.
    public var start: Int
    /// Offset just past the last byte.
    public var end: Int

    /// Creates a range from `start` up to, not including, `end`.
    public init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = end
    }
}

/// A parsed ICU MessageFormat 1 message (or a sub-message of a plural or select argument).
public struct Message: Sendable, Hashable {
    /// The literal texts, `#` signs and arguments, in source order.
    public var parts: [MessagePart]
    /// Where the message stands in the pattern (for a sub-message: between its braces).
    public var range: SourceRange

    /// Creates a message from its parts.
    public init(parts: [MessagePart], range: SourceRange) {
        self.parts = parts
        self.range = range
    }
}

/// One piece of a message.
public enum MessagePart: Sendable, Hashable {
    /// Literal text, already unquoted (`''` is one apostrophe, `'{'` is a brace).
    case text(String, SourceRange)
    /// A `#` directly inside a plural or selectordinal sub-message: the number minus the offset.
    case pound(SourceRange)
    /// A `{…}` argument.
    case argument(Argument)
}

/// A `{name …}` placeholder.
public struct Argument: Sendable, Hashable {
    /// The argument's name as written (`user_name`, or digits such as `0`).
    public var name: String
    /// Where the name stands.
    public var nameRange: SourceRange
    /// The whole placeholder, braces included.
    public var range: SourceRange
    /// What kind of placeholder it is.
    public var kind: ArgumentKind

    /// Creates an argument.
    public init(name: String, nameRange: SourceRange, range: SourceRange, kind: ArgumentKind) {
        self.name = name
        self.nameRange = nameRange
        self.range = range
        self.kind = kind
    }
}

/// The type of a placeholder.
public enum ArgumentKind: Sendable, Hashable {
    /// `{name}`: a string as is, a number with the locale's default format, a date as short date and time.
    case none
    /// `{name, number|date|time|spellout|ordinal|duration[, style]}`.
    case simple(SimpleArgument)
    /// `{name, plural, [offset:n] selector {message}…}`.
    case plural(PluralArgument)
    /// `{name, selectordinal, selector {message}…}`.
    case selectOrdinal(PluralArgument)
    /// `{name, select, keyword {message}…}`.
    case select(SelectArgument)
}

/// The formatter types of simple arguments, matched without regard to case as ICU does.
public enum SimpleArgumentType: String, Sendable, Hashable, CaseIterable {
    case number, date, time, spellout, ordinal, duration
}

/// `{name, type[, style]}`.
public struct SimpleArgument: Sendable, Hashable {
    /// The formatter type.
    public var type: SimpleArgumentType
    /// Where the type word stands.
    public var typeRange: SourceRange
    /// The style text exactly as written between the comma and the closing brace (quotes kept,
    /// white space not trimmed), or nil when there is no style.
    public var style: String?
    /// Where the style text stands.
    public var styleRange: SourceRange?

    /// Creates a simple argument.
    public init(type: SimpleArgumentType, typeRange: SourceRange, style: String?, styleRange: SourceRange?) {
        self.type = type
        self.typeRange = typeRange
        self.style = style
        self.styleRange = styleRange
    }
}

/// The body of a `plural` or `selectordinal` argument.
public struct PluralArgument: Sendable, Hashable {
    /// The `offset:` value (0 when absent).
    public var offset: Double
    /// Where the offset value stands, when written.
    public var offsetRange: SourceRange?
    /// The cases in source order (duplicates kept: ICU uses the first that matches).
    public var cases: [PluralCase]

    /// Creates a plural body.
    public init(offset: Double, offsetRange: SourceRange?, cases: [PluralCase]) {
        self.offset = offset
        self.offsetRange = offsetRange
        self.cases = cases
    }
}

/// What a plural case matches.
public enum PluralSelector: Sendable, Hashable {
    /// `=N`: the argument's value (before the offset) equals N.
    case exact(Double)
    /// A CLDR category (`zero`, `one`, `two`, `few`, `many`, `other`) or any other word, which
    /// ICU accepts and never matches.
    case keyword(String)
}

/// One `selector {message}` of a plural or selectordinal argument.
public struct PluralCase: Sendable, Hashable {
    /// What the case matches.
    public var selector: PluralSelector
    /// Where the selector stands (`=1` or `few`).
    public var selectorRange: SourceRange
    /// The case's message.
    public var message: Message

    /// Creates a plural case.
    public init(selector: PluralSelector, selectorRange: SourceRange, message: Message) {
        self.selector = selector
        self.selectorRange = selectorRange
        self.message = message
    }
}

/// The body of a `select` argument.
public struct SelectArgument: Sendable, Hashable {
    /// The cases in source order.
    public var cases: [SelectCase]

    /// Creates a select body.
    public init(cases: [SelectCase]) {
        self.cases = cases
    }
}

/// One `keyword {message}` of a select argument.
public struct SelectCase: Sendable, Hashable {
    /// The keyword, compared exactly with the argument's string value.
    public var keyword: String
    /// Where the keyword stands.
    public var keywordRange: SourceRange
    /// The case's message.
    public var message: Message

    /// Creates a select case.
    public init(keyword: String, keywordRange: SourceRange, message: Message) {
        self.keyword = keyword
        self.keywordRange = keywordRange
        self.message = message
    }
}
