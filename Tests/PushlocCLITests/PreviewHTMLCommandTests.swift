import Foundation
import Testing

/// `pushloc preview --html FILE [KEY...]`: the page the real estimator lays out, read as text.
/// Line counts depend on the fonts installed and are checked in a browser by
/// Scripts/check_preview_page.py; here the page's structure is.
@Suite("pushloc preview --html")
struct PreviewHTMLCommandTests {
    static func page(_ arguments: [String]) throws -> (result: CommandResult, html: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pushloc-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CommandRunner.run(["preview", "--html", file.path] + arguments)
        let html = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return (result, html)
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func arabicPhotoLikedHasEveryBranchAndTheWorstCases() throws {
        let (result, html) = try Self.page(["photo_liked", "--locale", "ar"])
        #expect(result.exitCode == 0)
        #expect(result.outputText.isEmpty)
        #expect(result.errorText.isEmpty)
        // =1, one, two, few, many, other (zero is taken by =1 through offset:1), long names, an English name.
        #expect(Self.count("<div class=\"row\"", in: html) == 8)
        #expect(Self.count("class=\"card ", in: html) == 40)
        for variant in [
            "like_count=1 [=1]", "like_count=2 [one]", "like_count=3 [two]", "like_count=4 [few]",
            "like_count=12 [many]", "like_count=101 [other]",
        ] {
            #expect(html.contains("data-locale=\"ar\" data-kind=\"sample\" data-variant=\"\(variant)\""), "\(variant)")
        }
        #expect(html.contains("data-kind=\"long-names\""))
        #expect(html.contains("data-kind=\"ltr-name\""))
        #expect(html.range(of: #"https?://"#, options: .regularExpression) == nil)
        #expect(html.contains("An estimate."))
        #expect(html.contains("data-measured-lines=\"") == false, "measured only by the browser")
        #expect(html.contains("<script>"))
    }

    @Test func arabicCardWithALeadingEnglishNameIsRightToLeft() throws {
        let (result, html) = try Self.page(["game_invite", "--locale", "ar"])
        #expect(result.exitCode == 0)
        let row = try #require(
            html.components(separatedBy: "<div class=\"row\"").first { $0.contains("data-kind=\"ltr-name\"") }
        )
        #expect(row.contains("\u{2068}Alexander Smith\u{2069} و"))
        #expect(row.matches(of: #/data-surface="[a-z-]+" dir="rtl"/#).count == 5)
    }

    @Test func everyTemplateWhenNoKeyIsGiven() throws {
        let (result, html) = try Self.page(["--locale", "en"])
        #expect(result.exitCode == 0)
        // The sample catalog's 11 templates.
        #expect(Self.count("<section class=\"template\"", in: html) == 11)
    }
}
