import Foundation
import ICUKit
import PushLocalizer
import Testing

/// `pushloc preview` on the sample catalog. Expected texts are read from `Locales/*.yaml` and
/// `Templates/*.yaml` with the CLDR categories of docs/sample-catalog.md (ICU 72); byte counts
/// are those of the expected texts.
@Suite("Preview")
struct PreviewTests {
    static let sample: CatalogSource? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        return try? CatalogSource.load(from: root)
    }()

    private func field(_ key: String, _ locale: String, _ field: MessageField) throws -> FieldPreview {
        let source = try #require(Self.sample)
        let preview = try PreviewBuilder(source: source).preview(key: key, locales: [locale])
        return try #require(preview.locales.first?.fields.first { $0.field == field })
    }

    @Test func russianPhotoLikedHasOneFewManyAndOther() throws {
        let body = try field("photo_liked", "ru", .body)
        #expect(body.variants.map { $0.choices.map(\.selector) } == [["=1"], ["one"], ["few"], ["many"], ["other"]])
        #expect(body.variants.map { $0.choices.map(\.matchedCase) } == [["=1"], ["one"], ["few"], ["many"], ["other"]])
        // offset:1: the category is chosen on like_count − 1, so the value shown is the sample + 1.
        let rules = try ICUPluralRules(locale: "ru", type: .cardinal)
        for variant in body.variants.dropFirst() {
            let choice = try #require(variant.choices.first)
            let value = try #require(Double(choice.value))
            #expect(rules.category(of: value - 1, formattedBy: nil).rawValue == choice.selector)
        }
        let few = try #require(body.variants.first { $0.choices.first?.selector == "few" })
        let count = try #require(Int(few.choices[0].value))
        let expected = "Alex и ещё \(count - 1) человека оценили ваше фото"
        #expect(few.text == expected)
        #expect(few.byteCount == expected.utf8.count)
        let single = body.variants[0]
        #expect(single.text == "Пользователю Alex понравилось ваше фото")
        #expect(single.byteCount == "Пользователю Alex понравилось ваше фото".utf8.count)
    }

    @Test func arabicZeroIsShadowedByTheExactCaseAndNamesAreIsolated() throws {
        let body = try field("photo_liked", "ar", .body)
        let selectors = body.variants.map { $0.choices.map(\.selector) }
        #expect(selectors == [["=1"], ["one"], ["two"], ["few"], ["many"], ["other"]])
        #expect(body.unreachableCases == ["like_count, plural: zero, shadowed by an =N case"])
        // bidi-isolation: auto wraps string arguments in FSI…PDI in right-to-left locales (SPEC §3).
        let expected = "نالت صورتك إعجاب \u{2068}Alex\u{2069}"
        #expect(body.variants[0].text == expected)
        #expect(body.variants[0].byteCount == expected.utf8.count)
    }

    @Test func englishOrdinalsUseTheirFourCategories() throws {
        let body = try field("order_milestone", "en", .body)
        #expect(body.variants.map { $0.choices.map(\.selector) } == [["one"], ["two"], ["few"], ["other"]])
        let suffixes = ["one": "st", "two": "nd", "few": "rd", "other": "th"]
        for variant in body.variants {
            let choice = try #require(variant.choices.first)
            let suffix = try #require(suffixes[choice.selector])
            let expected = "Thanks for your \(choice.value)\(suffix) order! Here are some favorites picked for you."
            #expect(variant.text == expected)
        }
    }

    @Test func germanOrdinalsHaveOnlyOther() throws {
        let body = try field("order_milestone", "de", .body)
        #expect(body.variants.map { $0.choices.map(\.selector) } == [["other"]])
    }

    @Test func selectShowsEveryKeywordAndOther() throws {
        let body = try field("story_mention", "ru", .body)
        #expect(body.variants.map { $0.choices.map(\.value) } == [["female"], ["male"], ["other"]])
        #expect(
            body.variants.map(\.text) == [
                "Alex упомянула вас в своей истории", "Alex упомянул вас в своей истории",
                "Вас упомянули в истории пользователя Alex",
            ]
        )
    }

    @Test func datesUseTheExampleInstantInUTC() throws {
        let body = try field("event_reminder", "de", .body)
        // docs/sample-catalog.md: 2026-11-22T10:00:00Z is "Sonntag, 22. November", 10:00 in UTC.
        #expect(body.variants.map(\.text) == ["Beginnt am Sonntag, 22. November um 10:00"])
        #expect(ExampleArguments.exampleInstant == ISO8601Instant.epochMilliseconds("2026-11-22T10:00:00Z"))
    }

    @Test func untranslatedFieldsNameTheirFallback() throws {
        let source = try #require(Self.sample)
        let preview = try PreviewBuilder(source: source).preview(key: "profile_views_weekly", locales: ["en-GB"])
        let fields = try #require(preview.locales.first?.fields)
        #expect(fields.map(\.field) == [.title, .body])
        #expect(fields[0].fallback == nil)
        #expect(fields[0].variants.map(\.text) == ["Your weekly round-up"])
        #expect(fields[1].fallback == "en")
    }

    @Test func defaultLocalesAreTheSourceThenEveryLocaleFile() throws {
        let source = try #require(Self.sample)
        let preview = try PreviewBuilder(source: source).preview(key: "photo_liked")
        #expect(preview.locales.first?.locale == "en")
        #expect(preview.locales.first?.isSource == true)
        #expect(preview.locales.count == 1 + source.locales.count)
    }

    @Test func unknownKeyAndLocaleAreErrors() throws {
        let source = try #require(Self.sample)
        let builder = PreviewBuilder(source: source)
        #expect(throws: PreviewError.unknownKey("nope")) { try builder.preview(key: "nope") }
        #expect(throws: PreviewError.self) { try builder.preview(key: "photo_liked", locales: ["xx"]) }
    }

    @Test func examplesFollowDeclaredTypesAndNames() throws {
        let source = try #require(Self.sample)
        let game = try #require(source.templates.first { $0.key == "game_invite" })
        let examples = ExampleArguments(for: game)
        #expect(examples.values["inviter_1"] == .string("Alex"))
        #expect(examples.values["inviter_2"] == .string("Sam"))
        #expect(examples.values["game_name"] == .string("Sample game"))
        #expect(examples.values["lobby_id"] == .string("1234"))
    }

    @Test func combinationsAreCappedAndMarked() throws {
        let keywords = (0..<10).map { "k\($0) {\($0)}" }.joined(separator: " ")
        let pattern = ["a", "b", "c"].map { "{\($0), select, \(keywords) other {x}}" }.joined()
        let location = CatalogFileLocation(file: "Templates/t.yaml", line: 1, column: 1)
        let template = Template(
            key: "t",
            messages: [.body: SourceText(text: pattern, location: location)],
            location: location
        )
        let preview = try PreviewBuilder(source: CatalogSource(root: ".", templates: [template])).preview(key: "t")
        let body = try #require(preview.locales.first?.fields.first)
        // 11 choices for each of three selects: 1331 combinations, cut at the limit.
        #expect(body.variants.count == PreviewBuilder.variantLimit)
        #expect(body.isTruncated)
        #expect(body.variants.first?.text == "000")
    }

    @Test func jsonParses() throws {
        let source = try #require(Self.sample)
        let preview = try PreviewBuilder(source: source).preview(key: "photo_liked", locales: ["ru"])
        let object = try JSONSerialization.jsonObject(with: Data(preview.json.utf8)) as? [String: Any]
        let locales = try #require(object?["locales"] as? [[String: Any]])
        let fields = try #require(locales.first?["fields"] as? [[String: Any]])
        let variants = try #require(fields.first?["variants"] as? [[String: Any]])
        #expect(variants.count == 5)
        #expect(variants.allSatisfy { ($0["bytes"] as? Int ?? 0) > 0 })
    }
}
