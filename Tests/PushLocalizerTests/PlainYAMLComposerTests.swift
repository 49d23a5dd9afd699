import Foundation
import Testing
import Yams

@testable import PushLocalizer

/// `PlainYAMLComposer` against Yams: whenever it composes a text, Yams must compose the same
/// nodes (values, styles, string tags, locations, order; compared as converted to `YAMLNode`); and
/// it must actually compose the usual catalog shapes, or the fast path would be dead code.
@Suite("Plain YAML composer")
struct PlainYAMLComposerTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file of the benchmark's generated catalog, in its shape.
    static let generatedTemplates: String = {
        var text = "# Generated for the catalog-load benchmark.\n"
        for index in 0..<5 {
            text += """
                item_update_\(index):
                  description: Generated template \(index).
                  args:
                    user_name: { type: string, truncate: true }
                    item_count: { type: number }
                    item_id: { type: string, max-bytes: 0x1F }
                  title: "Update \(index) for {user_name}"
                  body: "{user_name} has {item_count, plural, =0 {no new items} =1 {one new item} other {# new items}} in list \(index)"
                  apns:
                    category: CATEGORY_\(index)
                    thread-id: "list-{item_id}"
                    sound: default   # a comment
                    relevance-score: 0.5
                  data:
                    path: 'app://items/{item_id} it''s'

                """
        }
        return text
    }()

    static let generatedLocale = """
        item_update_0:
          title: "[ar] Aktualisierung 0 für {user_name}"
          body: "[ar] {user_name}: {item_count, plural, =0 {keine neuen Einträge} other {# neue Einträge}} in Liste 0"
        # a comment between keys
        item_update_1:

          title: "日本語 {user_name}"  # trailing comment
          body:   "x"
        """

    /// Hand-written texts, most of them outside the plain shape.
    static let snippets = [
        "a: b\n", "a: b", "a:\n  b: c\n", "a:\n  b: c\n d: e\n", "a:\n    b: c\n  d: e\n", "a: b\n  c: d\n",
        "a:\n", "a: ~\n", "a: b # c\n", "a: b#c\n", "a: 'it''s'\n", "a: \"q\\\"\"\n", "a: \"x\" y\n", "a: b: c\n",
        "a: -1\n", "a: - 1\n", "- a\n", "a: [1, 2]\n", "a: {b: c, d: e}\n", "a: { b: c , d: 'e' }\n",
        "a: {b: c,}\n", "a: {}\n", "a: {b: {c: d}}\n", "a: {b: c\n", "a: b\na: c\n", "a: {b: c, b: d}\n",
        "a: |\n  x\n", "a: >-\n  x\n  y\n", "a: &x b\nc: *x\n", "a: !!str 12\n", "\"a\": b\n", "'a': b\n",
        "? a\n: b\n", "---\na: b\n", "a: b\n...\n", "  a: b\n", "a:\tb\n", "a: b\r\n", "a: x\u{85}y\n",
        "a: \"x\u{2028}\"\n", "a: \"\u{FEFF}\"\n", "# only a comment\n", "", "\n\n", "a: b  \n", "a:    b c  d  \n",
        "a: /x/y\n", "a: +12\n", "a: .inf\n", "a: 1e3\n", "a: 0x1F\n", "a: (x)\n", "a: \"\"\n", "a: ''\n",
        "a_b-c.d: e\n", "1: e\n", "a: \"é\" \nb: {c: \"ü\", d: e}\n", "a: \"x\"#c\n",
        "a: x\n  # deeper comment\nb: y\n",
        "a:\n  b:\n    c: d\n  e: f\ng: h\n", "a: x\nb:\n", "a: {b: c} d\n", "a: {b:c}\n", "a: {b: c d}\n",
        String(repeating: "k", count: 300) + ": v\n",
    ]

    @Test("composes the catalog shapes exactly as Yams does")
    func catalogShapes() throws {
        for text in [Self.generatedTemplates, Self.generatedLocale] {
            let fast = try #require(PlainYAMLComposer.compose(text))
            let yams = try #require(try Self.yamsCompose(text))
            #expect(Self.describe(fast) == Self.describe(yams))
        }
        // The sample catalog's locale files are of the plain shape, but for escapes (fr.yaml).
        let locales = Self.repositoryRoot.appendingPathComponent("Locales")
        var plainFiles = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: locales.path) where name.hasSuffix(".yaml") {
            let text = try String(contentsOf: locales.appendingPathComponent(name), encoding: .utf8)
            guard !text.contains("\\") else { continue }
            plainFiles += 1
            let fast = try #require(PlainYAMLComposer.compose(text), "\(name)")
            let yams = try #require(try Self.yamsCompose(text), "\(name)")
            #expect(Self.describe(fast) == Self.describe(yams), "\(name)")
        }
        #expect(plainFiles >= 15)
    }

    @Test("agrees with Yams on every catalog file of the repository and on the snippets")
    func filesAndSnippets() throws {
        for text in try Self.repositoryTexts() + Self.snippets {
            try Self.expectAgreement(text, context: text)
        }
    }

    /// Random edits of the catalog texts with the characters YAML cares about: each edit the
    /// composer accepts must compose to the same nodes in Yams.
    @Test("agrees with Yams on mutations of the catalog texts")
    func mutations() throws {
        let alphabet: [String] = [
            " ", "  ", "\n", "\n  ", ":", ": ", "#", " #", "\"", "'", "{", "}", ",", "-", "- ", "\t", "\\", "ü", "?",
            "&", "*", "!", "|", ">", "[", "]", "x", "1", ".", "~", "\r", "\u{85}", "%", "@", "`",
        ]
        var random = BudgetRandom(seed: 0x5EED_0A11)
        let bases = [Self.generatedTemplates, Self.generatedLocale] + (try Self.repositoryTexts()).prefix(12)
        var composed = 0
        for (baseIndex, base) in bases.enumerated() {
            let scalars = Array(base.unicodeScalars)
            for round in 0..<400 {
                var edited = scalars
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let position = Int.random(in: 0...edited.count, using: &random)
                    let insert = Array(alphabet.randomElement(using: &random)?.unicodeScalars ?? "x".unicodeScalars)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: edited.insert(contentsOf: insert, at: position)
                    case 1 where position < edited.count: edited.replaceSubrange(position..<position + 1, with: insert)
                    default: if position < edited.count { edited.remove(at: position) }
                    }
                }
                var text = String.UnicodeScalarView()
                text.append(contentsOf: edited)
                if try Self.expectAgreement(String(text), context: "base \(baseIndex), round \(round)") {
                    composed += 1
                }
            }
        }
        // Enough of the mutations stay in the plain shape for the comparison to mean something.
        #expect(composed > 500)
    }

    /// Checks one text; true when the composer composed it.
    @discardableResult
    static func expectAgreement(_ text: String, context: String) throws -> Bool {
        guard let fast = PlainYAMLComposer.compose(text) else { return false }
        let yams: YAMLNode?
        do {
            yams = try yamsCompose(text)
        } catch {
            Issue.record("the composer accepted what Yams refuses (\(error)): \(context.debugDescription)")
            return true
        }
        let (mine, theirs) = (describe(fast), describe(yams))
        #expect(mine == theirs, "\(firstDifference(mine, theirs)) in \(context.debugDescription)")
        return true
    }

    /// Both descriptions from a little before the first character where they differ.
    static func firstDifference(_ lhs: String, _ rhs: String) -> String {
        let common = zip(lhs, rhs).prefix { $0 == $1 }.count
        let from = max(0, common - 40)
        return "…\(lhs.dropFirst(from).prefix(90)) vs …\(rhs.dropFirst(from).prefix(90))"
    }

    static func repositoryTexts() throws -> [String] {
        var texts: [String] = []
        let manager = FileManager.default
        // Catalog files only (the sample catalog's and the CLI tests'), in a fixed order: other YAML in
        // the repository (the service's OpenAPI document, fuzz seeds) is not catalog-shaped.
        let catalogFolders = ["Templates", "Locales", "Tests/PushlocCLITests/Catalogs"]
        var paths = ["pushloc.yaml"]
        for folder in catalogFolders {
            let root = repositoryRoot.appendingPathComponent(folder).path
            guard let walker = manager.enumerator(atPath: root) else { continue }
            for case let path as String in walker where path.hasSuffix(".yaml") || path.hasSuffix(".yml") {
                paths.append(folder + "/" + path)
            }
        }
        for path in paths.sorted() {
            let file = repositoryRoot.appendingPathComponent(path).path
            if let text = try? String(contentsOfFile: file, encoding: .utf8) { texts.append(text) }
        }
        return texts
    }

    /// What Yams composes, as the catalog readers get it.
    static func yamsCompose(_ text: String) throws -> YAMLNode? {
        try Yams.compose(yaml: text, YAMLFile.resolver).map(YAMLNode.init)
    }

    /// Everything of a node that catalog reading can see.
    static func describe(_ node: YAMLNode?) -> String {
        guard let node else { return "nil" }
        let place = "\(node.location.line):\(node.location.column)"
        switch node {
        case .scalar(let scalar):
            return "S(\(scalar.string.debugDescription) \(scalar.style) \(scalar.hasStringTag) \(place))"
        case .mapping(let mapping):
            let pairs = mapping.map { "\(describe($0.key)): \(describe($0.value))" }.joined(separator: ", ")
            return "M(\(place)){\(pairs)}"
        case .sequence(let list):
            return "Q(\(place))[\(list.map { describe($0) }.joined(separator: ", "))]"
        }
    }
}
