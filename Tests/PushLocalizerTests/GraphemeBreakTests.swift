import Foundation
import ICUKit
import Testing

/// Grapheme clusters are ICU's. These tests hold `TextBoundaries` to Unicode's own conformance data,
/// GraphemeBreakTest.txt, kept in `Fixtures/Unicode/` (version 15.0, ICU 72's; see the README there).
/// The expectations come from that file only, never from the code under test.
@Suite struct GraphemeBreakTests {
    /// The fixture, found next to this source file (it is read from the source tree, not bundled).
    static let testFilePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Unicode/GraphemeBreakTest.txt").path

    /// One line of the file: the text as UTF-8 and the break opportunities (÷) as UTF-8 byte offsets.
    struct Case: CustomStringConvertible {
        var lineNumber: Int
        var source: String
        var bytes: [UInt8]
        var breaks: [Int]

        var description: String { "GraphemeBreakTest.txt:\(lineNumber): \(source)" }
    }

    enum ParseError: Error, CustomStringConvertible {
        case badToken(line: Int, token: String)

        var description: String {
            switch self {
            case .badToken(let line, let token):
                "GraphemeBreakTest.txt:\(line): '\(token)' is neither ÷, × nor a hexadecimal code point"
            }
        }
    }

    /// Parses the file's `÷ 0020 × 0308 ÷` lines; comments after `#` are ignored.
    static func parse(_ text: String) throws -> [Case] {
        var cases: [Case] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var bytes: [UInt8] = []
            var breaks: [Int] = []
            for token in tokens {
                switch token {
                case "÷": breaks.append(bytes.count)
                case "×": continue
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw ParseError.badToken(line: index + 1, token: String(token))
                    }
                    bytes.append(contentsOf: String(Character(scalar)).utf8)
                }
            }
            cases.append(
                Case(
                    lineNumber: index + 1,
                    source: content.trimmingCharacters(in: .whitespaces),
                    bytes: bytes,
                    breaks: breaks
                )
            )
        }
        return cases
    }

    /// Reads the file, failing (not skipping) when it is missing: without it this conformance check would
    /// silently prove nothing.
    static func loadCases() throws -> [Case] {
        guard let data = FileManager.default.contents(atPath: testFilePath) else {
            Issue.record(
                """
                \(testFilePath) is missing: it is part of the repository (Tests/PushLocalizerTests/Fixtures/Unicode); \
                without it the grapheme-cluster conformance test proves nothing
                """
            )
            return []
        }
        return try parse(String(decoding: data, as: UTF8.self))
    }

    @Test("every line of Unicode's GraphemeBreakTest.txt: ICU boundaries equal the ÷ positions")
    func conformance() throws {
        let cases = try Self.loadCases()
        guard !cases.isEmpty else { return }
        // Unicode 15.0's file has 602 test lines; far fewer means the parser or the file went wrong.
        #expect(cases.count >= 600, "only \(cases.count) test lines parsed from \(Self.testFilePath)")
        var failures = 0
        for testCase in cases {
            let actual = TextBoundaries.graphemeBoundaries(in: testCase.bytes)
            if actual != testCase.breaks {
                failures += 1
                Issue.record("\(testCase): ICU gives byte boundaries \(actual), the file says \(testCase.breaks)")
            }
        }
        #expect(failures == 0, "\(failures) of \(cases.count) lines differ")
    }

    @Test("the fixture is Unicode 15.0's file, the version ICU 72 implements")
    func fixtureVersion() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.testFilePath))
        let header = String(decoding: data.prefix(40), as: UTF8.self)
        #expect(header.hasPrefix("# GraphemeBreakTest-15.0.0.txt"), "header: \(header)")
    }

    @Test("the per-offset queries agree with the file too")
    func precedingAndFollowing() throws {
        for testCase in try Self.loadCases() {
            for offset in 0...testCase.bytes.count {
                let before = testCase.breaks.last { $0 <= offset } ?? 0
                let after = testCase.breaks.first { $0 > offset } ?? testCase.bytes.count
                #expect(
                    TextBoundaries.graphemeBoundary(atOrBefore: offset, in: testCase.bytes) == before,
                    "\(testCase): boundary at or before byte \(offset)"
                )
                #expect(
                    TextBoundaries.graphemeBoundary(after: offset, in: testCase.bytes) == after,
                    "\(testCase): boundary after byte \(offset)"
                )
            }
        }
    }

    @Test("÷ 2701 × 200D × 2701 ÷ is one cluster (Swift's Character splits it)")
    func specExample() {
        let text = "\u{2701}\u{200D}\u{2701}"
        let bytes = Array(text.utf8)
        #expect(bytes.count == 9)
        #expect(TextBoundaries.graphemeBoundaries(in: bytes) == [0, 9])
        #expect(TextBoundaries.graphemeBoundaries(in: text) == [0, 9])
    }

    @Test("the parser reads the file's format")
    func parserReadsFormat() throws {
        let cases = try Self.parse("÷ 0020 × 0308 ÷ 1F1E6 ÷\t#  ÷ [0.2] SPACE (Other) …\n# comment\n\n")
        #expect(cases.count == 1)
        // U+0020 is 1 byte, U+0308 is 2 bytes, U+1F1E6 is 4 bytes.
        #expect(cases.first?.bytes.count == 7)
        #expect(cases.first?.breaks == [0, 3, 7])
        #expect(throws: ParseError.self) { try Self.parse("÷ 00G0 ÷") }
    }
}
