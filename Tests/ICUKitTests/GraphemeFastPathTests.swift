import ICUKit
import TestSupport
import Testing

/// `graphemeBoundary(atOrBefore:)` and `graphemeBoundary(after:)` answer between ASCII bytes without
/// ICU; ICU itself (`icuGraphemeBoundary…`) is the oracle, at every offset of random texts that mix
/// ASCII (CR, LF, other controls included) with marks that extend ASCII letters, ZWJ sequences,
/// regional indicators, Prepend characters, Hangul and ill-formed UTF-8.
struct GraphemeFastPathTests {
    static let pieces: [[UInt8]] =
        [
            "a", "Z", " ", "\r", "\n", "\r\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\"", "\\", "\u{301}", "\u{200D}",
            "\u{FE0F}", "\u{1F468}", "\u{1F1F5}", "\u{1F1F1}", "\u{0600}", "\u{0903}", "\u{1100}", "\u{1161}",
            "\u{11A8}", "\u{AC00}", "ż", "東", "\u{094D}", "\u{0915}", "\u{2701}", "\u{85}", "\u{2028}",
        ].map { Array($0.utf8) } + [[0xE2], [0x80], [0xF0, 0x9F], [0xC3], [0xFF], [0xED, 0xA0, 0x80]]

    static func text(using generator: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...40, using: &generator) {
            // Mostly ASCII, so that most offsets take the shortcut and its edges are hit often.
            if Int.random(in: 0..<3, using: &generator) == 0 {
                bytes += pieces.randomElement(using: &generator) ?? []
            } else {
                bytes.append([0x61, 0x20, 0x0D, 0x0A, 0x78, 0x2E].randomElement(using: &generator) ?? 0x61)
            }
        }
        return bytes
    }

    @Test("fast path equals ICU at every offset of random mixed texts")
    func fastPathEqualsICU() {
        var generator = SplitMix64(seed: 0x6A09_E667)
        var checked = 0
        for _ in 0..<3_000 {
            checked += GraphemeAgreement.check(Self.text(using: &generator))
        }
        #expect(checked > 50_000)
    }

    @Test("CR LF: no boundary inside, boundaries around", arguments: [0, 1, 2, 3, 4])
    func carriageReturnLineFeed(offset: Int) {
        // UAX #29 GB3 (CR × LF), GB4/GB5 (÷ around controls): "a\r\nb" has boundaries 0, 1, 3, 4.
        let expectedBefore = [0, 1, 1, 3, 4][offset]
        let expectedAfter = [1, 3, 3, 4, 4][offset]
        Array("a\r\nb".utf8).withUnsafeBufferPointer { text in
            #expect(TextBoundaries.graphemeBoundary(atOrBefore: offset, in: text) == expectedBefore)
            #expect(TextBoundaries.graphemeBoundary(after: offset, in: text) == expectedAfter)
        }
    }
}
