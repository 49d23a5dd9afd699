import PushLocalizer
import Testing

// Expected values are CLDR facts and SPEC §4, written by hand:
// - parents (CLDR parentLocales): es-MX, es-AR, es-CO, es-US → es-419; en-AU, en-NZ, en-IN, en-GB → en-001;
//   pt-AO, pt-MZ → pt-PT; zh-Hant-MO → zh-Hant-HK; zh-Hant-HK → zh-Hant; zh-Hant, sr-Latn → root.
// - likely subtags: zh → zh-Hans-CN, zh-TW → zh-Hant-TW, zh-HK → zh-Hant-HK, zh-SG → zh-Hans-SG,
//   pt → pt-Latn-BR, es → es-Latn-ES, en → en-Latn-US, sr → sr-Cyrl-RS, sr-ME → sr-Latn-ME,
//   pa → pa-Guru-IN, pa-PK → pa-Arab-PK.
// - aliases: iw → he, in → id, ji → yi, tl → fil, mo → ro, sh → sr-Latn; no → nb (SPEC §4).

/// The catalog of SPEC §4's worked example.
private let specCatalog = ["en", "en-GB", "es", "es-419", "pt-BR", "pt-PT", "zh-Hans", "zh-Hant", "fr"]

/// A wider catalog: several regions and scripts, and the targets of the legacy aliases.
private let wideCatalog = [
    "en-GB", "es", "es-419", "pt-BR", "pt-PT", "zh-Hans", "zh-Hant", "zh-Hant-HK", "fr", "de", "he", "id", "nb",
    "fil", "ro", "sr", "sr-Latn", "ja", "yi",
]

private let spec = LocaleNegotiator(available: specCatalog, sourceLocale: "en")
private let wide = LocaleNegotiator(available: wideCatalog, sourceLocale: "en")

@Suite("Locale negotiation")
struct NegotiationTests {
    // MARK: canonicalTag

    @Test(arguments: [
        ("pt_BR", "pt-BR"), ("pt-BR", "pt-BR"), ("iw", "he"), ("iw-IL", "he-IL"), ("in", "id"), ("no", "nb"),
        ("no-NO", "nb-NO"), ("tl", "fil"), ("mo", "ro"), ("ji", "yi"), ("sh", "sr-Latn"), ("zh-TW", "zh-Hant-TW"),
        ("zh-HK", "zh-Hant-HK"), ("zh_hant_tw", "zh-Hant-TW"), ("zh-CN", "zh-CN"), ("zh-Hans", "zh-Hans"),
        ("sr-ME", "sr-Latn-ME"), ("EN-us", "en-US"), ("es-419", "es-419"), ("en-US-u-ca-gregory", "en-US-u-ca-gregory"),
        ("pa-PK", "pa-Arab-PK"), ("de", "de"),
    ])
    func canonicalTag(input: String, expected: String) {
        #expect(LocaleNegotiator.canonicalTag(input) == expected)
    }

    @Test(arguments: ["", "!!", "*", "en--US", "-", "_"])
    func canonicalTagRejectsJunk(input: String) {
        #expect(LocaleNegotiator.canonicalTag(input) == nil)
    }

    // MARK: Single preference against the wide catalog

    @Test(arguments: [
        // SPEC §4 examples.
        ("es-MX", "es-419"), ("en-AU", "en-GB"), ("pt-AO", "pt-PT"), ("zh-HK", "zh-Hant-HK"), ("pt-BR", "pt-BR"),
        // Parents and siblings.
        ("es-AR", "es-419"), ("es-US", "es-419"), ("es-ES", "es"), ("es", "es"), ("en-NZ", "en-GB"),
        ("en-IN", "en-GB"), ("en-US", "en"), ("en", "en"), ("pt-MZ", "pt-PT"), ("pt", "pt-BR"), ("pt-PT", "pt-PT"),
        ("zh-MO", "zh-Hant-HK"), ("zh-Hant-MO", "zh-Hant-HK"), ("fr-CA", "fr"), ("fr-BE", "fr"), ("de-AT", "de"),
        ("de-CH", "de"), ("ja-JP", "ja"),
        // Scripts by likely subtags.
        ("zh-TW", "zh-Hant"), ("zh-Hant", "zh-Hant"), ("zh-Hant-TW", "zh-Hant"), ("zh", "zh-Hans"),
        ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh-Hans-HK", "zh-Hans"), ("sr", "sr"), ("sr-Cyrl-RS", "sr"),
        ("sr-Latn", "sr-Latn"), ("sr-Latn-RS", "sr-Latn"), ("sr-ME", "sr-Latn"),
        // Aliases.
        ("iw", "he"), ("iw-IL", "he"), ("in", "id"), ("no", "nb"), ("no-NO", "nb"), ("tl", "fil"), ("mo", "ro"),
        ("ji", "yi"), ("sh", "sr-Latn"),
        // Spelling: case, underscores, extensions, Accept-Language weights.
        ("pt_BR", "pt-BR"), ("EN-gb", "en-GB"), ("ZH-hant-hk", "zh-Hant-HK"), ("es_mx", "es-419"),
        ("en-US-u-ca-gregory", "en"), ("es-MX-u-nu-latn", "es-419"), ("de-x-private", "de"), (" fr ", "fr"),
        ("fr;q=0.9", "fr"),
        // Nothing matches: the source locale.
        ("ko", "en"), ("nn", "en"), ("x-pseudo", "en"), ("und", "en"), ("*", "en"), ("", "en"), ("!!", "en"),
    ])
    func negotiateOne(preference: String, expected: String) {
        #expect(wide.negotiate([preference]) == expected)
    }

