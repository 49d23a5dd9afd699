import ICUKit
import TestSupport
import Testing

/// `graphemeBoundary(atOrBefore:)` and `graphemeBoundary(after:)` answer among common characters
/// (Latin, Greek, Cyrillic, Arabic letters, kana, CJK) and emoji ZWJ sequences without ICU; ICU
/// itself is the oracle at every offset of random texts that put those characters next to marks,
/// ZWJ, Prepend, spacing marks, Hangul jamo, regional indicators, emoji, controls, the soft hyphen
/// and ill-formed or overlong UTF-8.
struct SimpleGraphemeTests {

    static let common: [[UInt8]] =
        [
            "a", " ", "~", "\u{A0}", "\u{A9}", "\u{AE}", "é", "ż", "ł", "\u{24F}", "\u{2B0}", "\u{2FF}", "Ω", "\u{3FF}",
            "Ж", "\u{482}", "\u{48A}", "\u{52F}", "ء", "ي", "\u{640}", "ぁ", "\u{3096}", "\u{309B}", "ア", "ー",
            "\u{30FF}", "東", "\u{9FFF}", "！", "\u{FF5E}", "\u{1F468}", "\u{1F469}", "\u{1F3FA}", "\u{1F53D}",
            "\u{1F546}", "\u{1F6FF}", "\u{1F947}", "\u{1F9FF}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{301}",
            "\u{20E3}", "\u{E0020}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F44D}\u{1F3FD}",
        ].map { Array($0.utf8) }

    static let hostile: [[UInt8]] =
        [
            "\u{AD}", "\u{300}", "\u{36F}", "\u{483}", "\u{489}", "\u{64B}", "\u{0600}", "\u{3099}", "\u{309A}",
            "\u{200C}", "\u{1F1F5}", "\u{0903}", "\u{0E33}", "\u{1F53E}", "\u{1F650}", "\u{1F700}", "\u{1F93B}",
            "\u{2764}", "\u{A9}", "\u{AE}", "\u{E0001}", "\u{1F000}", "\u{1FAFF}", "\u{10FFFF}",
            "\u{1100}", "\u{1161}", "\u{AC00}", "\u{FF9E}", "\u{3000}", "\u{A0}\u{301}", "\r", "\n", "\u{7F}", "\u{85}",
        ].map { Array($0.utf8) } + [
            [0xC0, 0xA9], [0xE0, 0x82, 0xA9], [0xED, 0xA0, 0x80], [0xE6, 0x9D], [0x9D], [0xC3], [0xF0, 0x9F, 0x98],
            [0xF8], [0xE4, 0xB8, 0xAD, 0xAD], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x91],
            [0x9F, 0x91, 0xA8],
        ]

    static func text(using generator: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...30, using: &generator) {
            let pool = Int.random(in: 0..<4, using: &generator) == 0 ? hostile : common
            bytes += pool.randomElement(using: &generator) ?? []
        }
        return bytes
    }

    @Test("the simple grapheme walk equals ICU at every offset")
    func equalsICU() {
        var generator = SplitMix64(seed: 0x3C6E_F372)
        var checked = 0
        for _ in 0..<4_000 {
            checked += GraphemeAgreement.check(Self.text(using: &generator))
        }
        #expect(checked > 100_000)
    }
}
