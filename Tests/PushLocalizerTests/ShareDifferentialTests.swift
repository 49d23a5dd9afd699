import ICUKit
import PushLocalizerTestSupport
import Testing

@testable import PushLocalizer

/// The fast fair-share cutting (`ShareCuts`) against the plain reference (`ReferenceShare`, in the
/// test support target): the algorithm without its fast paths (full measuring, one ICU grapheme
/// step per claim and round), with ICU-only boundary queries over the whole text and byte-by-byte
/// escaped sizes. Every output must be byte-identical.
@Suite struct ShareDifferentialTests {
    /// Text pieces: ASCII words, Polish, CJK, ZWJ emoji, quotes, backslashes, controls, CR LF.
    static let pieces: [String] = [
        "Anna ", "Maria-José ", "O'Brien ", "the quick brown fox ", "x", "1234567", "  ", "\t", "Zażółć ",
        "gęślą jaźń ", "Łódź", "東京タワー", "日本語のテキスト", "北京 ", "한국어 ", "👨‍👩‍👧‍👦", "🏳️‍🌈", "👍🏽",
        "🇵🇱🇯🇵", "\"", "\\", "\\\"", "\r\n", "\r", "\n", "\u{1}", "\u{1F}", "\u{7F}", "e\u{301}", "\u{0600}1",
        "क्षत्रिय ", "مرحبا ", "…", "\u{200D}", "\r\n\r\n", "a\r\nb",
    ]

    static func text(bytes target: Int, asciiHeavy: Bool, using generator: inout BudgetRandom) -> [UInt8] {
        var text: [UInt8] = []
        while text.count < target {
            let piece =
                asciiHeavy && Int.random(in: 0..<4, using: &generator) != 0
                ? "word\(Int.random(in: 0..<1000, using: &generator)) "
                : pieces.randomElement(using: &generator) ?? "a"
            text.append(contentsOf: piece.utf8)
        }
        return text
    }

    @Test("ShareCuts equals the reference on random claims and budgets", arguments: ["en", "pl", "ja", "zh-Hans"])
    func differential(locale: String) {
        var generator = BudgetRandom(seed: 0x5EED_0000 &+ UInt64(locale.utf8.count))
        let ellipses: [[UInt8]] = [Array("…".utf8), Array("...".utf8), [], Array("\"".utf8)]
        var mismatches = 0
        for round in 0..<1_000 {
            let ellipsis = ellipses[round % ellipses.count]
            let cutter = TextCutter(ellipsis: ellipsis, locale: locale)
            let reference = ReferenceShare(ellipsis: ellipsis, locale: locale)
            let claims = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                let length = [0, 1, 5, 20, 60, 300, 2_400].randomElement(using: &generator) ?? 20
                return Claim(
                    text: Self.text(
                        bytes: Int.random(in: 0...length, using: &generator),
                        asciiHeavy: Bool.random(using: &generator),
                        using: &generator
                    ),
                    occurrences: [0, 1, 1, 1, 2, 3].randomElement(using: &generator) ?? 1
                )
            }
            let total = claims.reduce(0) { $0 + ReferenceJSON.size($1.text) * $1.occurrences }
            let available = Int.random(in: -5...(total + 10), using: &generator)
            let expected = reference.share(
                claims.map(\.text),
                occurrences: claims.map(\.occurrences),
                available: available
            )
            let actual = ShareCuts.share(claims, available: available, cutter: cutter)
            if actual != expected {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record(
                        """
                        round \(round), available \(available), ellipsis \(ellipsis), claims \
                        \(claims.map { (String(decoding: $0.text, as: UTF8.self), $0.occurrences) }): \
                        got \(actual.map { String(decoding: $0, as: UTF8.self) }), \
                        expected \(expected.map { String(decoding: $0, as: UTF8.self) })
                        """
                    )
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("hostile texts: ShareCuts equals the reference")
    func hostile() {
        var generator = BudgetRandom(seed: 0xC0FFEE)
        let cutter = TextCutter(ellipsis: Array("…".utf8), locale: "en")
        let reference = ReferenceShare(ellipsis: Array("…".utf8), locale: "en")
        var mismatches = 0
        for _ in 0..<500 {
            let claims = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                Claim(
                    text: Array(HostileText.make(bytes: HostileText.length(using: &generator), using: &generator).utf8),
                    occurrences: Int.random(in: 1...2, using: &generator)
                )
            }
            let total = claims.reduce(0) { $0 + ReferenceJSON.size($1.text) * $1.occurrences }
            let available = Int.random(in: 0...(total + 4), using: &generator)
            if ShareCuts.share(claims, available: available, cutter: cutter)
                != reference.share(claims.map(\.text), occurrences: claims.map(\.occurrences), available: available)
            {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }
}