    @Test(arguments: [
        (["!!", "fr"], "fr"), (["", "de"], "de"), (["*", "ja"], "ja"), (["x-pseudo", "he"], "he"),
        (["ko", "zh-TW"], "zh-Hant"), (["nn", "no"], "nb"), ([], "en"), (["ko", "vi"], "en"),
    ])
    func negotiateSkipsUnmatchedPreferences(preferences: [String], expected: String) {
        #expect(wide.negotiate(preferences) == expected)
    }

    // MARK: Agreement with ICU's own matcher

    /// Expected values are what ICU 72's `icu::LocaleMatcher` (default threshold, no default
    /// locale) picks among `en, en-GB, es, es-419, pt-BR, pt-PT, zh-Hans, zh-Hant, zh-Hant-HK, fr,
    /// de`, measured once with a small ICU4C program; on these same-script cases the CLDR-parent
    /// ranking must agree with it.
    @Test(arguments: [
        ("en-US", "en"), ("en-AU", "en-GB"), ("en-NZ", "en-GB"), ("en-IN", "en-GB"), ("en-ZA", "en-GB"),
        ("en-IE", "en-GB"), ("en-SG", "en-GB"), ("en-150", "en-GB"), ("en-DE", "en-GB"), ("en-PR", "en"),
        ("en-CA", "en"), ("en-PH", "en"),
        ("es-MX", "es-419"), ("es-AR", "es-419"), ("es-CO", "es-419"), ("es-US", "es-419"), ("es-419", "es-419"),
        ("es-ES", "es"), ("es", "es"), ("es-GQ", "es"), ("es-PH", "es"), ("pt", "pt-BR"), ("pt-BR", "pt-BR"),
        ("pt-AO", "pt-PT"), ("pt-MZ", "pt-PT"), ("pt-CH", "pt-PT"), ("pt-CV", "pt-PT"), ("pt-GW", "pt-PT"),
        ("pt-TL", "pt-PT"), ("pt-LU", "pt-PT"), ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant-HK"),
        ("zh-MO", "zh-Hant-HK"), ("zh", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh-Hans-HK", "zh-Hans"),
        ("zh-Hant-SG", "zh-Hant"), ("fr-CA", "fr"), ("fr-CH", "fr"), ("fr-BE", "fr"), ("de-AT", "de"),
        ("de-CH", "de"),
    ])
    func agreesWithICULocaleMatcher(preference: String, expected: String) {
        let negotiator = LocaleNegotiator(
            available: [
                "en", "en-GB", "es", "es-419", "pt-BR", "pt-PT", "zh-Hans", "zh-Hant", "zh-Hant-HK", "fr", "de",
            ],
            sourceLocale: "en"
        )
        #expect(negotiator.negotiate([preference]) == expected)
    }

    /// Deliberate differences from `icu::LocaleMatcher` (ICU 72), which gives `sr-Latn` users
    /// `sr-Cyrl`, `da` and `nn` users `nb`, `hr` users `bs`: §4 never crosses scripts, and a
    /// neighbouring language is not the user's language, so these users get the source locale.
    @Test(arguments: [
        (["sr-Cyrl"], "sr-Latn", "de"),
        (["nb"], "da", "de"), (["nb"], "nn", "de"), (["bs"], "hr", "de"),
    ])
    func differsFromICULocaleMatcher(available: [String], preference: String, expected: String) {
        let negotiator = LocaleNegotiator(available: available, sourceLocale: "de")
        #expect(negotiator.negotiate([preference]) == expected)
    }

    // MARK: Scripts are never crossed

    @Test(arguments: [
        (["zh-Hans", "en"], "zh-TW"), (["zh-Hans", "en"], "zh-HK"), (["zh-Hans", "en"], "zh-Hant"),
        (["zh-Hans", "en"], "zh-MO"), (["zh-Hant", "en"], "zh"), (["zh-Hant", "en"], "zh-CN"),
        (["zh-Hant", "en"], "zh-SG"), (["sr-Cyrl", "en"], "sr-Latn"), (["sr-Cyrl", "en"], "sr-ME"),
        (["sr-Latn", "en"], "sr"), (["sr-Latn", "en"], "sr-RS"), (["sr", "en"], "sr-Latn-RS"),
        (["uz", "en"], "uz-Arab"), (["pa", "en"], "pa-PK"),
    ])
    func neverCrossesScripts(available: [String], preference: String) {
        let negotiator = LocaleNegotiator(available: available, sourceLocale: "en")
        #expect(negotiator.chain(for: [preference]) == ["en"])
    }

    // MARK: Same language and script, other region

    @Test(arguments: [
        (["es-419"], "es", "es-419"), (["es-419"], "es-ES", "es-419"), (["pt-PT"], "pt-BR", "pt-PT"),
        (["pt-PT"], "pt", "pt-PT"), (["zh-Hant-HK"], "zh-TW", "zh-Hant-HK"), (["zh-TW"], "zh-Hant", "zh-TW"),
        (["zh-TW"], "zh-HK", "zh-TW"), (["zh-Hant-TW", "zh-Hant-HK"], "zh-MO", "zh-Hant-HK"),
        (["en-GB"], "en-US", "en-GB"), (["zh-CN"], "zh-SG", "zh-CN"),
        // Two files with the same maximized form: the one spelled like the request wins.
        (["pt", "pt-BR"], "pt-BR", "pt-BR"), (["pt", "pt-BR"], "pt", "pt"), (["pt-BR", "pt"], "pt", "pt"),
        (["zh-TW", "zh-Hant"], "zh-Hant", "zh-Hant"), (["zh-Hant", "zh-TW"], "zh-TW", "zh-TW"),
    ])
    func otherRegionOfSameWritingSystem(available: [String], preference: String, expected: String) {
        let negotiator = LocaleNegotiator(available: available, sourceLocale: "de")
        #expect(negotiator.negotiate([preference]) == expected)
    }

    // MARK: Fallback chains

    @Test(arguments: [
        // SPEC §4's worked example, verbatim.
        (["es-MX", "fr-CA"], ["es-419", "es", "fr", "en"]),
        (["en-AU"], ["en-GB", "en"]),
        (["pt-AO"], ["pt-PT", "pt-BR", "en"]),
        (["pt"], ["pt-BR", "pt-PT", "en"]),
        (["zh-TW", "zh-CN"], ["zh-Hant", "zh-Hans", "en"]),
        (["zh-HK"], ["zh-Hant", "en"]),
        (["es-MX", "en-AU"], ["es-419", "es", "en-GB", "en"]),
        (["fr", "es"], ["fr", "es", "es-419", "en"]),
        (["es-MX", "es-AR", "es"], ["es-419", "es", "en"]),
        // The source locale has every key, so the chain ends where it first appears.
        (["en-US", "fr"], ["en"]),
        (["en-GB", "es"], ["en-GB", "en"]),
        (["ko", "ja"], ["en"]),
        ([], ["en"]),
    ])
    func specCatalogChain(preferences: [String], expected: [String]) {
        #expect(spec.chain(for: preferences) == expected)
    }

    @Test(arguments: [
        // SPEC §4: zh-HK gets zh-Hant-HK, then zh-Hant.
        (["zh-Hans", "zh-Hant", "zh-Hant-HK"], ["zh-HK"], ["zh-Hant-HK", "zh-Hant", "en"]),
        (["zh-Hant", "zh-Hant-HK"], ["zh-MO"], ["zh-Hant-HK", "zh-Hant", "en"]),
        (["zh-Hant", "zh-Hant-HK"], ["zh-TW"], ["zh-Hant", "zh-Hant-HK", "en"]),
        // Siblings under en-001, alphabetically after the shared parent itself.
        (["en-001", "en-AU", "en-GB", "en-IN"], ["en-NZ"], ["en-001", "en-AU", "en-GB", "en-IN", "en"]),
        // Siblings under es-419 come before the bare language; the rest of Spanish follows.
        (["es", "es-419", "es-AR", "es-MX", "es-US"], ["es-CO"], ["es-419", "es-AR", "es-MX", "es-US", "es", "en"]),
        (["es", "es-419", "es-AR", "es-MX"], ["es-419"], ["es-419", "es-AR", "es-MX", "es", "en"]),
        (["es", "es-419", "es-AR", "es-MX"], ["es-ES"], ["es", "es-419", "es-AR", "es-MX", "en"]),
        (["pt-BR", "pt-PT", "pt-MZ"], ["pt-AO"], ["pt-PT", "pt-MZ", "pt-BR", "en"]),
        (["he", "fr"], ["iw", "en"], ["he", "en"]),
        (["sr", "sr-Latn"], ["sr-Latn", "sr"], ["sr-Latn", "sr", "en"]),
        (["fr", "en"], ["fr"], ["fr", "en"]),
    ])
    func chain(available: [String], preferences: [String], expected: [String]) {
        let negotiator = LocaleNegotiator(available: available, sourceLocale: "en")
        #expect(negotiator.chain(for: preferences) == expected)
    }

    @Test func chainEndsWithAnotherSourceLocale() {
        let negotiator = LocaleNegotiator(available: ["de", "fr", "en"], sourceLocale: "de")
        #expect(negotiator.chain(for: ["en-AU"]) == ["en", "de"])
        #expect(negotiator.chain(for: ["de-CH", "fr"]) == ["de"])
        #expect(negotiator.negotiate(["it"]) == "de")
    }

    /// One negotiator shared by many tasks gives every task SPEC §4's chain.
    @Test func sharedAcrossTasks() async {
        let chains = await withTaskGroup(of: [String].self) { group in
            for index in 0..<64 {
                group.addTask { spec.chain(for: index.isMultiple(of: 2) ? ["es-MX", "fr-CA"] : ["es_mx", "FR-ca"]) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(chains.count == 64)
        #expect(chains.allSatisfy { $0 == ["es-419", "es", "fr", "en"] })
    }

    @Test func availableTagsKeepTheirSpelling() {
        let negotiator = LocaleNegotiator(available: ["pt_BR", "iw"], sourceLocale: "en")
        #expect(negotiator.chain(for: ["pt", "he-IL"]) == ["pt_BR", "iw", "en"])
    }

    /// Every link but the source shares language and maximized script with some preference.
    @Test func chainsStayWithinThePreferencesWritingSystems() {
        let pool = ["zh", "zh-TW", "zh-HK", "zh-Hans-HK", "sr", "sr-Latn", "sr-ME", "pa", "pa-PK", "en-AU", "es-MX"]
        let negotiator = LocaleNegotiator(
            available: ["zh-Hans", "zh-Hant", "zh-Hant-HK", "sr-Cyrl", "sr-Latn", "pa", "pa-Arab", "en-GB", "es"],
            sourceLocale: "en"
        )
        let family: [String: String] = [
            "zh-Hans": "zh/Hans", "zh-Hant": "zh/Hant", "zh-Hant-HK": "zh/Hant", "sr-Cyrl": "sr/Cyrl",
            "sr-Latn": "sr/Latn", "pa": "pa/Guru", "pa-Arab": "pa/Arab", "en-GB": "en/Latn", "es": "es/Latn",
        ]
        let wanted: [String: String] = [
            "zh": "zh/Hans", "zh-TW": "zh/Hant", "zh-HK": "zh/Hant", "zh-Hans-HK": "zh/Hans", "sr": "sr/Cyrl",
            "sr-Latn": "sr/Latn", "sr-ME": "sr/Latn", "pa": "pa/Guru", "pa-PK": "pa/Arab", "en-AU": "en/Latn",
            "es-MX": "es/Latn",
        ]
        for first in pool {
            for second in pool {
                let chain = negotiator.chain(for: [first, second])
                #expect(chain.last == "en")
                let allowed = Set([wanted[first], wanted[second]])
                for link in chain.dropLast() {
                    #expect(allowed.contains(family[link]), "\(first), \(second) → \(chain)")
                }
            }
        }
    }
}

/// A preference list that equals another only by canonical equivalence (KELVIN SIGN U+212A is
/// canonically `K`) is negotiated on its own bytes, whichever was asked first: the chain cache
/// must not hand one list's chain to the other.
@Suite("Locale negotiation: canonically equivalent preference lists")
struct NegotiationCacheTests {
    @Test("ko-KR and ko-\u{212A}R keep their own chains in either order")
    func kelvinSignDoesNotShareTheCache() {
        let kelvin = ["ko-\u{212A}R"]
        let plain = ["ko-KR"]
        let fresh = { LocaleNegotiator(available: ["ko", "fr"], sourceLocale: "en") }
        let expectedKelvin = fresh().chain(for: kelvin)
        let expectedPlain = fresh().chain(for: plain)
        #expect(expectedPlain == ["ko", "en"])
        let kelvinFirst = fresh()
        #expect(kelvinFirst.chain(for: kelvin) == expectedKelvin)
        #expect(kelvinFirst.chain(for: plain) == expectedPlain)
        let plainFirst = fresh()
        #expect(plainFirst.chain(for: plain) == expectedPlain)
        #expect(plainFirst.chain(for: kelvin) == expectedKelvin)
    }
}
