import PropertyBased
import PushLocalizer
import Testing

@testable import DisplayLayout

/// `LineFiller` against the plain `ReferenceLineFiller` on random made-up texts, and the invariants
/// of the estimator's answer on random real ones.
struct LineFillerPropertyTests {
    /// Letters of several widths, kerned letters, letters a line may end after (CJK), spaces and
    /// hard breaks.
    static let kinds: [MeasuredCluster] = [
        MeasuredCluster(advance: 3), MeasuredCluster(advance: 7.5), MeasuredCluster(advance: 12),
        MeasuredCluster(advance: 6, endAdvance: 7), MeasuredCluster(advance: 9, endAdvance: 8.5),
        MeasuredCluster(advance: 10, breakAfter: true), MeasuredCluster(advance: 4, breakAfter: true, isSpace: true),
        MeasuredCluster(advance: 4, breakAfter: true, isSpace: true),
        MeasuredCluster(advance: 0, mandatoryBreakAfter: true),
    ]

    @Test func theFillerAgreesWithTheReference() async {
        await propertyCheck(
            count: 2000,
            input: Gen.element(of: Self.kinds).array(of: 0...60),
            Gen.int(in: 2...90)
        ) { drawn, width in
            let clusters = drawn.compactMap { $0 }
            let fast = LineFiller(width: Double(width)).lineStarts(of: clusters)
            let plain = ReferenceLineFiller.lineStarts(of: clusters, width: Double(width))
            #expect(fast == plain, "width \(width): \(clusters.map(\.advance))")
        }
    }

    static let pieces = [
        "Zofia", " ", "started", "following", "you", "\n", "أرسل", "لك", "\u{2068}", "\u{2069}", "שלום",
        "日本語", "สวัสดีครับ", "👩‍👩‍👧", "🇫🇷", "कि", "https://example.com/a?b=c", "—", "Привет",
    ]

    @Test func theEstimateKeepsItsInvariants() async throws {
        let estimator = LineWrapEstimator()
        await propertyCheck(
            count: 300,
            input: Gen.element(of: Self.pieces).array(of: 0...20),
            Gen.int(in: 10...400),
            Gen.int(in: 1...5)
        ) { pieces, width, maxLines in
            let text = pieces.compactMap { $0 }.joined()
            let style = DisplayTextStyle(
                fontFamilies: ["Inter"],
                fontSize: 17,
                width: Double(width),
                maxLines: maxLines
            )
            guard let wrap = try? estimator.wrap(text, locale: "en", style: style),
                let starts = try? estimator.lineStarts(of: text, locale: "en", style: style)
            else {
                Issue.record("no layout for \(text.debugDescription)")
                return
            }
            #expect(wrap.lineCount >= 1)
            #expect(starts.count == wrap.lineCount)
            #expect(starts.first == 0)
            #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 } || starts.count == 1)
            #expect(starts.allSatisfy { $0 <= wrap.characterCount })
            #expect(wrap.shownCharacters <= wrap.characterCount)
            #expect(wrap.isCut == (wrap.lineCount > maxLines))
            if wrap.isCut {
                // The shown lines hold everything before the last shown one.
                #expect(wrap.shownCharacters >= starts[maxLines - 1])
            }
        }
    }
}
