import DisplayLayout
import PushLocalizer
import Testing

/// The estimator on the installed fonts (fonts-inter, fonts-noto-core, fonts-noto-cjk,
/// fonts-noto-color-emoji). Expected values are reasoned, not computed by the code under test:
/// widths are picked so the count is plain from widths Pango 1.50 gives with hinting off (quoted
/// where used), or from a text's hard breaks.
struct LineWrapEstimatorTests {
    let estimator = LineWrapEstimator()

    func style(
        _ families: [String] = ["Inter"],
        size: Double = 17,
        width: Double = 343,
        maxLines: Int = 4
    ) -> DisplayTextStyle {
        DisplayTextStyle(fontFamilies: families, fontSize: size, width: width, maxLines: maxLines)
    }

    // MARK: Direction

    @Test func arabicWithALeadingIsolatedEnglishNameIsRightToLeft() throws {
        // Rule P2 skips the isolate, so the first strong character is Arabic.
        let wrap = try estimator.wrap("\u{2068}John Appleseed\u{2069} أرسل لك رسالة", locale: "ar", style: style())
        #expect(wrap.direction == .rightToLeft)
    }

    @Test func theSameNameNotIsolatedMakesItLeftToRight() throws {
        let wrap = try estimator.wrap("John Appleseed أرسل لك رسالة", locale: "ar", style: style())
        #expect(wrap.direction == .leftToRight)
    }

    @Test func aTextWithNoStrongCharacterOutsideIsolatesTakesTheLocalesDirection() throws {
        // An Arabic message that is only the sender's name, and digits alone.
        #expect(try estimator.wrap("\u{2068}John\u{2069}", locale: "ar", style: style()).direction == .rightToLeft)
        #expect(try estimator.wrap("\u{2068}John\u{2069}", locale: "en", style: style()).direction == .leftToRight)
        #expect(try estimator.wrap("12 345", locale: "he", style: style()).direction == .rightToLeft)
        #expect(try estimator.wrap("12 345", locale: "fr", style: style()).direction == .leftToRight)
    }

    @Test func hebrewIsRightToLeftAndEnglishLeftToRight() throws {
        #expect(try estimator.wrap("שלום עולם", locale: "he", style: style()).direction == .rightToLeft)
        #expect(try estimator.wrap("Hello world", locale: "en", style: style()).direction == .leftToRight)
    }

    // MARK: Lines

    @Test func noJapaneseLineStartsWithTheProlongedSoundMarkOrASmallKana() throws {
        // ICU's default ("normal") Japanese breaking allows both; iPhones and UAX 14's default do not.
        // From 70 px on, every run that may not be split (フォロー, ショッピ, 17 px a character) fits a line.
        let text = "フォローフォローしました。ショッピングのフォローをチェック"
        let characters = Array(text)
        for width in stride(from: 70.0, through: 240, by: 7) {
            let style = style(["Noto Sans CJK JP"], width: width)
            let starts = try estimator.lineStarts(of: text, locale: "ja", style: style)
            for start in starts.dropFirst() {
                #expect(!"ーォョッ".contains(characters[start]), "width \(width): a line starts with \(characters[start])")
            }
            #expect(starts.count > 1)
        }
    }

    @Test func emptyTextIsOneLine() throws {
        let wrap = try estimator.wrap("", locale: "en", style: style())
        #expect(wrap == LineWrap(direction: .leftToRight, lineCount: 1, characterCount: 0, shownCharacters: 0))
    }

    @Test func aShortTextFits() throws {
        let wrap = try estimator.wrap("Zofia started following you", locale: "en", style: style())
        #expect(wrap == LineWrap(direction: .leftToRight, lineCount: 1, characterCount: 27, shownCharacters: 27))
        #expect(!wrap.isCut)
    }

    @Test func newLinesAreHardBreaks() throws {
        #expect(try estimator.wrap("a\nb", locale: "en", style: style()).lineCount == 2)
        // A text ending in a new line ends with an empty line, as Pango lays it out.
        #expect(try estimator.wrap("a\n", locale: "en", style: style()).lineCount == 2)
        #expect(try estimator.wrap("a\r\nb\nc", locale: "en", style: style()).lineCount == 3)
    }

    @Test func cjkBreaksBetweenIdeographs() throws {
        // Noto Sans CJK's ideographs are 1 em wide: 17 px each at 17 px, so 52 px holds three.
        let text = "日本語日本語日本語"
        let wrapped = style(width: 52)
        #expect(try estimator.wrap(text, locale: "ja", style: wrapped).lineCount == 3)
        #expect(try estimator.lineStarts(of: text, locale: "ja", style: wrapped) == [0, 3, 6])
    }

