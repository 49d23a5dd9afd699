import Foundation
import MessageFormat
import Testing

@testable import PushLocalizer

/// Answers that used to be silent or misleading: YAML errors without a hint, a broken locale file
/// stopping every language, a number out of range called "a number", a tag that matched nothing.
@Suite struct SilentAnswerTests {
    // MARK: YAML hints

    @Test(arguments: [
        (
            "t:\n  body: {name} started following you\n",
            "Templates/a.yaml:2:16: error: invalid YAML: did not find expected key (while parsing a block mapping at 2:3); "
                + "hint: a value that starts with '{' (at 2:9) is read as a YAML map; put the whole message in quotes: \"{name} …\""
        ),
        (
            "t:\n\tbody: x\n",
            "Templates/a.yaml:2:1: error: invalid YAML: found character that cannot start any token (while scanning for "
                + "the next token at 2:1); hint: YAML indents with spaces only: replace the tab at 2:1 with spaces"
        ),
        (
            "t:\n  body: \"oops\n  title: x\n",
            "Templates/a.yaml:2:9: error: invalid YAML: the \" opened here is never closed (the file ends inside the "
                + "quoted text); hint: close it at the end of the value; inside '…' write an apostrophe as '', inside \"…\" write \\\""
        ),
    ])
    func yamlSyntaxErrorsCarryAHint(yaml: String, expected: String) {
        #expect(catalogErrors(["Templates/a.yaml": yaml]) == [expected])
    }

    // MARK: Broken locale files

    private static let files = [
        "Templates/a.yaml":
            "t:\n  body: \"{n, plural, one {# item} other {# items}}\"\n  args:\n    n: { type: number }\n",
        "Locales/de.yaml": "t:\n  body: \"{n, plural, one {# Ding} other {# Dinge}}\"\n",
    ]

    @Test(arguments: [
        "t:\n  body: \"kaputt\n",  // YAML syntax
        "t:\n  body: \"{n, plural, one {# chose}}\"\n",  // a message that does not compile
    ])
    func brokenLocaleFileFailsTheLoadOrIsLeftOut(frenchFile: String) throws {
        var files = Self.files
        files["Locales/fr.yaml"] = frenchFile
        let catalog = try TemporaryCatalog(files)
        defer { catalog.remove() }
        let failure = #expect(throws: CatalogLoadError.self) { try Catalog.load(from: catalog.root) }
        #expect(failure?.errors.allSatisfy { $0.location?.file == "Locales/fr.yaml" } == true)

        let loaded = try Catalog.load(from: catalog.root, options: CatalogLoadOptions(brokenLocales: .leaveOut))
        #expect(loaded.source.brokenLocales.map(\.tag) == ["fr"])
        #expect(loaded.source.brokenLocales.first?.errors == failure?.errors)
        #expect(loaded.source.locales.map(\.tag) == ["de"])
        let german = try loaded.render(RenderRequest(key: "t", locales: ["de"], arguments: ["n": .number("2")]))
        #expect(german.payloadText.contains("2 Dinge"))
        let french = try loaded.render(RenderRequest(key: "t", locales: ["fr-FR"], arguments: ["n": .number("2")]))
        #expect(french.payloadText.contains("2 items"))
        #expect(french.report.negotiation == [LocaleMatch(requested: "fr-FR", matched: nil)])
    }

