import AppleFormats
import Foundation
import PushLocalizer
import Testing

/// `pushloc export android`: the escaping of `<string>` text, resource and folder names, and whole
/// files, against expected values written by hand from Android's documented rules.
@Suite struct AndroidExportTests {
    struct EscapeCase: Sendable, CustomTestStringConvertible {
        let name: String
        let pieces: [LocKeyPiece]
        let formatted: Bool
        let expected: String
        var testDescription: String { name }
    }

    static let escapeCases: [EscapeCase] = [
        EscapeCase(
            name: "apostrophe",
            pieces: [.text("It’s Zoë's turn")],
            formatted: false,
            expected: #"It’s Zoë\'s turn"#
        ),
        EscapeCase(name: "double quotes", pieces: [.text(#"Say "hi""#)], formatted: false, expected: #"Say \"hi\""#),
        EscapeCase(name: "backslash", pieces: [.text(#"C:\dir"#)], formatted: false, expected: #"C:\\dir"#),
        EscapeCase(name: "leading @", pieces: [.text("@home")], formatted: false, expected: #"\@home"#),
        EscapeCase(name: "leading ?", pieces: [.text("?why")], formatted: false, expected: #"\?why"#),
        EscapeCase(name: "@ and ? later", pieces: [.text("a@b? c")], formatted: false, expected: "a@b? c"),
        EscapeCase(
            name: "@ after a leading placeholder",
            pieces: [.argument(position: 1), .text(" @ work")],
            formatted: true,
            expected: "%1$s @ work"
        ),
        EscapeCase(name: "% without arguments", pieces: [.text("100% sure")], formatted: false, expected: "100% sure"),
        EscapeCase(
            name: "% with arguments",
            pieces: [.text("50% off for "), .argument(position: 1)],
            formatted: true,
            expected: "50%% off for %1$s"
        ),
        EscapeCase(
            name: "% in a translation without placeholders of a string with arguments",
            pieces: [.text("Rabatt 50 %")],
            formatted: true,
            expected: "Rabatt 50 %%"
        ),
        EscapeCase(
            name: "line break",
            pieces: [.text("Line 1\nLine 2")],
            formatted: false,
            expected: #"Line 1\nLine 2"#
        ),
        EscapeCase(name: "tab", pieces: [.text("a\tb")], formatted: false, expected: #"a\tb"#),
        EscapeCase(name: "trailing line break", pieces: [.text("Done\n")], formatted: false, expected: #""Done\n""#),
        EscapeCase(
            name: "leading and trailing spaces",
            pieces: [.text("  padded ")],
            formatted: false,
            expected: #""  padded ""#
        ),
        EscapeCase(name: "double space", pieces: [.text("a  b")], formatted: false, expected: #""a  b""#),
        EscapeCase(name: "single spaces", pieces: [.text("a b c")], formatted: false, expected: "a b c"),
        EscapeCase(
            name: "space before a placeholder at the end",
            pieces: [.text("from "), .argument(position: 1)],
            formatted: true,
            expected: "from %1$s"
        ),
        EscapeCase(
            name: "trailing space after a placeholder",
            pieces: [.argument(position: 1), .text(" ")],
            formatted: true,
            expected: #""%1$s ""#
        ),
        EscapeCase(name: "no-break space", pieces: [.text("10\u{A0}km")], formatted: false, expected: "\"10\u{A0}km\""),
        EscapeCase(
            name: "markup characters",
            pieces: [.text("<b>Tom & Jerry</b>")],
            formatted: false,
            expected: "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;"
        ),
        EscapeCase(name: "control character", pieces: [.text("bell\u{7}")], formatted: false, expected: #"bell\u0007"#),
        EscapeCase(name: "emoji", pieces: [.text("🎉 Party 👩‍👩‍👧 🇵🇱")], formatted: false, expected: "🎉 Party 👩‍👩‍👧 🇵🇱"),
        EscapeCase(
            name: "right-to-left text",
            pieces: [.text("بدأ "), .argument(position: 1), .text(" بمتابعتك")],
            formatted: true,
            expected: "بدأ %1$s بمتابعتك"
        ),
        EscapeCase(
            name: "reordered arguments",
            pieces: [.argument(position: 2), .text(" a invité "), .argument(position: 1)],
            formatted: true,
            expected: "%2$s a invité %1$s"
        ),
        EscapeCase(name: "empty", pieces: [], formatted: false, expected: ""),
    ]

    @Test(arguments: escapeCases)
    func escaping(_ example: EscapeCase) {
        #expect(AndroidStringText.content(example.pieces, formatted: example.formatted) == example.expected)
    }

    @Test(arguments: [
        ("en", "values"),
        ("es-419", "values-b+es+419"),
        ("zh-Hant", "values-b+zh+Hant"),
        ("pt-BR", "values-b+pt+BR"),
        ("en-GB", "values-b+en+GB"),
        ("sr-Latn-RS", "values-b+sr+Latn+RS"),
        ("ca-ES-valencia", "values-b+ca+ES+valencia"),
        ("de-CH-1901", "values-b+de+CH+1901"),
    ])
    func folderNames(locale: String, folder: String) {
        #expect(AndroidResourceFolder.name(locale: locale, sourceLocale: "en") == folder)
    }

    @Test(arguments: ["pt_br", "en-u-ca-gregory", "x-private", "english", "de-1901-1996", ""])
    func tagsWithoutAFolder(locale: String) {
        #expect(AndroidResourceFolder.name(locale: locale, sourceLocale: "en") == nil)
    }

    @Test(arguments: [
        ("STARTED_FOLLOWING_TITLE", "STARTED_FOLLOWING_TITLE"),
        ("game.invite-body", "game_invite_body"),
        ("2fa code", "_2fa_code"),
        ("café", "caf_"),
    ])
    func resourceNamesFromLocKeys(key: String, name: String) {
        var template = Self.template(key: "t")
        template.locKeys[.body] = key
        #expect(template.androidStringName(.body) == name)
    }

    @Test func resourceNameWithoutLocKeys() {
        #expect(Self.template(key: "order.shipped").androidStringName(.title) == "order_shipped_title")
    }

    @Test func wholeFiles() throws {
        let folder = try Self.catalog(
            templates: """
                greet:
                  description: "Says -- hello-"
                  args:
                    who: { type: string }
                    what: { type: string }
                  title: "It''s '{'{who}'}' at 100%"
                  body: "{who} sent {what}"
                  loc-keys:
                    title: greet.title
                    body: GREET_BODY
                sale:
                  title: "50% off"
                  loc-keys:
                    title: SALE

                """,
            locales: [
                "fr": "greet:\n  body: \"{what} envoyé par {who} à 100 %\"\nsale:\n  title: \"  -50 %  \"\n",
                "zh-Hant": "sale:\n  title: \"半價\"\n",
            ]
        )
        let source = try CatalogSource.load(from: folder)
        let strings = LocKeyStrings(catalog: source)
        #expect(strings.errors.isEmpty)
        let files = try AndroidStringsExport.files(strings, catalog: source)
        #expect(files.map(\.path) == ["values/strings.xml", "values-b+fr/strings.xml", "values-b+zh+Hant/strings.xml"])
        #expect(
            files.first?.text == """
                <?xml version="1.0" encoding="utf-8"?>
                <!-- Generated by pushloc export android. -->
                <resources>
                    <!-- Says - - hello- -->
                    <string name="GREET_BODY">%1$s sent %2$s</string>
                    <string name="SALE" formatted="false">50% off</string>
                    <!-- Says - - hello- -->
                    <string name="greet_title">It\\'s {%1$s} at 100%%</string>
                </resources>

                """
        )
        #expect(
            files.dropFirst().first?.text == """
                <?xml version="1.0" encoding="utf-8"?>
                <!-- Generated by pushloc export android. -->
                <resources>
                    <!-- Says - - hello- -->
                    <string name="GREET_BODY">%2$s envoyé par %1$s à 100 %%</string>
                    <string name="SALE" formatted="false">"  -50 %  "</string>
                </resources>

                """
        )
        #expect(files.last?.text.contains("<string name=\"SALE\">半價</string>") == true)
        // The same catalog exports the same bytes.
        #expect(
            try AndroidStringsExport.files(LocKeyStrings(catalog: CatalogSource.load(from: folder)), catalog: source)
                == files
        )
    }

    @Test func namesThatCollideAreRefused() throws {
        let folder = try Self.catalog(
            templates: """
                one:
                  body: "One"
                  loc-keys: { body: A.B }
                two:
                  body: "Two"
                  loc-keys: { body: A_B }
                same:
                  body: "One"
                  loc-keys: { body: A-B }

                """,
            locales: [:]
        )
        let source = try CatalogSource.load(from: folder)
        #expect {
            try AndroidStringsExport.files(LocKeyStrings(catalog: source), catalog: source)
        } throws: { error in
            guard let failure = error as? AndroidExportFailure else { return false }
            return failure.lines == [
                "Templates/t.yaml:5:9: error: [android-name-collision] two body: Android string name 'A_B' is also the name of one body (Templates/t.yaml:2:9), whose text differs; give one of them another loc-keys name"
            ]
        }
    }

    @Test func aLocaleWithoutAFolderIsNamed() throws {
        let folder = try Self.catalog(
            templates: "hi:\n  body: \"Hi\"\n  loc-keys: { body: HI }\n",
            locales: ["pt_br": "hi:\n  body: \"Oi\"\n", "de": "other:\n  body: \"x\"\n"]
        )
        let source = try CatalogSource.load(from: folder)
        #expect {
            try AndroidStringsExport.files(LocKeyStrings(catalog: source), catalog: source)
        } throws: { error in
            (error as? AndroidExportFailure)?.lines == [
                "Locales/pt_br.yaml:1:1: error: [android-locale] 'pt_br' cannot name an Android resource folder: Android's values-b+ qualifier takes a language, then optionally a script, a region and one variant"
            ]
        }
    }

    @Test func anArgumentTheSourceDoesNotUseIsRefused() throws {
        let folder = try Self.catalog(
            templates: """
                t:
                  args:
                    a: { type: string }
                    b: { type: string }
                  body: "{a}"
                  loc-keys: { body: T }

                """,
            locales: ["de": "t:\n  body: \"{a} {b}\"\n"]
        )
        let strings = LocKeyStrings(catalog: try CatalogSource.load(from: folder))
        #expect(strings.entries.isEmpty)
        #expect(
            strings.errors == [
                "Locales/de.yaml:2:9: error: [loc-key-incompatible] t body [de]: 'b' is not in the source message, so loc-args never carry it"
            ]
        )
    }

    /// A template built in code with only a key.
    static func template(key: String) -> Template {
        Template(key: key, messages: [:], location: CatalogFileLocation(file: "Templates/t.yaml", line: 1, column: 1))
    }

    /// A catalog folder with `Templates/t.yaml` and `Locales/<tag>.yaml` files.
    static func catalog(templates: String, locales: [String: String]) throws -> String {
        let folder = try Corpus.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/Templates", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/Locales", withIntermediateDirectories: true)
        try Data(templates.utf8).write(to: URL(fileURLWithPath: folder + "/Templates/t.yaml"))
        for (tag, text) in locales {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/Locales/\(tag).yaml"))
        }
        return folder
    }
}
