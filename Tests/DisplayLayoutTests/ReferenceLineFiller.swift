@testable import DisplayLayout

/// A deliberately plain line filler, the oracle of `LineFiller`: each line is the longest run of
/// whole segments from its start that fits, measured from scratch; when not even one segment fits,
/// the most clusters that fit (at least one) and the white space after them. No running sums, no state carried between lines.
enum ReferenceLineFiller {
    static func lineStarts(of clusters: [MeasuredCluster], width: Double) -> [Int] {
        var starts = [0]
        var start = 0
        while start < clusters.count {
            // The ends a line from `start` may have: after a break opportunity, up to a hard break,
            // and the end of the text.
            var ends: [Int] = []
            var hardEnd: Int?
            for index in start..<clusters.count where clusters[index].breakAfter {
                ends.append(index + 1)
                if clusters[index].mandatoryBreakAfter {
                    hardEnd = index + 1
                    break
                }
            }
            if hardEnd == nil && ends.last != clusters.count { ends.append(clusters.count) }
            if let fitting = ends.last(where: { fits(clusters[start..<$0], width: width) }) {
                start = fitting
            } else {
                // White space after the clusters taken hangs on their line, and a hard break ends it.
                func hanging(_ end: Int) -> Int {
                    guard !clusters[end - 1].mandatoryBreakAfter else { return end }
                    var end = end
                    while end < clusters.count && clusters[end].isSpace { end += 1 }
                    if end < clusters.count && clusters[end].mandatoryBreakAfter { end += 1 }
                    return end
                }
                var count = 1
                while start + count + 1 <= clusters.count && !clusters[start + count - 1].mandatoryBreakAfter
                    && fits(clusters[start..<hanging(start + count + 1)], width: width)
                {
                    count += 1
                }
                start = hanging(start + count)
            }
            if start < clusters.count || clusters[start - 1].mandatoryBreakAfter {
                starts.append(start)
            }
        }
        return starts
    }

    /// Whether a line holding `line` fits: its white space and hard break at the end do not count,
    /// and its last counted cluster counts at its end advance unless white space follows it.
    static func fits(_ line: ArraySlice<MeasuredCluster>, width: Double) -> Bool {
        var end = line.endIndex
        while end > line.startIndex && (line[end - 1].isSpace || line[end - 1].mandatoryBreakAfter) { end -= 1 }
        guard end > line.startIndex else { return true }
        var total = 0.0
        for index in line.startIndex..<(end - 1) { total += line[index].advance }
        let followedBySpace = line[end...].contains { $0.isSpace }
        total += followedBySpace ? line[end - 1].advance : line[end - 1].endAdvance
        return total <= width
    }
}
