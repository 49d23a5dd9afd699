import MessageFormat

/// How a YAML scalar was written.
public enum ScalarStyle: String, Sendable, Hashable, CaseIterable {
    /// Unquoted (`title: Hello`).
    case plain
    /// `'…'`, where `''` is one quote.
    case singleQuoted
    /// `"…"`, with backslash escapes.
    case doubleQuoted
    /// A `|` block scalar.
    case literal
    /// A `>` block scalar.
    case folded
}

/// A message or templated string as written in a catalog file: its value and where it came from.
///
/// Two source texts are equal when their text, location and style are equal.
public struct SourceText: Sendable, Hashable {
    /// The scalar's value, after YAML unquoting, unescaping and folding.
    public var text: String
    /// Where the scalar node starts: its first character, opening quote or block indicator
    /// (or its anchor or tag, when it has one).
    public var location: CatalogFileLocation
    /// How the scalar was written.
    public var style: ScalarStyle
    /// The file it was read from, to map offsets in `text` back to the file; nil when built in code.
    let source: SourceFile?
    /// The text already compiled, when a reader of the catalog compiled it (lint compiles every
    /// message for its rules, then builds a ``Catalog`` to measure budgets): not compiled twice.
    /// Not part of equality.
    var precompiled: PrecompiledMessage?

    /// Creates a source text that is not backed by a file (for code and tests).
    ///
    /// ``location(ofByteOffset:)`` then assumes the text was written on one line, unescaped.
    /// - Parameters:
    ///   - text: the value.
    ///   - location: where it starts.
    ///   - style: how it was written.
    public init(text: String, location: CatalogFileLocation, style: ScalarStyle = .plain) {
        self.init(text: text, location: location, style: style, source: nil)
    }

    init(text: String, location: CatalogFileLocation, style: ScalarStyle, source: SourceFile?) {
        self.text = text
        self.location = location
        self.style = style
        self.source = source
    }

    /// Compares text, location and style.
    public static func == (lhs: SourceText, rhs: SourceText) -> Bool {
        lhs.text == rhs.text && lhs.location == rhs.location && lhs.style == rhs.style
    }

    /// Hashes text, location and style.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(location)
        hasher.combine(style)
    }
}

/// A message compiled in a given locale, carried by its ``SourceText``.
struct PrecompiledMessage: Sendable {
    /// The locale it was compiled in.
    let locale: String
    /// The compiled form of the text.
    let message: CompiledMessage
}
