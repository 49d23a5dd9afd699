import PushLocalizer

/// Estimates how a phone wraps notification text: fonts from fontconfig, glyph advances from
/// HarfBuzz, line breaks and direction from ICU, lines filled greedily.
///
/// It lays text out as Pango does with hinting off (its line counts are checked against Pango's by
/// `Scripts/check_wrap_pango.py`), with the installed stand-ins for the phones' fonts: it is an
/// estimate of the phone's layout, not the phone's own (docs/display-estimate.md).
///
/// Font lists, faces and fonts are cached across calls and threads; the estimator itself holds no
/// state, so copies share the caches.
public struct LineWrapEstimator: LineWrapEstimating {
    /// The text put at the end of the last shown line of a cut text.
    public static let ellipsis = "\u{2026}"

    /// Creates an estimator.
    public init() {}

    /// Wraps `text` into lines of `style.width`, breaking where the locale's line breaking allows.
    /// - Parameters:
    ///   - text: the text as rendered (bidi isolation marks included); `\n` is a hard break.
    ///   - locale: the BCP 47 tag whose line-breaking rules apply.
    ///   - style: the fonts, size, width and line limit of the surface.
    /// - Returns: the direction, the number of lines, and how much of the text is shown.
    /// - Throws: `LineWrapError` when the style's size, width or line limit is not a positive
    ///   number, when no font can be found, or when a font file does not load.
    public func wrap(_ text: String, locale: String, style: DisplayTextStyle) throws(LineWrapError) -> LineWrap {
        guard style.width.isFinite, style.width > 0 else {
            throw LineWrapError("the line width must be a positive number of pixels, not \(style.width)")
        }
        guard style.maxLines >= 1 else {
            throw LineWrapError("the surface must show at least one line, not \(style.maxLines)")
        }
        let measured = try TextMeasurement.cachedMeasure(text, locale: locale, style: style)
        let filler = LineFiller(width: style.width)
        let starts = filler.lineStarts(of: measured.clusters)
        var shown = measured.clusters.count
        if starts.count > style.maxLines {
            let ellipsis = try TextMeasurement.cachedMeasure(Self.ellipsis, locale: locale, style: style)
            let ellipsisWidth = ellipsis.clusters.reduce(0) { $0 + $1.advance }
            shown = filler.shownClusters(
                of: measured.clusters,
                starts: starts,
                maxLines: style.maxLines,
                ellipsis: ellipsisWidth
            )
        }
        return LineWrap(
            direction: measured.direction,
            lineCount: starts.count,
            characterCount: measured.clusters.count,
            shownCharacters: shown
        )
    }

    /// Where each line of `text` starts when it is wrapped with no line limit, for showing the lines.
    /// - Parameters:
    ///   - text: the text as rendered; `\n` is a hard break.
    ///   - locale: the BCP 47 tag whose line-breaking rules apply.
    ///   - style: the fonts, size and width (`maxLines` is not used).
    /// - Returns: the index of the first grapheme cluster of every line, in order (`[0]` for empty text).
    /// - Throws: `LineWrapError` as ``wrap(_:locale:style:)`` does.
    public func lineStarts(of text: String, locale: String, style: DisplayTextStyle) throws(LineWrapError) -> [Int] {
        guard style.width.isFinite, style.width > 0 else {
            throw LineWrapError("the line width must be a positive number of pixels, not \(style.width)")
        }
        let measured = try TextMeasurement.cachedMeasure(text, locale: locale, style: style)
        return LineFiller(width: style.width).lineStarts(of: measured.clusters)
    }
}
