/// Greedy line filling over measured clusters, as CSS (`overflow-wrap: anywhere`) and Pango's
/// `PANGO_WRAP_WORD_CHAR` fill lines.
///
/// Segments run from one break opportunity to the next. A segment goes on the current line while
/// the line's width, with the segment's, stays within the width; white space at a segment's end
/// hangs (it counts only when something follows it on the line). The cluster that ends a line counts
/// with its `endAdvance`: without the kerning it takes from the next cluster, which is on the next line. A segment that does not fit on a
/// line that already has content starts the next line; a segment wider than a whole line is broken
/// between grapheme clusters, each line taking as many as fit (at least one). A mandatory break
/// ends the line, so text ending in `\n` ends with an empty line.
struct LineFiller: Sendable {
    /// The width of a line in CSS pixels.
    var width: Double

    /// The index of the first cluster of every line, in order (`[0]` for no clusters).
    func lineStarts(of clusters: [MeasuredCluster]) -> [Int] {
        var starts = [0]
        var lineWidth = 0.0
        var hanging = 0.0
        var lineIsEmpty = true
        var start = 0
        while start < clusters.count {
            var end = start + 1
            while end < clusters.count && !clusters[end - 1].breakAfter { end += 1 }
            var contentEnd = end
            while contentEnd > start && clusters[contentEnd - 1].isTrailing { contentEnd -= 1 }
            let trailing = Self.width(of: clusters[contentEnd..<end])
            // Where the content is the line's end (no space after it), it is measured as shaped alone.
            let endsLine = clusters[contentEnd..<end].allSatisfy { !$0.isSpace }
            if contentEnd == start && !lineIsEmpty {
                // Only white space (or a hard break) after words: it hangs after them.
                hanging += trailing
            } else {
                place(
                    clusters,
                    start..<contentEnd,
                    endsLine: endsLine,
                    lineWidth: &lineWidth,
                    hanging: &hanging,
                    lineIsEmpty: &lineIsEmpty,
                    starts: &starts
                )
                hanging = trailing
            }
            if clusters[end - 1].mandatoryBreakAfter {
                starts.append(end)
                lineWidth = 0
                hanging = 0
                lineIsEmpty = true
            }
            start = end
        }
        return starts
    }

    /// Puts a segment's content on the line, or on the next one when it does not fit after what
    /// is there, or over several lines when it is wider than a line.
    private func place(
        _ clusters: [MeasuredCluster],
        _ content: Range<Int>,
        endsLine: Bool,
        lineWidth: inout Double,
        hanging: inout Double,
        lineIsEmpty: inout Bool,
        starts: inout [Int]
    ) {
        let width = Self.width(of: clusters[content])
        let last = content.upperBound - 1
        let widthAtEnd =
            endsLine && !content.isEmpty ? width - clusters[last].advance + clusters[last].endAdvance : width
        if !lineIsEmpty && lineWidth + hanging + widthAtEnd > self.width {
            starts.append(content.lowerBound)
            lineWidth = 0
            hanging = 0
            lineIsEmpty = true
        }
        guard lineIsEmpty && widthAtEnd > self.width else {
            lineWidth += hanging + width
            lineIsEmpty = false
            return
        }
        for index in content {
            let atEnd = index == last && !endsLine ? clusters[index].advance : clusters[index].endAdvance
            if !lineIsEmpty && lineWidth + atEnd > self.width {
                starts.append(index)
                lineWidth = 0
            }
            lineWidth += clusters[index].advance
            lineIsEmpty = false
        }
    }

    /// How many clusters are shown when only `maxLines` lines are: all of them when the text takes
    /// no more lines, else those of the first `maxLines - 1` lines and, on the last shown line, as
    /// many as fit before an ellipsis of width `ellipsis` (never past a mandatory break).
    /// - Parameters:
    ///   - clusters: the measured text.
    ///   - starts: its `lineStarts`.
    ///   - maxLines: the lines shown (at least 1).
    ///   - ellipsis: the width of the ellipsis in CSS pixels.
    func shownClusters(of clusters: [MeasuredCluster], starts: [Int], maxLines: Int, ellipsis: Double) -> Int {
        guard starts.count > maxLines else { return clusters.count }
        var shown = starts[maxLines - 1]
        var lineWidth = ellipsis
        while shown < clusters.count && !clusters[shown].mandatoryBreakAfter {
            guard lineWidth + clusters[shown].advance <= width else { break }
            lineWidth += clusters[shown].advance
            shown += 1
        }
        return shown
    }

    private static func width(of clusters: ArraySlice<MeasuredCluster>) -> Double {
        clusters.reduce(0) { $0 + $1.advance }
    }
}
