import Foundation
import PushLocalizer
import PushLocalizerTestSupport
import Testing

/// `pushloc preview --html`: the page's rows, cards, attributes and escaping, laid out by
/// ``FixedAdvanceEstimator`` (every cluster half an em wide, so 300 px at 15 px holds 40).
@Suite("Preview page")
struct PreviewPageTests {
    static let sample: Catalog? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        return try? Catalog.load(from: root)
    }()

    static func page(_ files: [String: String], keys: [String] = [], locales: [String]? = nil) throws -> PreviewPage {
        let catalog = try Catalog(source: try CatalogSource.parse(files: files))
        return try PreviewPageBuilder(catalog: catalog, estimator: FixedAdvanceEstimator()).page(
            keys: keys,
            locales: locales
        )
    }

    @Test func everyPluralBranchOfArabicAndPolishHasItsCards() throws {
        let catalog = try #require(Self.sample)
        let page = try PreviewPageBuilder(catalog: catalog, estimator: FixedAdvanceEstimator()).page(
            keys: ["photo_liked", "profile_views_weekly"],
            locales: ["ar", "pl"]
        )
        func branches(_ key: String, _ locale: String) -> [String] {
            page.rows.filter { $0.key == key && $0.locale == locale && $0.kind == .sample && $0.cards.count == 5 }
                .map(\.variant)
        }
        // CLDR: ar zero one two few many other, pl one few many other; photo_liked has offset:1
        // and =1 (ar's zero, 0 + 1, is taken by =1), profile_views_weekly =0.
        #expect(
            branches("photo_liked", "ar") == [
                "like_count=1 [=1]", "like_count=2 [one]", "like_count=3 [two]", "like_count=4 [few]",
                "like_count=12 [many]", "like_count=101 [other]",
            ]
        )
        #expect(
            branches("photo_liked", "pl") == [
                "like_count=1 [=1]", "like_count=2 [one]", "like_count=3 [few]", "like_count=6 [many]",
                "like_count=1.1 [other]",
            ]
        )
        #expect(
            branches("profile_views_weekly", "ar") == [
                "view_count=0 [=0]", "view_count=1 [one]", "view_count=2 [two]", "view_count=3 [few]",
                "view_count=11 [many]", "view_count=100 [other]",
            ]
        )
        #expect(
            branches("profile_views_weekly", "pl") == [
                "view_count=0 [=0]", "view_count=1 [one]", "view_count=2 [few]", "view_count=5 [many]",
                "view_count=0.1 [other]",
            ]
        )
    }

    @Test func worstCaseRowsFollowTheSamples() throws {
        let catalog = try #require(Self.sample)
        let page = try PreviewPageBuilder(catalog: catalog, estimator: FixedAdvanceEstimator()).page(
            keys: ["started_following"],
            locales: ["en", "ar", "ru"]
        )
        #expect(
            page.rows.map { "\($0.locale) \($0.kind.rawValue)" } == [
                "en sample", "en long-names", "en rtl-name", "ar sample", "ar long-names", "ar ltr-name",
                "ru sample", "ru long-names", "ru rtl-name",
            ]
        )
        // user_name has max-bytes: 120; the long name is cut there (116 bytes and "…").
        let long = try #require(page.rows.first { $0.locale == "ru" && $0.kind == .longNames })
        // The name is 78 bytes (38 Cyrillic letters, 2 spaces), given twice (157 bytes), cut at 120.
        #expect(long.trimmed.count == 1)
        #expect(long.trimmed.first?.hasPrefix("user_name: 157 → ") == true)
        #expect(long.trimmed.first?.hasSuffix(" bytes (max-bytes)") == true)
        let body = try #require(long.cards.first?.texts.first { $0.field == .body })
        #expect(body.text.hasPrefix("Александра Константиновна Преображенская"))
        let rtl = try #require(page.rows.first { $0.locale == "en" && $0.kind == .rightToLeftName })
        #expect(rtl.cards.first?.texts.last?.text == "محمد عبد الله started following you")
    }

    @Test func arabicCardWithALeadingEnglishNameIsRightToLeft() throws {
        let catalog = try #require(Self.sample)
        let page = try PreviewPageBuilder(catalog: catalog, estimator: FixedAdvanceEstimator()).page(
            keys: ["game_invite"],
            locales: ["ar"]
        )
        let row = try #require(page.rows.first { $0.kind == .leftToRightName })
        let body = try #require(row.cards.first?.texts.last)
        #expect(body.text.hasPrefix("\u{2068}Alexander Smith\u{2069} و"))
        #expect(row.cards.allSatisfy { $0.direction == .rightToLeft })
        #expect(page.html().contains("data-surface=\"ios-lock-screen\" dir=\"rtl\" lang=\"ar\""))
    }

    @Test func cardsCarryTheEstimatorsLineCountsAndVerdicts() throws {
        let body = String(repeating: "abcd ", count: 20).trimmingCharacters(in: .whitespaces) + "xyz!!"
        #expect(body.count == 104)
        let page = try Self.page([
            "Templates/a.yaml": "t:\n  title: Hi\n  body: \"\(body)\"\n"
        ])
        let cards = try #require(page.rows.first?.cards)
        #expect(cards.map(\.surface) == DisplaySurface.allCases)
        // 104 clusters: 40 per line at 300 px and 15 px (3 lines), 45 at 340 px (3), 40 at 280 px and 14 px (3).
        #expect(cards.map(\.lineCount) == [3, 3, 3, 3, 3])
        #expect(
            cards.map(\.verdict) == [
                "fits", "body cut after 80 characters on the iOS banner", "fits",
                "body cut after 40 characters on the collapsed Android notification", "fits",
            ]
        )
        let html = page.html()
        #expect(
            html.contains(
                "<div class=\"text body\" data-field=\"body\" dir=\"ltr\" lang=\"en\" data-lines=\"3\" data-max-lines=\"4\" "
                    + "data-characters=\"104\" data-shown-characters=\"104\">"
            )
        )
        #expect(
            html.contains("data-surface=\"ios-banner\" dir=\"ltr\" lang=\"en\" data-lines=\"3\" data-verdict=\"cut\"")
        )
        #expect(html.contains("payload "))
        #expect(html.contains("An estimate."))
    }

    @Test func textIsEscapedAndNoURLReachesTheFile() throws {
        let page = try Self.page([
            "Templates/a.yaml": """
            t:
              args:
                link: { type: string }
              title: "<b>Tom & \\"Jerry\\"</b>"
              body: "See https://example.com/{link} or http://x.test ('quoted')"

            """
        ])
        let html = page.html()
        #expect(html.contains("&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;&#47;b&gt;"))
        #expect(!html.contains("<b>Tom"))
        #expect(html.range(of: #"https?://"#, options: .regularExpression) == nil)
        #expect(html.contains("See https:&#47;&#47;example.com&#47;"))
        #expect(html.contains("(&#39;quoted&#39;)"))
        #expect(html.range(of: #"\b(src|href)="#, options: .regularExpression) == nil)
        #expect(!html.contains("xmlns"))
    }

    @Test func aTitleSelectingOnAnotherArgumentGetsRowsOfItsOwn() throws {
        let page = try Self.page([
            "Templates/a.yaml": """
            t:
              args:
                g: { type: string }
                n: { type: number }
              title: "{g, select, female {She wrote} other {They wrote}}"
              body: "{n, plural, one {# new message} other {# new messages}}"

            """
        ])
        // The body's variants (English: =one 1, other 2), then each title variant on the first row's n.
        #expect(
            page.rows.map(\.variant) == [
                "n=1 [one]", "n=2 [other]", "n=1 [one], g=female [female]", "n=1 [one], g=other [other]",
            ]
        )
        let titles = page.rows.map { $0.cards.first?.texts.first { $0.field == .title }?.text }
        #expect(titles == ["They wrote", "They wrote", "She wrote", "They wrote"])
    }

    @Test func unknownKeyIsAnError() throws {
        #expect(throws: PreviewPageError.self) {
            _ = try Self.page(["Templates/a.yaml": "t:\n  body: x\n"], keys: ["nope"])
        }
    }

    @Test func styleSheetUsesTheSettings() throws {
        let page = try Self.page([
            "Templates/a.yaml": "t:\n  body: x\n",
            "pushloc.yaml":
                "display:\n  fonts:\n    ios: [\"My\\\"Font</style>\"]\n  surfaces:\n    ios-banner: { width: 250.5, body-size: 13 }\n",
        ])
        let html = page.html()
        #expect(html.contains(".s-ios-banner .text { width: 250.5px; font-family: \"MyFont/style\"; }"))
        #expect(
            html.contains(
                ".s-ios-banner .body { font-size: 13px; font-weight: 400; line-height: 17px; -webkit-line-clamp: 2; }"
            )
        )
        #expect(html.contains(".s-android-collapsed .text { width: 280px; font-family: \"Noto Sans\"; }"))
    }
}
