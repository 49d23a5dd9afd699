import Foundation
import PushLocalizer
import Testing

/// What a newcomer reaches for first: `--version`, a hint for a mistyped command, the list of
/// missing translations, and a preview with values of their own in the locale their users have.
@Suite("pushloc for newcomers")
struct NewcomerCommandTests {
    @Test("--version prints the library's version and exits 0")
    func version() throws {
        let result = try CommandRunner.run(["--version"])
        #expect(result.exitCode == 0)
        #expect(result.outputText == PushLocalizerVersion.current + "\n")
        #expect(PushLocalizerVersion.current.contains(#/^[0-9]+\.[0-9]+\.[0-9]+$/#))
        #expect(result.errorText.isEmpty)
    }

    @Test(
        "a mistyped command names the one probably meant",
        arguments: [("rendr", "render"), ("lnit", "lint"), ("covrage", "coverage"), ("Preview", "preview")]
    )
    func didYouMean(typed: String, meant: String) throws {
        let result = try CommandRunner.run([typed, "x"])
        #expect(result.exitCode == 2)
        let first = result.errorText.split(separator: "\n").first.map(String.init)
        #expect(first == "error: unknown command '\(typed)'; did you mean '\(meant)'?")
        #expect(result.outputText.isEmpty)
    }

    @Test("a word close to no command lists the commands instead")
    func unknownCommandListsCommands() throws {
        let result = try CommandRunner.run(["translate"])
        #expect(result.exitCode == 2)
        let first = result.errorText.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("error: unknown command 'translate' (commands: "))
        for command in ["format", "render", "batch", "lint", "preview", "coverage"] {
            #expect(first.contains(command), "\(command) is not listed: \(first)")
        }
        #expect(!first.contains("did you mean"))
    }

    // MARK: coverage --missing

    /// `alpha` has a title and a body, `beta` a body only; `de` translates alpha's title only,
    /// `fr` everything.
    private static func coverageCatalog() throws -> URL {
        try NewcomerCatalog.make([
            "Templates/t.yaml": """
            alpha:
              args:
                name: { type: string }
              title: Hello
              body: "Hi {name}"
            beta:
              body: Bye
            """,
            "Locales/de.yaml": "alpha:\n  title: Hallo\n",
            "Locales/fr.yaml": "alpha:\n  title: Bonjour\n  body: \"Salut {name}\"\nbeta:\n  body: Au revoir\n",
        ])
    }

    @Test("coverage --missing lists each locale's untranslated templates and fields")
    func coverageMissingText() throws {
        let catalog = try Self.coverageCatalog()
        defer { try? FileManager.default.removeItem(at: catalog) }
        let result = try CommandRunner.run(["coverage", "--missing", "--catalog", catalog.path])
        #expect(result.exitCode == 0, "\(result.errorText)")
        let text = result.outputText
        let listing = try #require(text.range(of: "missing translations\n"), "no listing in:\n\(text)")
        #expect(
            text[listing.upperBound...] == "\nde: 2 templates, 2 fields\n  alpha: body\n  beta: body\n",
            "listing:\n\(text[listing.lowerBound...])"
        )
        // Without --missing, the table alone, as before.
        let plain = try CommandRunner.run(["coverage", "--catalog", catalog.path])
        #expect(!plain.outputText.contains("missing translations"))
        #expect(text.hasPrefix(plain.outputText))
    }

    @Test("coverage --missing --format json gives each locale a missing list")
    func coverageMissingJSON() throws {
        let catalog = try Self.coverageCatalog()
        defer { try? FileManager.default.removeItem(at: catalog) }
        let result = try CommandRunner.run(["coverage", "--missing", "--format", "json", "--catalog", catalog.path])
        #expect(result.exitCode == 0, "\(result.errorText)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any])
        let locales = try #require(json["locales"] as? [[String: Any]])
        let missing = Dictionary(
            uniqueKeysWithValues: locales.map { ($0["locale"] as? String ?? "?", $0["missing"] as? [[String: Any]]) }
        )
        let german = try #require(missing["de"] ?? nil)
        #expect(german.map { $0["key"] as? String } == ["alpha", "beta"])
        #expect(german.map { $0["fields"] as? [String] } == [["body"], ["body"]])
        #expect((missing["fr"] ?? nil)?.isEmpty == true)
    }

    // MARK: preview

    /// The preview's JSON, its first locale and that locale's body field.
    private static func previewBody(_ arguments: [String]) throws -> (locale: [String: Any], body: [String: Any]) {
        let result = try CommandRunner.run(["preview", "photo_liked", "--format", "json"] + arguments)
        try #require(result.exitCode == 0, "exit \(result.exitCode): \(result.errorText)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any])
        let locale = try #require((json["locales"] as? [[String: Any]])?.first)
        let fields = try #require(locale["fields"] as? [[String: Any]])
        let body = try #require(fields.first { $0["field"] as? String == "body" })
        return (locale, body)
    }

    @Test("preview --arg gives arguments the user's values; a given plural argument is not varied")
    func previewArg() throws {
        let (_, body) = try Self.previewBody([
            "--locale", "en", "--arg", "liker_name=Zofia", "--arg", "like_count=3",
        ])
        let variants = try #require(body["variants"] as? [[String: Any]])
        #expect(variants.count == 1)
        // offset:1 — with 3 likes, # is the 2 other people (Templates/social.yaml).
        #expect(variants.first?["text"] as? String == "Zofia and 2 others liked your photo")
        #expect((variants.first?["choices"] as? [Any])?.isEmpty == true)
    }

    @Test("preview --json-args takes typed values")
    func previewJSONArgs() throws {
        let (_, body) = try Self.previewBody([
            "--locale", "en", "--json-args", #"{"liker_name": "Ann", "like_count": 2}"#,
        ])
        let variants = try #require(body["variants"] as? [[String: Any]])
        #expect(variants.map { $0["text"] as? String } == ["Ann and 1 other person liked your photo"])
    }

    @Test("without values the plural argument is still varied")
    func previewVariesByDefault() throws {
        let (_, body) = try Self.previewBody(["--locale", "en"])
        let variants = try #require(body["variants"] as? [[String: Any]])
        #expect(variants.count > 1)
    }

    @Test(
        "preview --arg with an undeclared name or a wrong type fails, saying which",
        arguments: [
            (["--arg", "colour=red"], "[unknown-argument]", "colour"),
            (["--arg", "like_count=many"], "[argument-type]", "like_count"),
            (["--json-args", #"{"like_count": [1]}"#], "[argument-type]", "like_count"),
        ]
    )
    func previewBadArgument(arguments: [String], code: String, name: String) throws {
        let result = try CommandRunner.run(["preview", "photo_liked", "--locale", "en"] + arguments)
        #expect(result.exitCode == 1)
        #expect(result.errorText.hasPrefix("error: \(code) "), "\(result.errorText)")
        #expect(result.errorText.contains("'\(name)'"))
        #expect(result.outputText.isEmpty)
    }

    @Test(
        "preview --locale negotiates a tag the catalog does not spell as render does",
        arguments: [("de-AT", "de"), ("es-MX", "es-419"), ("zh-TW", "zh-Hant"), ("en-US", "en"), ("pt_BR", "pt-BR")]
    )
    func previewNegotiates(asked: String, shown: String) throws {
        let (locale, _) = try Self.previewBody(["--locale", asked])
        #expect(locale["locale"] as? String == shown)
        // pt_BR names pt-BR exactly (any case, _ or -): nothing was negotiated.
        let expectedRequest: String? = asked == "pt_BR" ? nil : asked
        #expect(locale["requested"] as? String == expectedRequest)
        // The same tag through render lands on the same locale.
        let render = try CommandRunner.run([
            "render", "photo_liked", "--locale", asked, "--explain",
            "--arg", "liker_name=A", "--arg", "like_count=2", "--arg", "photo_id=p",
        ])
        #expect(render.exitCode == 0, "\(render.errorText)")
        #expect(render.errorText.split(separator: "\n").contains("body: locale \(shown)"), "\(render.errorText)")
    }

    @Test("the text preview says which tag a negotiated locale was asked for")
    func previewTextNamesRequest() throws {
        let result = try CommandRunner.run(["preview", "photo_liked", "--locale", "de-AT"])
        #expect(result.exitCode == 0, "\(result.errorText)")
        #expect(result.outputText.split(separator: "\n").contains("de (for de-AT)"))
    }

    @Test("preview --locale without a tag is refused, not read as every locale", arguments: ["", " , "])
    func previewEmptyLocale(tag: String) throws {
        let result = try CommandRunner.run(["preview", "photo_liked", "--locale", tag])
        #expect(result.exitCode == 2)
        #expect(result.errorText.hasPrefix("error: --locale needs a locale tag"), "\(result.errorText)")
        #expect(result.outputText.isEmpty)
    }

    @Test("preview --locale with a tag that matches nothing is refused", arguments: ["xx-garbage", "sr-Latn", "!!"])
    func previewMatchesNothing(tag: String) throws {
        let result = try CommandRunner.run(["preview", "photo_liked", "--locale", tag])
        #expect(result.exitCode == 2)
        #expect(result.errorText.hasPrefix("error: locale '\(tag)' matches none of the catalog's locales"))
    }
}

/// A catalog written to a fresh temporary directory.
private enum NewcomerCatalog {
    /// Writes `files` (path relative to the catalog root → text) and returns the root.
    static func make(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("pushloc-catalog-\(UUID().uuidString)", isDirectory: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: url)
        }
        return root
    }
}
