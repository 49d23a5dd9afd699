import ICUKit
import TestSupport
import Testing

/// `windowedWordBoundary` asks ICU over the text from a word start after a space or line feed;
/// ICU's `wordBoundary(atOrBefore:)` over the whole text is the oracle, at every offset of random
/// texts that put spaces and line feeds before ideographs, kana, Hangul, Thai, letters, marks,
/// format characters, pictographs and ill-formed UTF-8.
struct WordWindowTests {

    static let pieces: [[UInt8]] =
        SimpleWordFastPathTests.pieces
        + [
            " ", " ", "\n", "  ", " 王", " 小明", " 東京都", " ひらがな", " カタカナ", " 한국어", " ไทย", " \u{301}",
            " \u{200D}", " \u{AD}", " a", " 1", " _", " .", " '", "\u{3000}", "王小明", "中华人民共和国", "日本語の文章",
            " \u{1F468}\u{200D}\u{1F469}", "\r\n",
        ].map { Array($0.utf8) }

    static func text(using generator: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...40, using: &generator) {
            if Int.random(in: 0..<3, using: &generator) == 0 {
                bytes.append(SimpleWordFastPathTests.ascii.randomElement(using: &generator) ?? 0x61)
            } else {
                bytes += pieces.randomElement(using: &generator) ?? []
            }
        }
        return bytes
    }

    @Test(
        "the windowed word boundary equals ICU over the whole text at every offset",
        arguments: ["en", "ja", "zh-Hans", "ko", "th", "de"]
    )
    func equalsWholeText(locale: String) {
        var generator = SplitMix64(seed: 0x3D_0C0F &+ UInt64(locale.utf8.count))
        var windowed = 0
        for _ in 0..<2_000 {
            let bytes = Self.text(using: &generator)
            bytes.withUnsafeBufferPointer { text in
                for offset in 0...text.count {
                    let whole = TextBoundaries.wordBoundary(atOrBefore: offset, in: text, locale: locale)
                    let window = TextBoundaries.windowedWordBoundary(atOrBefore: offset, in: text, locale: locale)
                    #expect(window == whole, "offset \(offset) in \(bytes) (\(locale))")
                    if offset > 0, text[..<offset].contains(0x20) { windowed += 1 }
                }
            }
        }
        #expect(windowed > 20_000)
    }
}
