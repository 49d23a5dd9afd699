import Foundation
import TestSupport
import Testing

@testable import NotificationContentPicker
@testable import PushLocalizer

// Expected values are SPEC §4 and CLDR 42 facts written by hand (see NegotiationTests): parents
// es-MX/es-US/es-AR → es-419, en-AU/en-IN/en-NZ/en-GB → en-001, pt-AO/pt-MZ → pt-PT,
// zh-Hant-MO → zh-Hant-HK; likely scripts zh-TW/HK/MO → Hant, zh-SG → Hans, sr-ME → Latn,
// pa-PK → Arab; aliases iw → he, in → id, ji → yi, tl → fil, mo → ro, sh → sr-Latn, no → nb.
// The parity tests take their expected values from the server's negotiator, which asks ICU 72.

/// The locales of the sample payload. Every object entry's text names its key, so the expected
/// text follows from the expected key; `en-GB` and `es-US` are aliases.
private let objectKeys = [
    "en", "es", "es-419", "pt-BR", "pt-PT", "zh-Hans", "zh-Hant", "zh-Hant-HK", "sr", "sr-Latn", "ar", "he", "fa",
    "ur", "pa", "pa-Arab", "fr", "de", "ja", "nb", "id", "fil", "ro", "yi",
]
private let aliases = ["en-GB": "en", "es-US": "es-419"]

private func text(_ key: String) -> [String: Any] {
    ["title": "title \(key)", "subtitle": "subtitle \(key)", "body": "body \(key)"]
}

private func payload(
    _ content: Any?,
    alert: Any? = ["title": "alert title", "body": "alert body"]
) -> [AnyHashable: Any] {
    var aps: [String: Any] = ["mutable-content": 1]
    if let alert { aps["alert"] = alert }
    var userInfo: [AnyHashable: Any] = ["aps": aps]
    if let content { userInfo["localization_content"] = content }
    return userInfo
}

/// A payload as `JSONSerialization` delivers it, from JSON text.
private func userInfo(json: String) throws -> [AnyHashable: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [AnyHashable: Any])
}

/// The sample payload; computed, since `[AnyHashable: Any]` is not `Sendable`.
private var sample: [AnyHashable: Any] {
    var content: [String: Any] = [:]
    for key in objectKeys { content[key] = text(key) }
    for (key, target) in aliases { content[key] = target }
    return payload(content)
}

private let alertFallback = PickedContent(title: "alert title", body: "alert body")

private func picked(_ key: String, textOf source: String? = nil) -> PickedContent {
    let source = source ?? key
    return PickedContent(title: "title \(source)", subtitle: "subtitle \(source)", body: "body \(source)", locale: key)
}

@Suite("Notification content picker")
struct PickerTests {
    // MARK: Table-driven picks

    @Test(arguments: [
        // SPEC §4 examples.
        (["es-MX"], "es-419"), (["en-AU"], "en-GB"), (["pt-AO"], "pt-PT"), (["zh-HK"], "zh-Hant-HK"),
        // Parents, siblings and bases.
        (["es-AR"], "es-419"), (["es-US"], "es-US"), (["es-CO"], "es-419"), (["es-ES"], "es"), (["es"], "es"),
        (["en-NZ"], "en-GB"), (["en-IN"], "en-GB"), (["en-GB"], "en-GB"), (["en-US"], "en"), (["en"], "en"),
        (["pt-MZ"], "pt-PT"), (["pt"], "pt-BR"), (["pt-BR"], "pt-BR"), (["fr-CA"], "fr"), (["de-CH"], "de"),
        (["ja-JP"], "ja"),
        // Scripts, never crossed.
        (["zh-TW"], "zh-Hant"), (["zh-MO"], "zh-Hant-HK"), (["zh-Hant-MO"], "zh-Hant-HK"), (["zh"], "zh-Hans"),
        (["zh-CN"], "zh-Hans"), (["zh-SG"], "zh-Hans"), (["zh-Hans-HK"], "zh-Hans"), (["sr"], "sr"),
        (["sr-Latn"], "sr-Latn"), (["sr-ME"], "sr-Latn"), (["sr-Cyrl-ME"], "sr"), (["pa-PK"], "pa-Arab"),
        (["pa-IN"], "pa"),
        // Right-to-left languages.
        (["ar-EG"], "ar"), (["ar-SA"], "ar"), (["he-IL"], "he"), (["fa-AF"], "fa"), (["ur-IN"], "ur"),
        (["yi"], "yi"),
        // Legacy codes.
        (["iw"], "he"), (["in"], "id"), (["no"], "nb"), (["tl"], "fil"), (["mo"], "ro"), (["ji"], "yi"),
        (["sh"], "sr-Latn"),
        // Spelling: underscores, case, extensions, Accept-Language weights.
        (["pt_BR"], "pt-BR"), (["EN-gb"], "en-GB"), (["es_mx"], "es-419"), (["en-US-u-ca-gregory"], "en"),
        ([" fr;q=0.8 "], "fr"),
        // Order of preferences; unmatched and junk ones are skipped.
        (["ko", "de"], "de"), (["", "!!", "*", "fr"], "fr"), (["x-pseudo", "und", "he"], "he"),
        (["ja", "en"], "ja"), (["uz-Arab", "zh-TW"], "zh-Hant"),
    ])
    func picksClosestLocale(preferences: [String], expected: String) {
        let result = NotificationContentPicker.pick(userInfo: sample, preferredLanguages: preferences)
        #expect(result == picked(expected, textOf: aliases[expected]))
    }

