/// Lays notification text out as a phone would: how many lines it takes and where it is cut.
///
/// The library only asks the question. The answer needs a font stack (fontconfig, HarfBuzz and
/// the fonts) that a backend linking `PushLocalizer` to render payloads should never link, so the
/// estimator lives in the `DisplayLayout` target and is handed to the preview page and the linter
/// by whoever has it (the `pushloc` command does).
public protocol LineWrapEstimating: Sendable {
    /// Wraps `text` into lines of `style.width`, breaking where the locale's line breaking allows.
    /// - Parameters:
    ///   - text: the text as rendered (bidi isolation marks included); `\n` is a hard break.
    ///   - locale: the BCP 47 tag whose line-breaking rules apply (`ja`, `th`, `de`).
    ///   - style: the fonts, size, width and line limit of the surface.
    /// - Returns: the direction, the number of lines, and how much of the text is shown.
    /// - Throws: `LineWrapError` when no font can be found or loaded for the style.
    func wrap(_ text: String, locale: String, style: DisplayTextStyle) throws(LineWrapError) -> LineWrap
}

/// How one field is set on one surface: fonts, size, the line's width and the lines shown.
public struct DisplayTextStyle: Sendable, Hashable {
    /// Font families in order of preference; characters none of them covers fall back to the
    /// fonts fontconfig picks for them.
    public var fontFamilies: [String]
    /// The font size in CSS pixels.
    public var fontSize: Double
    /// The weight, as in CSS (400 regular, 600 semibold, 700 bold).
    public var fontWeight: Int
    /// The width of a line in CSS pixels.
    public var width: Double
    /// The number of lines the surface shows; the last shown line ends in an ellipsis when the
    /// text takes more.
    public var maxLines: Int

    /// Creates a style.
    /// - Parameters:
    ///   - fontFamilies: families in order of preference.
    ///   - fontSize: the size in CSS pixels.
    ///   - fontWeight: the CSS weight.
    ///   - width: the line width in CSS pixels.
    ///   - maxLines: the lines shown.
    public init(fontFamilies: [String], fontSize: Double, fontWeight: Int = 400, width: Double, maxLines: Int) {
        self.fontFamilies = fontFamilies
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.width = width
        self.maxLines = maxLines
    }
}

/// The paragraph direction of a text, as ICU's bidi algorithm finds it (rules P2 and P3: the
/// first strong character outside isolates; when there is none, the locale's direction, so an
/// Arabic message that is only an isolated English name is right to left).
public enum TextDirection: String, Sendable, Hashable {
    /// Left to right (`dir="ltr"`).
    case leftToRight = "ltr"
    /// Right to left (`dir="rtl"`).
    case rightToLeft = "rtl"
}

/// What a surface shows of a text.
public struct LineWrap: Sendable, Hashable {
    /// The paragraph direction.
    public var direction: TextDirection
    /// The lines the whole text takes with no limit (at least 1, also for empty text).
    public var lineCount: Int
    /// The grapheme clusters of the text.
    public var characterCount: Int
    /// The grapheme clusters shown before the ellipsis when the text is cut; ``characterCount``
    /// when it fits.
    public var shownCharacters: Int

    /// Whether the surface cuts the text.
    public var isCut: Bool { shownCharacters < characterCount }

    /// Creates an answer.
    /// - Parameters:
    ///   - direction: the paragraph direction.
    ///   - lineCount: the lines the text takes with no limit.
    ///   - characterCount: the text's grapheme clusters.
    ///   - shownCharacters: the grapheme clusters shown.
    public init(direction: TextDirection, lineCount: Int, characterCount: Int, shownCharacters: Int) {
        self.direction = direction
        self.lineCount = lineCount
        self.characterCount = characterCount
        self.shownCharacters = shownCharacters
    }
}

/// Why a text could not be laid out: no font for the style, or a font file that does not load.
public struct LineWrapError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, naming the font or family.
    public var message: String

    /// Creates an error.
    /// - Parameter message: what went wrong.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
