import Foundation
import PushLocalizer
import Testing

/// A catalog written into a fresh temporary directory.
struct TemporaryCatalog {
    let root: String

    init(
        _ files: [String: String],
        rawFiles: [String: [UInt8]] = [:],
        directories: [String] = ["Templates", "Locales"]
    ) throws {
        let manager = FileManager.default
        root = manager.temporaryDirectory.appendingPathComponent("pushloc-catalog-\(UUID().uuidString)").path
        for directory in directories {
            try manager.createDirectory(atPath: "\(root)/\(directory)", withIntermediateDirectories: true)
        }
        let contents = files.mapValues { Data($0.utf8) }.merging(rawFiles.mapValues { Data($0) }) { $1 }
        for (path, data) in contents {
            let url = URL(fileURLWithPath: "\(root)/\(path)")
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}

private func at(_ file: String, _ line: Int, _ column: Int) -> CatalogFileLocation {
    CatalogFileLocation(file: file, line: line, column: column)
}

private func text(
    _ value: String,
    _ file: String,
    _ line: Int,
    _ column: Int,
    _ style: ScalarStyle = .plain
)
    -> SourceText
{
    SourceText(text: value, location: at(file, line, column), style: style)
}

/// SPEC §2's example template, verbatim but for `subtitle`.
private let specTemplate = """
    started_following:                       # the key (loc-key style: letters, digits, . _ -)
      description: Someone followed the user. # context for translators
      args:
        user_name: { type: string, truncate: true }   # user-supplied: may be trimmed to fit
        user_id:   { type: string }                   # pinned: never changed
      title: New follower                    # source-locale messages (ICU MessageFormat)
      body: "{user_name} started following you"
      apns:                                  # optional aps fields and headers; strings may use {args}
        category: FOLLOW
        thread-id: followers
        sound: default
        interruption-level: active
        relevance-score: 0.5
        target-content-id: "user-{user_id}"
        push-type: alert                     # header apns-push-type (default alert)
        priority: 10                         # header apns-priority
        collapse-id: "follow-{user_id}"      # header apns-collapse-id, at most 64 bytes
        expiration: 3600                     # seconds from render time → header apns-expiration
      data:                                  # custom top-level payload keys; strings may use {args}
        path: "appnameios://users/{user_id}"
      loc-keys:                              # optional: the keys the app bundle uses (loc-key mode)
        title: STARTED_FOLLOWING_TITLE
        body: STARTED_FOLLOWING_BODY
      budget: 3800                           # optional per-template byte budget

    """

@Suite("Catalog loading")
struct CatalogLoadingTests {
    @Test func specExampleTemplate() throws {
        let catalog = try CatalogSource.parse(files: ["Templates/social.yaml": specTemplate])
        let file = "Templates/social.yaml"
        let expected = Template(
            key: "started_following",
            description: "Someone followed the user.",
            arguments: [
                ArgumentDeclaration(name: "user_name", type: .string, truncate: true, location: at(file, 4, 5)),
                ArgumentDeclaration(name: "user_id", type: .string, truncate: false, location: at(file, 5, 5)),
            ],
            messages: [
                .title: text("New follower", file, 6, 10),
                .body: text("{user_name} started following you", file, 7, 9, .doubleQuoted),
            ],
            apns: APNsSettings(
                category: text("FOLLOW", file, 9, 15),
                threadID: text("followers", file, 10, 16),
                sound: text("default", file, 11, 12),
                interruptionLevel: .active,
                relevanceScore: 0.5,
                targetContentID: text("user-{user_id}", file, 14, 24, .doubleQuoted),
                pushType: .alert,
                priority: 10,
                collapseID: text("follow-{user_id}", file, 17, 18, .doubleQuoted),
                expiration: 3600
            ),
            data: [
                DataEntry(
                    key: "path",
                    value: .string(text("appnameios://users/{user_id}", file, 20, 11, .doubleQuoted)),
                    location: at(file, 20, 5)
                )
            ],
            locKeys: [.title: "STARTED_FOLLOWING_TITLE", .body: "STARTED_FOLLOWING_BODY"],
            budget: 3800,
            location: at(file, 1, 1)
        )
        #expect(catalog.templates == [expected])
        #expect(catalog.settings == CatalogSettings())
        #expect(catalog.locales.isEmpty)
        #expect(catalog.duplicateKeys.isEmpty)
        #expect(catalog.sourceLocaleFile == nil)
        #expect(catalog.template(forKey: "started_following")?.argument(named: "user_id")?.truncate == false)
    }

    @Test func loadReadsTheDirectoryLikeParse() throws {
        let files = [
            "Templates/b.yml": "beta:\n  body: B\n",
            "Templates/a.yaml": "alpha:\n  title: A\n",
            "Locales/fr.yaml": "alpha:\n  title: Á\n",
            "Locales/pt-BR.yml": "beta:\n  body: Bê\n",
            "pushloc.yaml": "source-locale: en\n",
        ]
        let ignored = [
            "Templates/.hidden.yaml": "not: [valid\n", "Templates/notes.txt": "-", "Templates/sub/c.yaml": "x: [",
            "Locales/README.md": "#",
        ]
        let catalog = try TemporaryCatalog(files.merging(ignored) { $1 })
        defer { catalog.remove() }
        let loaded = try CatalogSource.load(from: catalog.root)
        #expect(loaded == (try CatalogSource.parse(files: files, root: catalog.root)))
        #expect(loaded.templates.map(\.key) == ["alpha", "beta"])
        #expect(loaded.locales.map(\.tag) == ["fr", "pt-BR"])
        #expect(loaded.locales.map(\.file) == ["Locales/fr.yaml", "Locales/pt-BR.yml"])
        #expect(loaded.root == catalog.root)
    }

    @Test func templateKeyRepeatedAcrossFilesKeepsTheFirstFile() throws {
        let catalog = try CatalogSource.parse(files: [
            "Templates/b.yaml": "greeting:\n  body: second\nzeta:\n  body: z\n",
            "Templates/a.yaml": "greeting:\n  body: first\n",
        ])
        #expect(catalog.templates.map(\.key) == ["greeting", "zeta"])
        #expect(catalog.template(forKey: "greeting")?.messages[.body]?.text == "first")
        #expect(
            catalog.duplicateKeys == [
                DuplicateKey(
                    key: "greeting",
                    locale: nil,
                    first: at("Templates/a.yaml", 1, 1),
                    second: at("Templates/b.yaml", 1, 1)
                )
            ]
        )
    }

    @Test func templateKeyRepeatedInOneFileIsRecordedNotFatal() throws {
        let yaml = "a:\n  body: one\nb:\n  body: x\na:\n  body: two\na:\n  body: three\n"
        let catalog = try CatalogSource.parse(files: ["Templates/t.yaml": yaml])
        #expect(catalog.templates.map(\.key) == ["a", "b"])
        #expect(catalog.template(forKey: "a")?.messages[.body] == text("one", "Templates/t.yaml", 2, 9))
        #expect(
            catalog.duplicateKeys == [
                DuplicateKey(
                    key: "a",
                    locale: nil,
                    first: at("Templates/t.yaml", 1, 1),
                    second: at("Templates/t.yaml", 5, 1)
                ),
                DuplicateKey(
                    key: "a",
                    locale: nil,
                    first: at("Templates/t.yaml", 1, 1),
                    second: at("Templates/t.yaml", 7, 1)
                ),
            ]
        )
    }

