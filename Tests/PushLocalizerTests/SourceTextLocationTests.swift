import Foundation
import PropertyBased
import PushLocalizer
import Testing
import Yams

/// Each case is a template file whose `t.body` is traced; expected positions are counted by hand
/// (1-based lines, columns in Unicode scalars) and byte offsets from the UTF-8 of the value.
struct SourceTextCase: Sendable, CustomTestStringConvertible {
    var name: String
    var yaml: String
    var value: String
    var style: ScalarStyle
    /// byte offset → (line, column)
    var positions: [(Int, Int, Int)]
    var testDescription: String { name }
}

let sourceTextCases: [SourceTextCase] = [
    SourceTextCase(
        name: "plain, one line",
        yaml: "t:\n  body: héllo 日本 👋 x\n",
        value: "héllo 日本 👋 x",
        style: .plain,
        positions: [
            (0, 2, 9), (1, 2, 10), (2, 2, 10), (3, 2, 11), (6, 2, 14), (10, 2, 16), (14, 2, 18), (17, 2, 18),
            (19, 2, 20), (20, 2, 21), (99, 2, 21), (-1, 2, 9),
        ]
    ),
    SourceTextCase(
        name: "plain, folded over lines",
        yaml: "t:\n  body: first 日本\n    second   line\n\n    third é\n  title: x\n",
        value: "first 日本 second   line\nthird é",
        style: .plain,
        positions: [
            (0, 2, 9), (6, 2, 15), (9, 2, 16), (12, 2, 17), (13, 3, 5), (20, 3, 12), (22, 3, 14),
            (26, 4, 1), (27, 5, 5), (33, 5, 11), (35, 5, 12),
        ]
    ),
    SourceTextCase(
        name: "plain, CR LF line breaks",
        yaml: "t:\r\n  body: a é\r\n    b\r\n",
        value: "a é b",
        style: .plain,
        positions: [(0, 2, 9), (2, 2, 11), (4, 2, 12), (5, 3, 5), (6, 3, 6)]
    ),
    SourceTextCase(
        name: "plain, in a flow map",
        yaml: "t: { title: x, body: ça 日 }\n",
        value: "ça 日",
        style: .plain,
        positions: [(0, 1, 22), (2, 1, 23), (3, 1, 24), (4, 1, 25), (7, 1, 26)]
    ),
    SourceTextCase(
        name: "single-quoted, doubled quote and folding",
        yaml: "t:\n  body: 'it''s 日本\n    ok 👋'\n",
        value: "it's 日本 ok 👋",
        style: .singleQuoted,
        positions: [
            (0, 2, 10), (2, 2, 12), (3, 2, 14), (5, 2, 16), (8, 2, 17), (11, 2, 18), (12, 3, 5), (15, 3, 8),
            (19, 3, 9),
        ]
    ),
    SourceTextCase(
        name: "single-quoted, empty line folds to a line feed",
        yaml: "t:\n  body: 'a  \n\n     b  '\n",
        value: "a\nb  ",
        style: .singleQuoted,
        positions: [(0, 2, 10), (1, 3, 1), (2, 4, 6), (3, 4, 7), (4, 4, 8), (5, 4, 9)]
    ),
    SourceTextCase(
        name: "double-quoted, escapes, folding and an escaped line break",
        yaml: "t:\n  body: \"a\\\"b\\\\c\\td\\u00e9\\U0001F44B\\x41 日\n    next\\\n    joined\\n end\"\n",
        value: "a\"b\\c\tdé👋A 日 nextjoined\n end",
        style: .doubleQuoted,
        positions: [
            (0, 2, 10), (1, 2, 11), (2, 2, 13), (3, 2, 14), (4, 2, 16), (5, 2, 17), (6, 2, 19), (7, 2, 20),
            (8, 2, 20), (9, 2, 26), (13, 2, 36), (14, 2, 40), (15, 2, 41), (18, 2, 42), (19, 3, 5), (22, 3, 8),
            (23, 4, 5), (29, 4, 11), (30, 4, 13), (31, 4, 14), (34, 4, 17),
        ]
    ),
    SourceTextCase(
        name: "double-quoted, escaped space and tab after a line break",
        yaml: "t:\n  body: \"x\n    \\ \\ty\"\n",
        value: "x  \ty",
        style: .doubleQuoted,
        positions: [(0, 2, 10), (1, 2, 11), (2, 3, 5), (3, 3, 7), (4, 3, 9), (5, 3, 10)]
    ),
    SourceTextCase(
        name: "literal block, clip",
        yaml: "t:\n  body: |\n    Line é1\n      indented 日本\n\n    last 👋\n  title: x\n",
        value: "Line é1\n  indented 日本\n\nlast 👋\n",
        style: .literal,
        positions: [
            (0, 3, 5), (5, 3, 10), (7, 3, 11), (8, 3, 12), (9, 4, 5), (11, 4, 7), (20, 4, 16), (23, 4, 17),
            (26, 4, 18), (27, 5, 1), (28, 6, 5), (33, 6, 10), (37, 6, 11), (38, 6, 11),
        ]
    ),
    SourceTextCase(
        name: "literal block, keep, with comment and explicit indentation",
        yaml: "t:\n  body: |+2 # note\n      two é\n    base\n\n  title: x\n",
        value: "  two é\nbase\n\n",
        style: .literal,
        positions: [(0, 3, 5), (2, 3, 7), (6, 3, 11), (8, 3, 12), (9, 4, 5), (13, 4, 9), (14, 5, 1), (15, 4, 9)]
    ),
    SourceTextCase(
        name: "folded block, strip, paragraphs and more-indented lines",
        yaml: "t:\n  body: >-\n    Fold é\n    this 日本\n\n    para 👋\n      more\n    end\n",
        value: "Fold é this 日本\npara 👋\n  more\nend",
        style: .folded,
        positions: [
            (0, 3, 5), (5, 3, 10), (7, 3, 11), (8, 4, 5), (16, 4, 11), (19, 5, 1), (20, 6, 5), (25, 6, 10),
            (29, 6, 11), (30, 7, 5), (32, 7, 7), (36, 7, 11), (37, 8, 5), (39, 8, 7), (40, 8, 8),
        ]
    ),
    SourceTextCase(
        name: "folded block under a tag, indented by one",
        yaml: "t:\n body: !!str >\n  a\n  b\n",
        value: "a b\n",
        style: .folded,
        positions: [(0, 3, 3), (1, 3, 4), (2, 4, 3), (3, 4, 4)]
    ),
]

