/// Choices that change how a message is written out.
public struct FormatOptions: Sendable, Hashable {
    /// IANA time zone for date and time arguments (nil = UTC).
    public var timeZone: String?
    /// Wrap each text argument inserted by `{name}` in FIRST STRONG ISOLATE (U+2068) … POP
    /// DIRECTIONAL ISOLATE (U+2069), so a name in another script cannot reorder the sentence.
    public var isolatesText: Bool
    /// Write the message as the contents of a JSON string: `"`, `\` and C0 controls escaped
    /// (short forms `\n`, `\r`, `\t`, `\b`, `\f`, the rest as `\u00XX`), everything else as is.
    /// Text spans recorded while formatting are then ranges of the escaped output.
    public var escapesJSON: Bool

    /// Creates options.
    public init(timeZone: String? = nil, isolatesText: Bool = false, escapesJSON: Bool = false) {
        self.timeZone = timeZone
        self.isolatesText = isolatesText
        self.escapesJSON = escapesJSON
    }
}

/// Where a text argument left out of the output would start (its slot, and its offset in the
/// output): see `CompiledMessage.Unretained.format(slots:options:into:leavingOut:notingIn:)`.
package struct TextPlaceholder: Sendable, Hashable {
    package var slot: Int
    package var offset: Int

    package init(slot: Int, offset: Int) {
        self.slot = slot
        self.offset = offset
    }
}

/// Where one text argument landed in the output, for budget fitting.
public struct TextArgumentSpan: Sendable, Hashable {
    /// The argument's name.
    public var name: String
    /// The argument's slot in the values formatting reads (see `CompiledMessage.argumentNames`);
    /// -1 when unknown.
    public var slot: Int
    /// The UTF-8 byte range of the argument's own text in the output (isolation marks excluded;
    /// with `FormatOptions.escapesJSON`, the range of its escaped text).
    public var range: Range<Int>

    /// Creates a span.
    public init(name: String, slot: Int = -1, range: Range<Int>) {
        self.name = name
        self.slot = slot
        self.range = range
    }

    /// Spans are equal when their names and ranges are: the slot follows from the name (and a
    /// span made with `init(name:range:)` has none).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.range == rhs.range
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(range)
    }
}
