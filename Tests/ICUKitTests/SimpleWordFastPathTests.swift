import Dispatch
import Foundation
import ICUKit
import TestSupport
import Testing

/// `isSimpleWordBoundary` decides word boundaries between common characters without ICU; ICU's own
/// `wordBoundary(atOrBefore:)` on the full text is the oracle, at every offset of random texts that
/// mix every ASCII word class with Latin, Cyrillic, CJK and kana letters, marks, format characters, dictionary scripts, Hebrew,
/// regional indicators and ill-formed UTF-8.
struct SimpleWordFastPathTests {

    static let ascii: [UInt8] = Array("aZq09_ \r\n\u{0B}\u{0C}.',;:\"-\t\u{0}\u{7F}!&\\".utf8)

    static let pieces: [[UInt8]] =
        [
            "é", "\u{301}", "\u{200D}", "\u{AD}", "\u{FEFF}", "א", "東", "の", "カ", "ก", "ไทย", "\u{1F1F5}",
            "\u{1F468}", "\u{A0}", "\u{3000}", "\u{2019}", "\u{85}", "\u{2028}", "\u{0600}", "\u{FF0E}", "٣",
            "ab", "12", "a.b", "1,2", "x'y", "3.4", "ż", "Ł", "ó", "Ж", "ы", "\u{24F}", "\u{482}", "\u{48A}", "王小明",
            "ひらがな", "カタカナ", "ー", "\u{1F468}\u{200D}\u{1F469}", "\u{1F44D}\u{1F3FD}", "\u{1F53E}", "\u{1F6FF}", "a:b",
            "ż:ó", "\u{D7}", "\u{F7}", "\u{2FF}", "\u{3097}", "\u{3099}",
        ].map { Array($0.utf8) } + [[0xE2], [0x80], [0xF0, 0x9F], [0xFF]]

    static func text(using generator: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...30, using: &generator) {
            if Int.random(in: 0..<4, using: &generator) == 0 {
                bytes += pieces.randomElement(using: &generator) ?? []
            } else {
                bytes.append(ascii.randomElement(using: &generator) ?? 0x61)
            }
        }
        return bytes
    }

    @Test(
        "the simple word rule equals ICU at every offset it decides",
        arguments: ["en", "pl", "de", "ru", "ar", "ja", "zh-Hans", "th", "he", "fi", "sv", "en-US-u-va-posix"]
    )
    func fastPathEqualsICU(locale: String) {
        guard TextBoundaries.wordRulesAreRoot(locale: locale) else { return }
        var generator = SplitMix64(seed: 0xB5AD_4ECE &+ UInt64(locale.utf8.count))
        var decided = 0
        for _ in 0..<3_000 {
            let bytes = Self.text(using: &generator)
            bytes.withUnsafeBufferPointer { text in
                for offset in 0...text.count {
                    guard let fast = TextBoundaries.isSimpleWordBoundary(offset, in: text) else { continue }
                    let icu = TextBoundaries.wordBoundary(atOrBefore: offset, in: text, locale: locale) == offset
                    #expect(fast == icu, "offset \(offset) in \(bytes) (\(locale))")
                    decided += 1
                }
            }
        }
        #expect(decided > 20_000)
    }

    @Test("the locales of the sample catalog run the root word rules")
    func rootRules() {
        for locale in ["en", "pl", "de", "ru", "ar", "ja", "zh-Hans", "ko", "hi", "th", "not a tag"] {
            #expect(TextBoundaries.wordRulesAreRoot(locale: locale), "\(locale)")
        }
    }

    @Test("answers stay right when a thread asks about more locales than it keeps at hand, in turn")
    func answersKeptAtHand() {
        // More locales than the eight answers a thread keeps at hand, tags that share their first
        // words, tags of every length around the 23 bytes those hold, and locales whose word rules
        // are not root's.
        let locales = [
            "en", "pl", "de", "ru", "ar", "ja", "zh-Hans", "ko", "hi", "th", "fi", "sv", "en-US-u-va-posix",
            "en-US-u-ca-gregory", "de-CH-1996-u-co-phonebk", "de-CH-1996-u-co-phonebk-", "de-CH-1996-u-co-phonebk-x",
            // A tag past the 23 bytes kept at hand whose first 23 bytes are a tag with other rules.
            "en-US-u-ca-gregory-va-p", "en-US-u-ca-gregory-va-posix", "not a tag", "",
        ]
        // Each answer first asked on a new thread: computed from ICU's rules, nothing kept yet.
        let first = locales.map { locale in Self.onNewThread { TextBoundaries.wordRulesAreRoot(locale: locale) } }
        #expect(first[locales.firstIndex(of: "en-US-u-va-posix") ?? 0] == false, "POSIX has word rules of its own")
        #expect(
            first[locales.firstIndex(of: "en-US-u-ca-gregory-va-posix") ?? 0]
                != first[locales.firstIndex(of: "en-US-u-ca-gregory-va-p") ?? 0],
            "a long tag and its first 23 bytes have different rules"
        )
        #expect(first[0] == true)
        var generator = SplitMix64(seed: 0x5EC0_4D5)
        for _ in 0..<2_000 {
            let index = Int.random(in: locales.indices, using: &generator)
            #expect(TextBoundaries.wordRulesAreRoot(locale: locales[index]) == first[index], "\(locales[index])")
        }
    }

    /// `body`'s result, run on a thread of its own (so with no thread-local state from before).
    static func onNewThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result?
        let thread = Thread {
            result = body()
            done.signal()
        }
        thread.start()
        done.wait()
        return result!
    }

    @Test("offsets out of range, around a colon between letters and inside CJK runs are left to ICU")
    func undecided() {
        Array("東京".utf8).withUnsafeBufferPointer { text in
            #expect(TextBoundaries.isSimpleWordBoundary(3, in: text) == nil)
        }
        Array("a: b".utf8).withUnsafeBufferPointer { text in
            #expect(TextBoundaries.isSimpleWordBoundary(1, in: text) == true)
            #expect(TextBoundaries.isSimpleWordBoundary(2, in: text) == true)
        }
        Array("a:b".utf8).withUnsafeBufferPointer { text in
            #expect(TextBoundaries.isSimpleWordBoundary(-1, in: text) == nil)
            #expect(TextBoundaries.isSimpleWordBoundary(4, in: text) == nil)
            #expect(TextBoundaries.isSimpleWordBoundary(0, in: text) == true)
            #expect(TextBoundaries.isSimpleWordBoundary(1, in: text) == nil)
            #expect(TextBoundaries.isSimpleWordBoundary(2, in: text) == nil)
            #expect(TextBoundaries.isSimpleWordBoundary(3, in: text) == true)
        }
    }
}
