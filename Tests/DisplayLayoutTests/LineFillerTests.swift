import Testing

@testable import DisplayLayout

/// The greedy fill on made-up clusters, so every width is known: `w` is a 10 px letter, `s` a
/// 5 px space with a break after it.
struct LineFillerTests {
    static func clusters(_ pattern: String) -> [MeasuredCluster] {
        pattern.map { character in
            switch character {
            case "s": MeasuredCluster(advance: 5, breakAfter: true, isSpace: true)
            case "b": MeasuredCluster(advance: 10, breakAfter: true)  // a letter a line may end after (CJK)
            case "n": MeasuredCluster(advance: 0, mandatoryBreakAfter: true)
            case "k": MeasuredCluster(advance: 8, endAdvance: 10)  // kerned 2 px towards the next letter
            default: MeasuredCluster(advance: 10)
            }
        }
    }

    func starts(_ pattern: String, width: Double) -> [Int] {
        LineFiller(width: width).lineStarts(of: Self.clusters(pattern))
    }

    @Test func wordsGoOnALineWhileTheyFit() {
        #expect(starts("wwswwswws", width: 45) == [0, 6])  // ww ww (45 px) | ww
        #expect(starts("wwswwsww", width: 44) == [0, 3, 6])
        #expect(starts("", width: 10) == [0])
    }

    @Test func trailingSpacesHang() {
        // "www " is 35 px, but its space hangs: the word alone (30 px) fits in 30 px.
        #expect(starts("wwwswww", width: 30) == [0, 4])
        // Spaces with break opportunities between them (ICU has none there) hang all the same.
        #expect(starts("wwwssssswww", width: 30) == [0, 8])
        #expect(starts("wwwsssssww", width: 75) == [0])
        #expect(starts("wwwsssssww", width: 74) == [0, 8])
    }

    @Test func aWordWiderThanALineBreaksBetweenClusters() {
        #expect(starts("wwwwwww", width: 30) == [0, 3, 6])
        // It starts on a line of its own, then the line goes on after it.
        #expect(starts("wswwwwwsw", width: 30) == [0, 2, 5, 8])
        // Narrower than one cluster: one cluster a line.
        #expect(starts("www", width: 5) == [0, 1, 2])
    }

    @Test func breakOpportunitiesWithoutSpaces() {
        #expect(starts("bbbbb", width: 30) == [0, 3])
    }

    @Test func mandatoryBreaksEndLines() {
        #expect(starts("wnw", width: 100) == [0, 2])
        #expect(starts("wn", width: 100) == [0, 2])
        #expect(starts("nn", width: 100) == [0, 1, 2])
    }

    @Test func aLineEndsWithoutTheKerningTowardsTheNextCluster() {
        // Ending a line, k is 10 px wide: "wk" (20 px) does not fit in 19 px, but "kw" (18 px) does.
        #expect(starts("wkwww", width: 19) == [0, 1, 3, 4])
        #expect(starts("wkwww", width: 20) == [0, 2, 4])
    }

    @Test func shownClustersLeaveRoomForTheEllipsis() {
        let filler = LineFiller(width: 30)
        let text = Self.clusters("wwswwswwswws")  // four lines of "ww "
        let starts = filler.lineStarts(of: text)
        #expect(starts == [0, 3, 6, 9])
        #expect(filler.shownClusters(of: text, starts: starts, maxLines: 4, ellipsis: 7) == text.count)
        // Three lines shown: the third holds "ww " and then the ellipsis (25 + 7 > 30: "ww" only).
        #expect(filler.shownClusters(of: text, starts: starts, maxLines: 3, ellipsis: 7) == 8)
        #expect(filler.shownClusters(of: text, starts: starts, maxLines: 1, ellipsis: 12) == 1)
        // An ellipsis wider than the line shows nothing of that line.
        #expect(filler.shownClusters(of: text, starts: starts, maxLines: 2, ellipsis: 31) == 3)
    }

    @Test func shownClustersStopAtAHardBreak() {
        let filler = LineFiller(width: 100)
        let text = Self.clusters("wnwnwnw")
        let starts = filler.lineStarts(of: text)
        #expect(filler.shownClusters(of: text, starts: starts, maxLines: 2, ellipsis: 10) == 3)
    }
}
