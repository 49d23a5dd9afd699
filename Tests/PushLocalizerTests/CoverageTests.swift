import Foundation
import PushLocalizer
import Testing

/// `pushloc coverage`. Sample-catalog numbers are counted by hand from docs/sample-catalog.md
/// and the files: 11 templates; every one has a title and a body except photo_liked (body
/// only), and game_invite adds a subtitle, so 22 fields.
@Suite("Coverage")
struct CoverageTests {
    static let sample: CatalogSource? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        return try? CatalogSource.load(from: root)
    }()

    @Test func sampleCatalog() throws {
        let coverage = TranslationCoverage(source: try #require(Self.sample))
        #expect(coverage.templateCount == 11)
        #expect(coverage.fieldCount == 22)
        #expect(coverage.locales.count == 19)
        // en-GB holds profile_views_weekly.title, game_invite.subtitle and order_milestone.body only.
        let british = try #require(coverage.locales.first { $0.locale == "en-GB" })
        #expect([british.completeTemplates, british.partialTemplates, british.missingTemplates] as [Int] == [0, 3, 8])
        #expect([british.translatedFields, british.missingFields] as [Int] == [3, 19])
        #expect(british.percentText == "13.6%")
        // Every other locale translates everything; message_received's body is only
        // "{message_text}" in every locale, identical to the source on purpose.
        for row in coverage.locales where row.locale != "en-GB" {
            #expect(row.translatedFields == 22 && row.completeTemplates == 11, "\(row.locale)")
            #expect(row.identicalFields == 1, "\(row.locale)")
        }
    }

    @Test func countsTranslatedMissingIdenticalAndEmpty() {
        let location = CatalogFileLocation(file: "Templates/t.yaml", line: 1, column: 1)
        func text(_ value: String) -> SourceText { SourceText(text: value, location: location) }
        let templates = [
            Template(key: "a", messages: [.title: text("Hi"), .body: text("Hello")], location: location),
            Template(key: "b", messages: [.body: text("Bye")], location: location),
            Template(
                key: "c",
                messages: [.title: text("T"), .subtitle: text("S"), .body: text("B")],
                location: location
            ),
        ]
        let file = LocaleFile(
            tag: "fr",
            file: "Locales/fr.yaml",
            translations: [
                "a": Translation(
                    key: "a",
                    messages: [.title: text("Salut"), .body: text("Hello")],
                    location: location
                ),
                // An empty message falls back: it counts as missing.
                "b": Translation(key: "b", messages: [.body: text("")], location: location),
                "c": Translation(key: "c", messages: [.body: text("Bé")], location: location),
                "gone": Translation(key: "gone", messages: [.body: text("x")], location: location),
            ],
            keyOrder: ["a", "b", "c", "gone"]
        )
        let coverage = TranslationCoverage(source: CatalogSource(root: ".", templates: templates, locales: [file]))
        #expect(coverage.fieldCount == 6)
        let row = coverage.locales[0]
        #expect([row.completeTemplates, row.partialTemplates, row.missingTemplates] as [Int] == [1, 1, 1])
        #expect([row.translatedFields, row.missingFields, row.identicalFields] as [Int] == [3, 3, 1])
        #expect(row.percentText == "50.0%")
    }

    @Test(arguments: [(1, 3, "33.3%"), (2, 3, "66.7%"), (0, 5, "0.0%"), (1, 8, "12.5%"), (7, 7, "100.0%")])
    func percentRoundsHalfUp(translated: Int, total: Int, expected: String) {
        let location = CatalogFileLocation(file: "Templates/t.yaml", line: 1, column: 1)
        let templates = (0..<total).map { index in
            Template(key: "k\(index)", messages: [.body: SourceText(text: "x", location: location)], location: location)
        }
        let translations = Dictionary(
            uniqueKeysWithValues: (0..<translated).map { index in
                let message = SourceText(text: "y", location: location)
                return ("k\(index)", Translation(key: "k\(index)", messages: [.body: message], location: location))
            }
        )
        let file = LocaleFile(tag: "de", file: "Locales/de.yaml", translations: translations, keyOrder: [])
        let coverage = TranslationCoverage(source: CatalogSource(root: ".", templates: templates, locales: [file]))
        #expect(coverage.locales[0].percentText == expected)
    }

    @Test func tableIsAligned() throws {
        let table = TranslationCoverage(source: try #require(Self.sample)).table
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "11 templates, 22 fields; source locale en")
        let header = lines[3]
        let rows = lines[4...].filter { !$0.isEmpty }
        #expect(rows.count == 19)
        // Right-aligned numbers: every row ends where the header does.
        #expect(rows.allSatisfy { $0.count == header.count })
        #expect(rows.contains { $0.hasPrefix("en-GB ") && $0.hasSuffix(" 13.6%") })
    }

    @Test func jsonParses() throws {
        let json = TranslationCoverage(source: try #require(Self.sample)).json
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["fields"] as? Int == 22)
        let locales = try #require(object["locales"] as? [[String: Any]])
        let british = try #require(locales.first { $0["locale"] as? String == "en-GB" })
        #expect((british["fields"] as? [String: Any])?["missing"] as? Int == 19)
        #expect((british["coverage"] as? Double).map { abs($0 - 0.136) < 1e-9 } == true)
    }
}