    @Test func repeatedKeysOnOneLineKeepTheirColumns() throws {
        // Columns: {a: {body: x}, "a": {body: y}} — a at 2, x at 12, "a" at 16, y at 28.
        let catalog = try CatalogSource.parse(files: ["Templates/t.yaml": "{a: {body: x}, \"a\": {body: y}}\n"])
        let template = try #require(catalog.template(forKey: "a"))
        #expect(template.location == at("Templates/t.yaml", 1, 2))
        #expect(template.messages[.body] == text("x", "Templates/t.yaml", 1, 12))
        #expect(
            catalog.duplicateKeys == [
                DuplicateKey(
                    key: "a",
                    locale: nil,
                    first: at("Templates/t.yaml", 1, 2),
                    second: at("Templates/t.yaml", 1, 16)
                )
            ]
        )
    }

    @Test func localeFiles() throws {
        let fr = """
            # French
            welcome:
              title: Bienvenue
              body:
            greeting:
              body: 'Salut {name}'
            welcome:
              body: Encore
            obsolete: {}

            """
        let catalog = try CatalogSource.parse(files: [
            "Templates/a.yaml": "welcome:\n  title: Welcome\n  body: Hi\ngreeting:\n  body: Hello {name}\n",
            "Locales/fr.yaml": fr,
            "Locales/zh_hant.yml": "",
        ])
        let file = "Locales/fr.yaml"
        #expect(catalog.locales.map(\.tag) == ["fr", "zh_hant"])
        let french = try #require(catalog.localeFile(forTag: "fr"))
        #expect(french.file == file)
        #expect(french.keyOrder == ["welcome", "greeting", "obsolete"])
        #expect(
            french.translations == [
                "welcome": Translation(
                    key: "welcome",
                    messages: [.title: text("Bienvenue", file, 3, 10)],
                    location: at(file, 2, 1)
                ),
                "greeting": Translation(
                    key: "greeting",
                    messages: [.body: text("Salut {name}", file, 6, 9, .singleQuoted)],
                    location: at(file, 5, 1)
                ),
                "obsolete": Translation(key: "obsolete", messages: [:], location: at(file, 9, 1)),
            ]
        )
        #expect(
            catalog.duplicateKeys == [
                DuplicateKey(key: "welcome", locale: "fr", first: at(file, 2, 1), second: at(file, 7, 1))
            ]
        )
        #expect(catalog.localeFile(forTag: "zh_hant")?.translations.isEmpty == true)
    }

    @Test(
        arguments: [
            ([:], "Locales/en.yaml", "Locales/en.yaml"),
            (["pushloc.yaml": "source-locale: pt-BR\n"], "Locales/pt_br.yaml", "Locales/pt_br.yaml"),
            ([:], "Locales/en-GB.yaml", nil),
        ] as [([String: String], String, String?)]
    )
    func sourceLocaleFileIsRecordedAndLeftOut(settings: [String: String], path: String, recorded: String?) throws {
        let files = settings.merging(["Templates/a.yaml": "t:\n  body: x\n", path: "t:\n  body: y\n"]) { $1 }
        let catalog = try CatalogSource.parse(files: files)
        #expect(catalog.sourceLocaleFile == recorded)
        #expect(catalog.locales.count == (recorded == nil ? 1 : 0))
    }

    @Test func settingsFile() throws {
        let yaml = """
            source-locale: de
            locale-priority: [de, en, pt-BR]
            overflow: trim
            bidi-isolation: never
            ellipsis: "..."
            lint:
              rules:
                untranslated: off
                whitespace: error
                budget: warning

            """
        let catalog = try CatalogSource.parse(files: ["Templates/a.yaml": "t:\n  body: x\n", "pushloc.yaml": yaml])
        #expect(
            catalog.settings
                == CatalogSettings(
                    sourceLocale: "de",
                    localePriority: ["de", "en", "pt-BR"],
                    overflow: .trim,
                    bidiIsolation: .never,
                    ellipsis: "...",
                    lintRules: ["untranslated": .off, "whitespace": .error, "budget": .warning]
                )
        )
    }

    /// Every rule the linter has can be set in `lint.rules` (the loader keeps its own list).
    @Test(arguments: LintRule.allCases)
    func everyLintRuleIsSettable(rule: LintRule) throws {
        let yaml = "lint:\n  rules:\n    \(rule.id): off\n"
        let catalog = try CatalogSource.parse(files: ["Templates/a.yaml": "t:\n  body: x\n", "pushloc.yaml": yaml])
        #expect(catalog.settings.lintRules == [rule.id: .off])
        #expect(CatalogSettings.knownLintRules.sorted() == LintRule.allCases.map(\.id).sorted())
    }

    @Test func scalarsAreMessagesAsWritten() throws {
        // YAML 1.2 core schema: `no` is a string; numbers keep their written form.
        let yaml = "t:\n  title: 123\n  subtitle: 1.50\n  body: true\n  apns:\n    sound: no\n    category: 0x1F\n"
        let template = try #require(try CatalogSource.parse(files: ["Templates/a.yaml": yaml]).templates.first)
        #expect(template.messages.mapValues(\.text) == [.title: "123", .subtitle: "1.50", .body: "true"])
        #expect(template.apns.sound?.text == "no")
        #expect(template.apns.category?.text == "0x1F")
    }

    @Test func emptyMessagesAndEmptyFiles() throws {
        let catalog = try CatalogSource.parse(files: [
            "Templates/empty.yaml": "# nothing yet\n",
            "Templates/a.yaml": "t:\n  title:\n  body: \"\"\n",
            "Locales/fr.yaml": "~\n",
        ])
        let template = try #require(catalog.templates.first)
        #expect(template.messages == [.body: text("", "Templates/a.yaml", 3, 9, .doubleQuoted)])
        #expect(catalog.locales.first?.translations.isEmpty == true)
    }

    @Test func argumentDeclarationForms() throws {
        let yaml = """
            t:
              args:
                name: { truncate: true, max-bytes: 40 }
                count: number
                when: { type: date }
                id:
              body: x

            """
        let template = try #require(try CatalogSource.parse(files: ["Templates/a.yaml": yaml]).templates.first)
        let file = "Templates/a.yaml"
        #expect(
            template.arguments == [
                ArgumentDeclaration(
                    name: "name",
                    type: .string,
                    truncate: true,
                    maxBytes: 40,
                    location: at(file, 3, 5)
                ),
                ArgumentDeclaration(name: "count", type: .number, location: at(file, 4, 5)),
                ArgumentDeclaration(name: "when", type: .date, location: at(file, 5, 5)),
                ArgumentDeclaration(name: "id", type: .string, location: at(file, 6, 5)),
            ]
        )
    }

    @Test func dataValues() throws {
        let yaml = """
            t:
              body: x
              data:
                s: "a {id}"
                i: -42
                h: 0x10
                f: 2.5e3
                b: false
                n: null
                list: [1, two, ~]
                obj: { z: 1, a: { deep: true } }

            """
        let template = try #require(try CatalogSource.parse(files: ["Templates/a.yaml": yaml]).templates.first)
        let file = "Templates/a.yaml"
        #expect(
            template.data == [
                DataEntry(
                    key: "s",
                    value: .string(text("a {id}", file, 4, 8, .doubleQuoted)),
                    location: at(file, 4, 5)
                ),
                DataEntry(key: "i", value: .integer(-42), location: at(file, 5, 5)),
                DataEntry(key: "h", value: .integer(16), location: at(file, 6, 5)),
                DataEntry(key: "f", value: .number(2500), location: at(file, 7, 5)),
                DataEntry(key: "b", value: .bool(false), location: at(file, 8, 5)),
                DataEntry(key: "n", value: .null, location: at(file, 9, 5)),
                DataEntry(
                    key: "list",
                    value: .array([.integer(1), .string(text("two", file, 10, 15)), .null]),
                    location: at(file, 10, 5)
                ),
                DataEntry(
                    key: "obj",
                    value: .object([
                        DataEntry(key: "z", value: .integer(1), location: at(file, 11, 12)),
                        DataEntry(
                            key: "a",
                            value: .object([DataEntry(key: "deep", value: .bool(true), location: at(file, 11, 23))]),
                            location: at(file, 11, 18)
                        ),
                    ]),
                    location: at(file, 11, 5)
                ),
            ]
        )
    }

    @Test func anchorsAndAliases() throws {
        let yaml = "a:\n  body: &shared Shared text\nb:\n  body: *shared\n"
        let catalog = try CatalogSource.parse(files: ["Templates/a.yaml": yaml])
        // An alias stands for the anchored node, so both point at where the text is written.
        let shared = text("Shared text", "Templates/a.yaml", 2, 9)
        #expect(catalog.templates.map { $0.messages[.body] } == [shared, shared])
        #expect(catalog.templates[0].messages[.body]?.location(ofByteOffset: 0) == at("Templates/a.yaml", 2, 17))
        #expect(catalog.templates[1].messages[.body]?.location(ofByteOffset: 7) == at("Templates/a.yaml", 2, 24))
    }

    @Test func repositorySampleCatalogLoads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let localeFiles = try FileManager.default.contentsOfDirectory(atPath: "\(root)/Locales")
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
        let catalog = try CatalogSource.load(from: root)
        #expect(!catalog.templates.isEmpty)
        #expect(catalog.locales.count + (catalog.sourceLocaleFile == nil ? 0 : 1) == localeFiles.count)
        #expect(catalog.duplicateKeys.isEmpty)
    }

    @Test func pushTypeBudgets() {
        #expect(PushType.voip.defaultBudget == 5120)
        #expect(PushType.alert.defaultBudget == 4096)
        #expect(APNsSettings().pushType == .alert)
    }
}
