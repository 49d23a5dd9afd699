import PushLocalizer

/// A line-wrap estimator for tests of what is built on ``LineWrapEstimating``: every grapheme
/// cluster is `advance` × the font size wide, lines break between any two clusters (no font, no
/// line-breaking rules), `\n` is a hard break. The direction is that of the first Arabic or Hebrew
/// letter (right to left) or other letter (left to right) outside FSI…PDI isolates. A cut text
/// shows the clusters of its shown lines (no room is made for the ellipsis).
public struct FixedAdvanceEstimator: LineWrapEstimating {
    /// The width of a cluster in ems.
    public var advance: Double

    /// Creates an estimator.
    /// - Parameter advance: the width of a cluster in ems (0.5: 30 clusters fill 225 px at 15 px).
    public init(advance: Double = 0.5) {
        self.advance = advance
    }

    /// Wraps `text` at a fixed advance per cluster.
    /// - Parameters:
    ///   - text: the text; `\n` is a hard break.
    ///   - locale: unused (no line-breaking rules).
    ///   - style: the size, width and line limit.
    /// - Returns: the direction, lines and clusters shown.
    public func wrap(_ text: String, locale: String, style: DisplayTextStyle) throws(LineWrapError) -> LineWrap {
        let perLine = max(1, Int(style.width / (advance * style.fontSize)))
        // Each line's clusters, a hard break counted with the line it ends.
        var lines: [Int] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, paragraph) in paragraphs.enumerated() {
            let breakCluster = index < paragraphs.count - 1 ? 1 : 0
            var count = paragraph.count
            repeat {
                let length = min(count, perLine)
                count -= length
                lines.append(length + (count == 0 ? breakCluster : 0))
            } while count > 0
        }
        let total = text.count
        let shown = lines.count > style.maxLines ? lines.prefix(style.maxLines).reduce(0, +) : total
        return LineWrap(
            direction: Self.direction(of: text),
            lineCount: lines.count,
            characterCount: total,
            shownCharacters: shown
        )
    }

    private static func direction(of text: String) -> TextDirection {
        var depth = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x2066...0x2068: depth += 1
            case 0x2069: depth = max(0, depth - 1)
            case 0x0590...0x08FF where depth == 0 && scalar.properties.isAlphabetic: return .rightToLeft
            default:
                if depth == 0, scalar.properties.isAlphabetic { return .leftToRight }
            }
        }
        return .leftToRight
    }
}
