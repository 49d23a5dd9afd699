import AppleFormats
import Foundation
import Testing

/// The `.strings` reader against Foundation's own (`PropertyListSerialization`) on the corners of
/// CoreFoundation's grammar.
@Suite struct StringsGrammarTests {
    static let corners = #"""
        /* A block comment */
        // A line comment
        "double" = "value with \"quotes\" and \\ backslash";
        'single' = 'it\'s "fine"';
        unquoted_key.with-chars/and:colons$ = "unquoted key";
        "value only";
        "escapes" = "\n\t\r\a\b\f\v";
        "unicode" = "\U00e9\U263A and \UD83D\UDE00";
        "octal" = "\101\102\103";
        "other letters" = "\q\u00e9\z";
        "dup" = "first";
        "dup" = "last";
        "emoji" = "😀 ünïcödé";
        "semicolon inside" = "a;b=c";
        "empty" = "";
        """#

    static func foundation(_ data: Data) throws -> [String: String] {
        try PropertyListSerialization.propertyList(from: data, format: nil) as! [String: String]
    }

    @Test func utf8MatchesFoundation() throws {
        let data = Data(Self.corners.utf8)
        let parsed = try StringsFile(bytes: [UInt8](data), file: "corners.strings")
        #expect(parsed.dictionary == (try Self.foundation(data)))
        #expect(parsed.dictionary["other letters"] == "qu00e9z")
        #expect(parsed.dictionary["dup"] == "last")
        #expect(parsed.warnings.count == 1)
        #expect(parsed.warnings.first?.contains("corners.strings:12: key 'dup' repeated") == true)
    }

    @Test(arguments: [true, false])
    func utf16WithByteOrderMarkMatchesFoundation(littleEndian: Bool) throws {
        var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in Self.corners.utf16 {
            let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            bytes += littleEndian ? pair : pair.reversed()
        }
        let parsed = try StringsFile(bytes: bytes, file: "utf16.strings")
        #expect(parsed.dictionary == (try Self.foundation(Data(Self.corners.utf8))))
    }

    @Test func errorsNameLineAndColumn() throws {
        let cases: [(String, String)] = [
            ("\"a\" = \"b\";\n\"c\" = ;\n", "x.strings:2:7: error: expected a value, found ';'"),
            ("\"a\" = \"b\"\n\"c\" = \"d\";", "x.strings:2:1: error: expected ';' after the value"),
            ("\"a\" = \"unterminated;\n", "x.strings:1:7: error: unterminated string"),
            ("/* open comment\n\"a\" = \"b\";", "x.strings:1:1: error: unterminated comment"),
        ]
        for (text, expected) in cases {
            #expect(throws: AppleFileError.self) { try StringsFile(bytes: Array(text.utf8), file: "x.strings") }
            do {
                _ = try StringsFile(bytes: Array(text.utf8), file: "x.strings")
            } catch {
                #expect(error.description == expected)
            }
        }
    }
}
