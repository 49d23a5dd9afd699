import ICUKit
import Testing

/// Expected boundaries follow UAX #29 (extended grapheme clusters: GB9 extend/ZWJ, GB11 emoji ZWJ
/// sequences, GB12/13 regional indicator pairs, GB6-8 Hangul syllable sequences); offsets are
/// UTF-8 byte offsets computed from the code points' UTF-8 lengths.
struct TextBoundariesTests {
    @Test(arguments: [
        // a + 👨‍👩‍👧 (3 emoji of 4 bytes joined by 2 ZWJ of 3 bytes = 18 bytes) + b
        ("a\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}b", [0, 1, 19, 20]),
        // 🇫🇷🇩🇪: two flags, each a pair of 4-byte regional indicators
        ("\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}", [0, 8, 16]),
        // e + U+0301 COMBINING ACUTE (2 bytes) + U+0323 COMBINING DOT BELOW, then x
        ("e\u{0301}\u{0323}x", [0, 5, 6]),
        // Hangul jamo L V T (3 bytes each) form one syllable, then a precomposed syllable
        ("\u{1100}\u{1161}\u{11A8}\u{AC00}", [0, 9, 12]),
        // CR LF is one cluster (GB3)
        ("a\r\nb", [0, 1, 3, 4]),
        ("", [0]),
    ])
    func graphemeBoundaries(text: String, expected: [Int]) {
        #expect(TextBoundaries.graphemeBoundaries(in: text) == expected)
    }

    @Test func boundaryAtOrBeforeAndAfter() {
        let bytes = Array("a\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}b".utf8)
        #expect(TextBoundaries.graphemeBoundary(atOrBefore: 5, in: bytes) == 1)
        #expect(TextBoundaries.graphemeBoundary(atOrBefore: 19, in: bytes) == 19)
        #expect(TextBoundaries.graphemeBoundary(atOrBefore: 1, in: bytes) == 1)
        #expect(TextBoundaries.graphemeBoundary(atOrBefore: 0, in: bytes) == 0)
        #expect(TextBoundaries.graphemeBoundary(atOrBefore: -4, in: bytes) == 0)
        #expect(TextBoundaries.graphemeBoundary(atOrBefore: 99, in: bytes) == 20)
        #expect(TextBoundaries.graphemeBoundary(after: 0, in: bytes) == 1)
        #expect(TextBoundaries.graphemeBoundary(after: 1, in: bytes) == 19)
        #expect(TextBoundaries.graphemeBoundary(after: 5, in: bytes) == 19)
        #expect(TextBoundaries.graphemeBoundary(after: 19, in: bytes) == 20)
        #expect(TextBoundaries.graphemeBoundary(after: 20, in: bytes) == 20)
    }

    @Test func offsetInsideACodePointThatStartsACluster() {
        // "é" precomposed (2 bytes) then "z": offset 1 is inside é, whose start 0 is the boundary.
        let bytes = Array("\u{E9}z".utf8)
        #expect(TextBoundaries.graphemeBoundary(atOrBefore: 1, in: bytes) == 0)
        #expect(TextBoundaries.graphemeBoundary(atOrBefore: 2, in: bytes) == 2)
    }

    @Test func thaiWordsBreakByDictionary() {
        // สวัสดี (6 Thai letters, 18 bytes) + ครับ (4 letters, 12 bytes); no spaces between.
        let text = "\u{0E2A}\u{0E27}\u{0E31}\u{0E2A}\u{0E14}\u{0E35}\u{0E04}\u{0E23}\u{0E31}\u{0E1A}"
        #expect(TextBoundaries.wordBoundary(atOrBefore: 27, in: text, locale: "th") == 18)
        #expect(TextBoundaries.wordBoundary(atOrBefore: 12, in: text, locale: "th") == 0)
        #expect(TextBoundaries.wordBoundary(atOrBefore: 30, in: text, locale: "th") == 30)
    }

    @Test func englishWordBoundary() {
        let text = "hello brave world"
        #expect(TextBoundaries.wordBoundary(atOrBefore: 9, in: text, locale: "en") == 6)
        #expect(TextBoundaries.wordBoundary(atOrBefore: 5, in: text, locale: "en") == 5)
        #expect(TextBoundaries.wordBoundary(atOrBefore: 9, in: text, locale: "not a tag") == 6)
    }

    @Test func invalidUTF8DoesNotCrash() {
        let bytes: [UInt8] = [0x61, 0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82, 0x7A, 0xF0, 0x9F]
        let boundaries = TextBoundaries.graphemeBoundaries(in: bytes)
        #expect(boundaries.first == 0)
        #expect(boundaries.last == bytes.count)
        #expect(boundaries == boundaries.sorted())
        for offset in -1...(bytes.count + 1) {
            let before = TextBoundaries.graphemeBoundary(atOrBefore: offset, in: bytes)
            let after = TextBoundaries.graphemeBoundary(after: offset, in: bytes)
            #expect(before <= max(offset, 0) && before >= 0)
            #expect(after <= bytes.count)
            _ = TextBoundaries.wordBoundary(atOrBefore: offset, in: bytes, locale: "th")
        }
    }

    @Test func emptyBuffer() {
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        #expect(TextBoundaries.graphemeBoundaries(in: empty) == [0])
        #expect(TextBoundaries.graphemeBoundary(atOrBefore: 3, in: empty) == 0)
        #expect(TextBoundaries.graphemeBoundary(after: 0, in: empty) == 0)
        #expect(TextBoundaries.wordBoundary(atOrBefore: 3, in: empty, locale: "en") == 0)
    }

    @Test func oneMegabyteIsHandled() {
        // "e" + U+0301 repeated: 3 bytes per cluster, 349_525 clusters in 1_048_575 bytes.
        let unit: [UInt8] = [0x65, 0xCC, 0x81]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 20)
        for _ in 0..<349_525 { bytes += unit }
        let boundaries = TextBoundaries.graphemeBoundaries(in: bytes)
        #expect(boundaries.count == 349_526)
        #expect(boundaries.last == bytes.count)
        #expect(TextBoundaries.graphemeBoundary(atOrBefore: 1_000_001, in: bytes) == 999_999)
        #expect(TextBoundaries.graphemeBoundary(after: 1_000_001, in: bytes) == 1_000_002)
        for _ in 0..<200 {
            #expect(TextBoundaries.graphemeBoundary(atOrBefore: 524_288, in: bytes) == 524_286)
        }
    }
}