    @Test(arguments: [[], ["ko"], ["ko", "vi"], ["nn"], ["!!"], ["uz-Arab"], ["hr", "bs-Cyrl"]])
    func fallsBackToAlertWhenNothingMatches(preferences: [String]) {
        #expect(NotificationContentPicker.pick(userInfo: sample, preferredLanguages: preferences) == alertFallback)
    }

    // MARK: Aliases

    @Test func aliasTakesItsTargetsTextAndKeepsItsOwnKey() {
        let userInfo = payload(["en": text("en"), "en-GB": "en", "en-AU": "en-GB"])
        let british = NotificationContentPicker.pick(userInfo: userInfo, preferredLanguages: ["en-GB"])
        #expect(british == picked("en-GB", textOf: "en"))
        // en-AU aliases an alias: ignored, so an en-AU user gets en-GB (sibling via en-001).
        let australian = NotificationContentPicker.pick(userInfo: userInfo, preferredLanguages: ["en-AU"])
        #expect(australian == picked("en-GB", textOf: "en"))
    }

    @Test(arguments: [
        #"{"fr": {"body": "body fr"}, "de": "it"}"#,  // alias to a missing key
        #"{"fr": {"body": "body fr"}, "de": "de"}"#,  // alias to itself
        #"{"fr": {"body": "body fr"}, "de": "ch", "ch": "fr"}"#,  // alias to an alias
        #"{"fr": {"body": "body fr"}, "de": "it", "it": {"title": 3}}"#,  // alias to a malformed object
        #"{"fr": {"body": "body fr"}, "de": "FR"}"#,  // aliases name keys exactly
        #"{"fr": {"body": "body fr"}, "de": 7}"#,  // neither an object nor an alias
    ])
    func malformedAliasIsIgnored(content: String) throws {
        let result = NotificationContentPicker.pick(
            userInfo: try userInfo(json: #"{"localization_content": \#(content)}"#),
            preferredLanguages: ["de", "fr"]
        )
        #expect(result == PickedContent(body: "body fr", locale: "fr"))
    }

    // MARK: Malformed content

    @Test(arguments: [
        "", #", "localization_content": null"#, #", "localization_content": "fr""#, #", "localization_content": 42"#,
        #", "localization_content": ["fr", "de"]"#, #", "localization_content": {}"#,
        #", "localization_content": {"de": 1}"#, #", "localization_content": {"de": {}}"#,
        #", "localization_content": {"de": {"title": 1, "body": "x"}}"#,
        #", "localization_content": {"de": {"body": ["x"]}}"#, #", "localization_content": {"de": {"body": null}}"#,
        #", "localization_content": {"de": null}"#, #", "localization_content": {"!!": {"body": "x"}}"#,
        #", "localization_content": {"": {"body": "x"}}"#, #", "localization_content": {"und": {"body": "x"}}"#,
        #", "localization_content": {"de": {"tytuł": "x"}}"#, #", "localization_content": {"de": true}"#,
    ])
    func malformedContentFallsBackToAlert(content: String) throws {
        let json = #"{"aps": {"alert": {"title": "alert title", "body": "alert body"}}\#(content)}"#
        let result = NotificationContentPicker.pick(userInfo: try userInfo(json: json), preferredLanguages: ["de"])
        #expect(result == alertFallback)
    }

    @Test func unknownFieldsAndMissingFieldsAreFine() {
        let content: [String: Any] = ["de": ["body": "Hallo", "sound": "ping"]]
        let result = NotificationContentPicker.pick(userInfo: payload(content), preferredLanguages: ["de-AT"])
        #expect(result == PickedContent(body: "Hallo", locale: "de"))
    }

    @Test(arguments: [
        (#""plain body""#, PickedContent(body: "plain body")),
        (#"{"title": "T", "subtitle": "S", "body": "B"}"#, PickedContent(title: "T", subtitle: "S", body: "B")),
        (#"{"title": 7, "body": "B"}"#, PickedContent(body: "B")), ("null", PickedContent()), ("42", PickedContent()),
        (#"{"loc-key": "K"}"#, PickedContent()), ("[]", PickedContent()),
    ])
    func alertFallbackReadsStringOrObject(alert: String, expected: PickedContent) throws {
        let json = #"{"aps": {"alert": \#(alert)}, "localization_content": {"fr": {"body": "x"}}}"#
        let result = NotificationContentPicker.pick(userInfo: try userInfo(json: json), preferredLanguages: ["en"])
        #expect(result == expected)
    }

    @Test func apsOfTheWrongTypeGivesNoText() {
        let userInfo: [AnyHashable: Any] = ["aps": "alert", 7: "seven"]
        #expect(NotificationContentPicker.pick(userInfo: userInfo, preferredLanguages: ["en"]) == PickedContent())
    }

    @Test func readsPayloadAsJSONSerializationDeliversIt() throws {
        let json = """
            {"aps":{"alert":{"title":"Nowy","body":"Ana"},"mutable-content":1},
             "localization_content":{"pl":{"title":"Nowy","body":"Ana"},"en":{"title":"New","subtitle":"S","body":"B"},
             "en-GB":"en","es-419":{"body":"Hola"}}}
            """
        let userInfo = try userInfo(json: json)
        let british = NotificationContentPicker.pick(userInfo: userInfo, preferredLanguages: ["en-AU", "pl"])
        #expect(british == PickedContent(title: "New", subtitle: "S", body: "B", locale: "en-GB"))
        let mexican = NotificationContentPicker.pick(userInfo: userInfo, preferredLanguages: ["es-MX"])
        #expect(mexican == PickedContent(body: "Hola", locale: "es-419"))
    }
}

// MARK: - Parity with the server's negotiator

/// Regions worth pairing with every language: the CLDR parent-locale children, script-bearing
/// regions, and the usual markets.
private let gridRegions = [
    "US", "GB", "AU", "IN", "HK", "MO", "TW", "CN", "SG", "MX", "AR", "ES", "BR", "PT", "AO", "CH", "AT", "ME", "RS",
    "PK", "AF", "IR", "CM", "TR", "001", "150", "419", "ZZ", "UK",
]
private let gridScripts = ["Latn", "Cyrl", "Arab", "Hans", "Hant", "Deva", "Guru", "Mong", "Adlm", "Zzzz"]

/// Every language of the picker's tables with and without regions and scripts, the legacy codes,
/// unknown languages, variants, extensions and junk. Not here: grandfathered tags (`i-klingon`),
/// which the picker does not read.
private let gridTags: [String] = {
    var tags = [
        "xx", "xx-YY", "xx-Latn", "tlh", "ca-ES-valencia", "de-DE-1996", "en-US-posix", "en-GB-u-ca-gregory",
        "en-x-pseudo", "x-pseudo", "und", "root", "", "!!", "en--US", "zh_hant_hk", "EN-us", "sh-Cyrl", "cnr", "swc",
        "en-a", "en-u-ca", "en-a-bc-x-1", "zh-cmn", "zh-yue-HK", "sr_Latn_ME", "zh-Hant-TW-x-a",
    ]
    for language in LocaleTables.likely.keys.sorted() {
        tags.append(language)
        for region in gridRegions { tags.append(language + "-" + region) }
        for script in gridScripts { tags.append(language + "-" + script) }
        tags.append(language + "_" + "Hant" + "_" + "MO")
    }
    for alias in LocaleTables.languageAlias.keys.sorted() {
        tags += [alias, alias + "-Cyrl", alias + "-MO", alias + "-PK"]
    }
    return tags
}()

/// Tags that make negotiation interesting: families with parents, siblings, scripts and aliases.
private let poolTags = [
    "en", "en-US", "en-GB", "en-AU", "en-IN", "en-001", "en-150", "en-DE", "en-CA", "es", "es-ES", "es-419", "es-MX",
    "es-AR", "es-US", "pt", "pt-BR", "pt-PT", "pt-AO", "pt-MZ", "zh", "zh-Hans", "zh-Hant", "zh-TW", "zh-HK",
    "zh-Hant-HK", "zh-MO", "zh-Hant-MO", "zh-CN", "zh-SG", "zh-Hans-HK", "sr", "sr-Latn", "sr-Cyrl", "sr-ME",
    "sr-Latn-RS", "pa", "pa-Arab", "pa-PK", "uz", "uz-Arab", "uz-Cyrl", "az", "az-Arab", "ar", "ar-EG", "ar-SA",
    "he", "iw", "fa", "ur", "yi", "fr", "fr-CA", "fr-CH", "de", "de-AT", "nb", "no", "nn", "id", "in", "fil", "tl",
    "ro", "mo", "ja", "ko", "ms", "ms-Arab", "yue", "yue-Hans", "hi", "hi-Latn", "ku", "kk", "mn", "ca-ES-valencia",
]

extension PickerTests {
    @Test func localeIdentityMatchesTheServerOnEveryTagOfTheGrid() {
        var mismatches: [String] = []
        for tag in gridTags {
            let server = LocaleIdentity(tag)
            let picker = MatchableLocale(tag)
            let serverView = server.map { s in
                [s.canonical, s.key, s.base.tag, s.base.key] + s.lineage.flatMap { [$0.tag, $0.key] }
            }
            let pickerView = picker.map { p in
                [p.canonical, p.key, p.base.tag, p.base.key] + p.lineage.flatMap { [$0.tag, $0.key] }
            }
            if serverView != pickerView {
                mismatches.append("\(tag): server \(serverView ?? []) picker \(pickerView ?? [])")
            }
        }
        #expect(gridTags.count > 8_000)
        let report = mismatches.prefix(20).joined(separator: "\n")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(gridTags.count) differ:\n\(report)")
    }

    @Test func chosenLocaleMatchesTheServerNegotiator() {
        var generator = SplitMix64(seed: 0x5EED_4A11)
        var mismatches: [String] = []
        var matched = 0
        let rounds = 1000
        for _ in 0..<rounds {
            // One spelling per locale: the server names a locale listed twice by the source's spelling,
            // a case a payload built from one catalog never has.
            var canonicals = Set<String>()
            let available = (0..<Int.random(in: 2...14, using: &generator)).compactMap { _ in
                poolTags.randomElement(using: &generator)
            }
            .filter { canonicals.insert(LocaleIdentity($0)?.canonical ?? $0).inserted }.sorted()
            let source = available.randomElement(using: &generator) ?? "en"
            let preferences = (0..<Int.random(in: 1...3, using: &generator)).compactMap { _ in
                Int.random(in: 0..<5, using: &generator) > 0
                    ? poolTags.randomElement(using: &generator) : gridTags.randomElement(using: &generator)
            }
            var content: [String: Any] = [:]
            for tag in available { content[tag] = text(tag) }
            let pick = NotificationContentPicker.pick(userInfo: payload(content), preferredLanguages: preferences)
            let chain = LocaleNegotiator(available: available, sourceLocale: source).chain(for: preferences)
            if let locale = pick.locale {
                matched += 1
                if locale != chain.first {
                    mismatches.append("\(available) \(preferences): picker \(locale), server \(chain)")
                }
            } else if chain != [source] {
                mismatches.append("\(available) \(preferences): picker fell back, server \(chain)")
            }
        }
        // Enough rounds must exercise a real match, not only the fallback (about a third do).
        #expect(matched > rounds / 4)
        let report = mismatches.prefix(20).joined(separator: "\n")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(rounds) differ:\n\(report)")
    }
}