@Suite("SourceText locations")
struct SourceTextLocationTests {
    @Test(arguments: sourceTextCases)
    func mapsByteOffsetsToFilePositions(_ testCase: SourceTextCase) throws {
        let catalog = try CatalogSource.parse(files: ["Templates/a.yaml": testCase.yaml])
        let body = try #require(catalog.templates.first?.messages[.body])
        #expect(body.text == testCase.value)
        #expect(body.style == testCase.style)
        for (offset, line, column) in testCase.positions {
            let location = body.location(ofByteOffset: offset)
            #expect(
                (location.file, location.line, location.column) == ("Templates/a.yaml", line, column),
                "byte offset \(offset)"
            )
        }
    }

    @Test func sourceTextWithoutFileAssumesOneLine() {
        let start = CatalogFileLocation(file: "x.yaml", line: 3, column: 5)
        #expect(SourceText(text: "héllo", location: start).location(ofByteOffset: 3).column == 7)
        #expect(SourceText(text: "héllo", location: start, style: .doubleQuoted).location(ofByteOffset: 3).column == 8)
        #expect(SourceText(text: "a\nb", location: start, style: .literal).location(ofByteOffset: 2) == start)
    }

    @Test func equalityIgnoresTheBackingFile() throws {
        let catalog = try CatalogSource.parse(files: ["Templates/a.yaml": "t:\n  body: hi\n"])
        let loaded = try #require(catalog.templates.first?.messages[.body])
        #expect(
            loaded
                == SourceText(text: "hi", location: CatalogFileLocation(file: "Templates/a.yaml", line: 2, column: 9))
        )
    }
}

/// Any string, written by libyaml's emitter (through Yams) in any style and line width, maps
/// back character by character: each value character's location holds that character, the
/// backslash of its escape, or the line break that folding turned into it; and locations never
/// go backwards.
@Suite("SourceText locations, any string")
struct SourceTextLocationPropertyTests {
    /// Words and separators alternate, so most values stay writable in the style asked for
    /// (libyaml's emitter falls back to double quotes for control characters, characters beyond
    /// the BMP, trailing spaces or a space before a line break); one case in three adds such a
    /// character, which exercises escapes.
    static let words = ["a", "Zz", "é", "日本", "'", "\"", "\\", "#", "{x}", "…", "-", ":", "word", "a\u{200D}b"]
    static let separators = [" ", " ", " ", "  ", "\n", "\n\n", " ", "\n"]
    static let extras = [
        "\t", "\r", "\u{85}", "\u{2028}", "\u{7}", "\u{0}", " \n", "\n ", "👋", "👨‍👩‍👧", "\n  x", " ", "\n",
    ]