    @Test func thaiBreaksBetweenDictionaryWords() throws {
        // Pango: สวัสดี 38.28 px, สวัสดีค 48.72 px, สวัสดีครับ 67.29 px (Noto Sans Thai, 17 px).
        // At 49.2 px the first line could hold สวัสดี and one more cluster, but Thai has no spaces:
        // only the dictionary puts a break between สวัสดี (4 clusters) and ครับ.
        let text = "สวัสดีครับ"
        let wrapped = style(width: 49.2)
        #expect(try estimator.lineStarts(of: text, locale: "th", style: wrapped) == [0, 4])
    }

    @Test func aWordLongerThanALineIsBrokenAnywhere() throws {
        // Pango (Inter 17 px, 100 px, no hyphens): supercalifra | gilisticexpial | idocious.
        let word = "supercalifragilisticexpialidocious"
        #expect(try estimator.lineStarts(of: word, locale: "en", style: style(width: 100)) == [0, 12, 26])
        // A URL: breaks after "//", "/", "?" and where it must, between any two characters.
        let url = "https://accounts.example.com/reset?token=8f1e2d3c4b5a69788796a5b4c3d2e1f0"
        #expect(try estimator.wrap(url, locale: "en", style: style(width: 100)).lineCount == 8)
    }

    // MARK: Cut texts

    @Test(arguments: [
        "👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧",  // ZWJ sequences
        "🇫🇷🇩🇪🇯🇵🇧🇷🇮🇹🇪🇸",  // flags
    ])
    func aTextCutOnLineFourKeepsWholeEmoji(_ text: String) throws {
        // Every emoji of Noto Color Emoji is 21.17 px at 17 px (2550/2048 em) and Inter's "…" is
        // 13.96 px: at 40 px a line holds one emoji (two are 42.33 px), and one emoji and the
        // ellipsis (35.12 px) fit on the fourth.
        let wrap = try estimator.wrap(text, locale: "en", style: style(width: 40))
        #expect(wrap == LineWrap(direction: .leftToRight, lineCount: 6, characterCount: 6, shownCharacters: 4))
        #expect(wrap.isCut)
    }

    @Test func aDevanagariClusterIsOneCharacter() throws {
        // कि (KA, VOWEL SIGN I) is one cluster; five lines by their hard breaks, four shown.
        let wrap = try estimator.wrap("कि\nकि\nकि\nकि\nकि", locale: "hi", style: style())
        #expect(wrap == LineWrap(direction: .leftToRight, lineCount: 5, characterCount: 9, shownCharacters: 7))
    }

    @Test func theLastShownLineMakesRoomForTheEllipsis() throws {
        // Five hard-broken lines of "aaaa" (38.35 px in Inter at 17 px, 9.59 px an "a"): at 45 px the
        // fourth line holds the ellipsis (13.96 px) and three of its four letters (28.76 px).
        let wrap = try estimator.wrap(
            "aaaa\naaaa\naaaa\naaaa\naaaa",
            locale: "en",
            style: style(width: 45)
        )
        #expect(wrap == LineWrap(direction: .leftToRight, lineCount: 5, characterCount: 24, shownCharacters: 18))
    }

    // MARK: Fonts and failures

    @Test func aMissingFamilyFallsBack() throws {
        let wrap = try estimator.wrap("Zofia", locale: "en", style: style(["No Such Family"]))
        #expect(wrap == LineWrap(direction: .leftToRight, lineCount: 1, characterCount: 5, shownCharacters: 5))
        // An unknown family first changes nothing: the next one is picked.
        let text = "Zofia and Jan invited you to play Szachy: tap to join the lobby"
        #expect(
            try estimator.lineStarts(of: text, locale: "en", style: style(["No Such Family", "Inter"], width: 120))
                == estimator.lineStarts(of: text, locale: "en", style: style(["Inter"], width: 120))
        )
    }

    @Test(arguments: [
        DisplayTextStyle(fontFamilies: ["Inter"], fontSize: 0, width: 343, maxLines: 4),
        DisplayTextStyle(fontFamilies: ["Inter"], fontSize: .nan, width: 343, maxLines: 4),
        DisplayTextStyle(fontFamilies: ["Inter"], fontSize: 17, width: -1, maxLines: 4),
        DisplayTextStyle(fontFamilies: ["Inter"], fontSize: 17, width: .infinity, maxLines: 4),
        DisplayTextStyle(fontFamilies: ["Inter"], fontSize: 17, width: 343, maxLines: 0),
        DisplayTextStyle(fontFamilies: ["Inter"], fontSize: 17, fontWeight: 0, width: 343, maxLines: 4),
    ])
    func anImpossibleStyleIsAnError(_ style: DisplayTextStyle) {
        #expect(throws: LineWrapError.self) { try estimator.wrap("Hello", locale: "en", style: style) }
    }

    @Test func anUnreadableLocaleGetsTheRootRules() throws {
        #expect(try estimator.wrap("Hello world", locale: "not a tag!", style: style()).lineCount == 1)
    }
}
