import PushLocalizer
import PushLocalizerTestSupport
import Testing

/// `display-truncation`, with ``FixedAdvanceEstimator``: at the default lock screen (300 px, 15 px)
/// a line holds 40 clusters, so a body of more than 160 clusters is cut (4 lines shown) and a
/// title of more than 40.
@Suite("Lint: display-truncation")
struct LintDisplayTruncationTests {
    static let on = "lint:\n  rules:\n    display-truncation: warning\n"
    static let shortBody = String(repeating: "a", count: 100)
    static let longBody = String(repeating: "b", count: 170)

    static func lint(_ files: [String: String]) throws -> LintReport {
        Linter(source: try CatalogSource.parse(files: files), estimator: FixedAdvanceEstimator()).lint()
    }

    static func catalog(source: String, translation: String, settings: String?) -> [String: String] {
        var files = [
            "Templates/t.yaml": "t:\n  title: Hi\n  body: \"\(source)\"\n",
            "Locales/de.yaml": "t:\n  title: Hallo\n  body: \"\(translation)\"\n",
        ]
        if let settings { files["pushloc.yaml"] = settings }
        return files
    }

    @Test func firesAtTheTranslationWhenOnlyItIsCut() throws {
        let report = try Self.lint(Self.catalog(source: Self.shortBody, translation: Self.longBody, settings: Self.on))
        #expect(report.diagnostics.count == 1)
        let diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.rule == .displayTruncation)
        #expect(diagnostic.severity == .warning)
        #expect("\(diagnostic.location)" == "Locales/de.yaml:3:9")
        #expect(diagnostic.locale == "de")
        #expect(diagnostic.key == "t")
        #expect(
            diagnostic.message
                == "body is cut on the iOS lock screen after 160 of 170 characters (5 lines, 4 shown; estimated), "
                + "where the en text fits in 3"
        )
    }

    @Test func offByDefault() throws {
        let report = try Self.lint(Self.catalog(source: Self.shortBody, translation: Self.longBody, settings: nil))
        #expect(report.diagnostics.isEmpty)
        #expect(LintRule.displayTruncation.isOffByDefault)
        let off = try Self.lint(
            Self.catalog(
                source: Self.shortBody,
                translation: Self.longBody,
                settings: "lint:\n  rules:\n    display-truncation: off\n"
            )
        )
        #expect(off.diagnostics.isEmpty)
    }

    @Test func silentWhenTheSourceIsCutToo() throws {
        let report = try Self.lint(
            Self.catalog(source: Self.longBody, translation: Self.longBody + "c", settings: Self.on)
        )
        #expect(report.diagnostics.isEmpty)
    }

    @Test func silentWithoutAnEstimator() throws {
        let files = Self.catalog(source: Self.shortBody, translation: Self.longBody, settings: Self.on)
        #expect(Linter(source: try CatalogSource.parse(files: files)).lint().diagnostics.isEmpty)
    }

    @Test func followsTheDisplaySettingsAndTheVariants() throws {
        // body-lines 1: the English "one" text (33 clusters) fits in a line of 40, the German one (47) does not.
        let settings = Self.on + "display:\n  surfaces:\n    ios-lock-screen: { body-lines: 1 }\n"
        let files = [
            "pushloc.yaml": settings,
            "Templates/t.yaml":
                "t:\n  args:\n    n: { type: number }\n  body: \"{n, plural, one {# item is waiting for you today!!} other {# items}}\"\n",
            "Locales/de.yaml":
                "t:\n  body: \"{n, plural, one {# Artikel wartet heute auf dich, schau doch mal} other {# Artikel}}\"\n",
        ]
        let report = try Self.lint(files)
        #expect(
            report.diagnostics.map { "\($0.location): \($0.message)" } == [
                "Locales/de.yaml:2:9: body is cut on the iOS lock screen after 40 of 47 characters (2 lines, 1 shown; "
                    + "estimated), where the en text fits in 1 (n=1)"
            ]
        )
    }
}