    @Test func everyCharacterMapsToWhereItIsWritten() async {
        await propertyCheck(
            count: 1000,
            input: Gen.element(of: Self.words).array(of: 1...40),
            Gen.element(of: Self.separators).array(of: 40),
            Gen.element(of: ScalarStyle.allCases),
            Gen.int(in: 8...60),
            Gen.int(in: 0...38)
        ) { words, separators, style, width, extra in
            // A quarter of the cases are written on one logical line without ": " or " #", which
            // libyaml may write plain (folded at the width).
            let oneLine = extra >= 30
            var value = "w"
            for (index, word) in words.enumerated() {
                if index > 0 { value += oneLine ? " " : separators[index] ?? " " }
                value += oneLine && (word == ":" || word == "#") ? "q" : word ?? ""
            }
            if extra < Self.extras.count {
                value += Self.extras[extra]
            }
            value += "z"
            checkRoundTrip(value, style: yamsStyle(style ?? .plain), width: width, allowUnicode: extra % 3 != 0)
        }
    }

    private func checkRoundTrip(_ value: String, style: Node.Scalar.Style, width: Int, allowUnicode: Bool) {
        let node = Node([(Node("t"), Node([(Node("body"), Node(value, Tag(.str), style))]))])
        guard let yaml = try? Yams.serialize(node: node, width: width, allowUnicode: allowUnicode) else {
            Issue.record("Yams could not write \(value.debugDescription)")
            return
        }
        guard let catalog = try? CatalogSource.parse(files: ["Templates/a.yaml": yaml]),
            let body = catalog.templates.first?.messages[.body]
        else {
            // An empty or all-blank value may come back as null: nothing to locate.
            return
        }
        #expect(body.text == value, "\(yaml.debugDescription)")
        checkLocations(of: body, in: yaml)
    }

    @Test func sampleCatalogMessagesMapBack() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let catalog = try CatalogSource.load(from: root)
        let texts =
            catalog.templates.flatMap { $0.messages.values }
            + catalog.locales.flatMap { $0.translations.values.flatMap { $0.messages.values } }
        var files: [String: String] = [:]
        for text in texts {
            if files[text.location.file] == nil {
                files[text.location.file] = try String(contentsOfFile: "\(root)/\(text.location.file)", encoding: .utf8)
            }
            checkLocations(of: text, in: files[text.location.file] ?? "")
        }
    }

    /// Each character's location holds it, the backslash of its escape, or the line break that
    /// folding turned into it; locations never go backwards.
    private func checkLocations(of text: SourceText, in yaml: String) {
        let lines = yamlLines(yaml)
        var offset = 0
        var previous = (0, 0)
        for scalar in text.text.unicodeScalars {
            let location = text.location(ofByteOffset: offset)
            let written = character(in: lines, line: location.line, column: location.column)
            let folded = (scalar == " " || scalar == "\n") && (written == nil || isBreak(written))
            let escaped = text.style == .doubleQuoted && written == "\\"
            let found = String(describing: written)
            #expect(
                written == scalar || folded || escaped,
                "\(text.location) \(text.text.debugDescription) offset \(offset): \(location) holds \(found)"
            )
            #expect((location.line, location.column) >= previous, "\(yaml.debugDescription) offset \(offset)")
            previous = (location.line, location.column)
            offset += UTF8.width(scalar)
        }
    }

    private func yamsStyle(_ style: ScalarStyle) -> Node.Scalar.Style {
        switch style {
        case .plain: .plain
        case .singleQuoted: .singleQuoted
        case .doubleQuoted: .doubleQuoted
        case .literal: .literal
        case .folded: .folded
        }
    }

    /// The file's lines as libyaml counts them, each with its line break (if any) at the end.
    private func yamlLines(_ yaml: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = [[]]
        let scalars = Array(yaml.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            lines[lines.count - 1].append(scalar)
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" {
                index += 1
                lines[lines.count - 1].append("\n")
            }
            if isBreak(scalar) { lines.append([]) }
            index += 1
        }
        return lines
    }

    private func character(in lines: [[Unicode.Scalar]], line: Int, column: Int) -> Unicode.Scalar? {
        guard line >= 1, line <= lines.count, column >= 1, column <= lines[line - 1].count else { return nil }
        return lines[line - 1][column - 1]
    }

    private func isBreak(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    }
}
