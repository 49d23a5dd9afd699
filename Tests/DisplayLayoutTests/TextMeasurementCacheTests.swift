import PushLocalizer
import Testing

@testable import DisplayLayout

/// The measurement cache's key: it must be exactly as strict as what `measure` reads (the text's
/// UTF-8 bytes), or one spelling would get another's measurement.
struct TextMeasurementCacheTests {
    func key(_ text: String, locale: String = "en", families: [String] = ["Inter"]) -> TextMeasurement.Key {
        TextMeasurement.Key(text: text, locale: locale, families: families, fontSize: 17, fontWeight: 400)
    }

    @Test func canonicallyEquivalentSpellingsAreDifferentKeys() {
        // "é" precomposed and "e" + U+0301: equal as Swift Strings, not as the bytes measured.
        #expect("\u{E9}" == "e\u{301}")
        #expect(key("caf\u{E9}") != key("cafe\u{301}"))
        #expect(key("en", families: ["\u{C5}"]) != key("en", families: ["A\u{30A}"]))
    }

    @Test func theSameBytesAreTheSameKey() {
        let built = String(decoding: Array("caf\u{E9} \u{1F389}".utf8), as: UTF8.self)
        #expect(key("caf\u{E9} \u{1F389}") == key(built))
        #expect(key("caf\u{E9} \u{1F389}").hashValue == key(built).hashValue)
        #expect(key("a", families: ["Inter", "Noto Sans"]) != key("a", families: ["Inter"]))
        #expect(key("ab", families: ["c"]) != key("a", families: ["bc"]))
    }

    @Test func aCachedMeasurementIsTheMeasurementOfItsOwnSpelling() throws {
        let style = DisplayTextStyle(fontFamilies: ["Inter"], fontSize: 17, width: 343, maxLines: 4)
        for text in ["Caf\u{E9} cr\u{E8}me", "Cafe\u{301} cre\u{300}me"] {
            let cached = try TextMeasurement.cachedMeasure(text, locale: "fr", style: style)
            #expect(cached == (try TextMeasurement.measure(text, locale: "fr", style: style)))
        }
    }
}