    @Test func brokenTemplateStillFailsTheLoadWhenLocalesAreLeftOut() throws {
        var files = Self.files
        files["Templates/b.yaml"] = "u:\n  body: \"{oops\"\n"
        files["Locales/fr.yaml"] = "t:\n  body: \"kaputt\n"
        let catalog = try TemporaryCatalog(files)
        defer { catalog.remove() }
        let failure = #expect(throws: CatalogLoadError.self) {
            try Catalog.load(from: catalog.root, options: CatalogLoadOptions(brokenLocales: .leaveOut))
        }
        #expect(Set(failure?.errors.compactMap(\.location?.file) ?? []) == ["Locales/fr.yaml", "Templates/b.yaml"])
    }

    // MARK: Numbers out of range

    @Test func numberBeyondDoubleIsSaidToBeOutOfRange() throws {
        let catalog = try Catalog(source: CatalogSource.parse(files: Self.files))
        let error = #expect(throws: RenderError.self) {
            try catalog.render(RenderRequest(key: "t", locales: ["en"], arguments: ["n": .number("1e400")]))
        }
        #expect(error?.code == RenderError.Code.argumentType)
        #expect(error?.message.hasPrefix("argument 'n' is 1e400, a number out of range") == true)
    }

    @Test(arguments: [ArgumentValue.double(.infinity), .double(-.infinity), .decimal("-1e400")])
    func preparedNumberBeyondDoubleIsSaidToBeOutOfRange(value: ArgumentValue) throws {
        let catalog = try Catalog(source: CatalogSource.parse(files: Self.files))
        let prepared = try catalog.prepare("t")
        var payload: [UInt8] = []
        let error = #expect(throws: RenderError.self) {
            try prepared.render([value], locales: ["en"], into: &payload)
        }
        #expect(error?.code == RenderError.Code.argumentType)
        #expect(error?.message.contains("a number out of range") == true, "\(error?.message ?? "")")
    }

    // MARK: Negotiation outcome

    @Test func tagsThatMatchNothingAreReported() throws {
        let catalog = try Catalog(source: CatalogSource.parse(files: Self.files))
        let rendered = try catalog.render(
            RenderRequest(
                key: "t",
                locales: ["xx-garbage", "sr-Latn", "", "de-AT"],
                arguments: ["n": .number("1")]
            )
        )
        #expect(rendered.locale == "de")
        #expect(
            rendered.report.negotiation == [
                LocaleMatch(requested: "xx-garbage", matched: nil),
                LocaleMatch(requested: "sr-Latn", matched: nil),
                LocaleMatch(requested: "", matched: nil),
                LocaleMatch(requested: "de-AT", matched: "de"),
            ]
        )
        let json = String(decoding: rendered.report.json, as: UTF8.self)
        #expect(
            json.hasSuffix(
                ",\"negotiation\":[{\"requested\":\"xx-garbage\",\"matched\":null},{\"requested\":\"sr-Latn\",\"matched\":null},"
                    + "{\"requested\":\"\",\"matched\":null},{\"requested\":\"de-AT\",\"matched\":\"de\"}]}"
            )
        )
        let explanation = rendered.report.explanation.split(separator: "\n").map(String.init)
        #expect(explanation.contains("requested locale 'xx-garbage': matched nothing in the catalog"))
        #expect(explanation.contains("requested locale 'de-AT': matched de"))
    }

    /// A tag's match is the first link of its own chain, or the chain is the source locale alone.
    @Test func eachMatchAgreesWithTheTagsOwnChain() throws {
        let catalog = try Catalog.load(from: Self.repositoryRoot)
        let negotiator = catalog.negotiator
        let tags = [
            "pl-PL", "pt", "pt-AO", "zh-TW", "zh", "sr-Latn", "en-AU", "es-MX", "iw", "no", "x-pseudo",
            "und", "*", "", "en;q=0.8", " de ", "xx-garbage", "fr_CA", "ja-JP-u-ca-japanese",
        ]
        for (tag, match) in zip(tags, negotiator.matches(for: tags)) {
            let chain = negotiator.chain(for: [tag])
            if let matched = match.matched {
                #expect(chain.first == matched, "\(tag)")
            } else {
                #expect(chain == [catalog.settings.sourceLocale], "\(tag)")
            }
        }
    }

    private static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test func renderGoesOnInTheSourceLocaleWhenNothingMatches() throws {
        let catalog = try Catalog(source: CatalogSource.parse(files: Self.files))
        let rendered = try catalog.render(
            RenderRequest(key: "t", locales: ["xx-garbage"], arguments: ["n": .number("1")])
        )
        #expect(rendered.locale == "en")
        #expect(rendered.report.negotiation == [LocaleMatch(requested: "xx-garbage", matched: nil)])
    }
}
