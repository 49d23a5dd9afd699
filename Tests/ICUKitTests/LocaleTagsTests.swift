import ICUKit
import Testing

/// Expected tags: BCP 47 / CLDR 42 alias data (iw, in), CLDR likely subtags, and CLDR
/// parentLocales (es-419, en-001, pt-PT; zh-Hant's parent is root).
struct LocaleTagsTests {
    @Test(arguments: [
        ("pt_BR", "pt-BR"), ("iw", "he"), ("in", "id"), ("no", "nb"), ("no-NO", "nb-NO"), ("EN-gb", "en-GB"),
        ("zh-hant-tw", "zh-Hant-TW"), ("sr-latn", "sr-Latn"), ("es-419", "es-419"),
    ])
    func canonicalize(tag: String, expected: String) {
        #expect(LocaleTags.canonicalize(tag) == expected)
    }

    @Test(arguments: ["", "bogus!!", "en--US", "x"])
    func malformedTagsAreRejected(tag: String) {
        #expect(LocaleTags.canonicalize(tag) == nil)
        #expect(LocaleTags.maximize(tag) == nil)
        #expect(LocaleTags.parent(of: tag) == nil)
    }

    @Test(arguments: [
        ("zh-TW", "zh-Hant-TW"), ("zh", "zh-Hans-CN"), ("sr", "sr-Cyrl-RS"), ("en", "en-Latn-US"),
        ("pt-AO", "pt-Latn-AO"), ("iw", "he-Hebr-IL"),
    ])
    func maximize(tag: String, expected: String) {
        #expect(LocaleTags.maximize(tag) == expected)
    }

    @Test(arguments: [("zh-Hant-TW", "zh-TW"), ("en-Latn-US", "en"), ("sr-Cyrl-RS", "sr"), ("sr-Latn-RS", "sr-Latn")])
    func minimize(tag: String, expected: String) {
        #expect(LocaleTags.minimize(tag) == expected)
    }

    @Test(arguments: [
        ("es-MX", "es-419"), ("es-419", "es"), ("pt-AO", "pt-PT"), ("pt-PT", "pt"), ("en-AU", "en-001"),
        ("en-GB", "en-001"), ("en-001", "en"), ("zh-Hant-HK", "zh-Hant"), ("zh-TW", "zh-Hant"),
        ("zh-HK", "zh-Hant"), ("de-CH", "de"), ("pt_BR", "pt"),
    ])
    func parent(tag: String, expected: String) {
        #expect(LocaleTags.parent(of: tag) == expected)
    }

    @Test(arguments: ["es", "en", "zh-Hant", "sr-Latn", "nb", "no", "und"])
    func parentIsRoot(tag: String) {
        #expect(LocaleTags.parent(of: tag) == nil)
    }

    @Test func parentChainsEndAtRoot() {
        for start in ["es-MX", "en-AU", "pt-AO", "zh-Hant-HK", "nb-NO", "sr-Latn-RS", "zh-TW"] {
            var tag = start
            var steps = 0
            while let next = LocaleTags.parent(of: tag) {
                tag = next
                steps += 1
                if steps > 6 { break }
            }
            #expect(steps <= 6, "\(start) does not reach root")
        }
    }

    @Test func icuVersionIs72() {
        #expect(LocaleTags.icuVersion.hasPrefix("72."))
    }
}
