import ICUKit
import Testing

/// Expected values are CLDR 42 data as shipped in ICU 72 (separators, patterns, currency symbols)
/// and ICU's documented rounding (half-even).
struct NumberFormatTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var locale: String
        var kind: NumberFormatKind
        var style: String?
        var value: Double
        var expected: String
        var testDescription: String { "\(locale) \(kind) \(style ?? "-") \(value)" }
    }

    @Test(arguments: [
        Case(locale: "de", kind: .standard, style: nil, value: 1234.5, expected: "1.234,5"),
        // CLDR fr: grouping separator U+202F NARROW NO-BREAK SPACE, decimal comma.
        Case(locale: "fr", kind: .standard, style: nil, value: 1_234_567.5, expected: "1\u{202F}234\u{202F}567,5"),
        Case(locale: "en", kind: .standard, style: nil, value: 0.1234567, expected: "0.123"),
        Case(locale: "en", kind: .percent, style: nil, value: 0.25, expected: "25%"),
        Case(locale: "en-US", kind: .currency, style: nil, value: 5, expected: "$5.00"),
        // de currency pattern "#,##0.00 ¤" with U+00A0 before the symbol.
        Case(locale: "de", kind: .skeleton, style: "currency/EUR", value: 5, expected: "5,00\u{A0}€"),
        Case(locale: "en", kind: .skeleton, style: ".00", value: 1, expected: "1.00"),
        Case(locale: "en", kind: .integer, style: nil, value: 1234.5, expected: "1,234"),
        Case(locale: "en", kind: .integer, style: nil, value: 1235.5, expected: "1,236"),
        Case(locale: "en", kind: .pattern, style: "#,##0.00", value: 1234.5, expected: "1,234.50"),
        Case(locale: "en", kind: .spellout, style: nil, value: 42, expected: "forty-two"),
        Case(locale: "en", kind: .spellout, style: "%spellout-ordinal", value: 42, expected: "forty-second"),
        Case(locale: "en", kind: .ordinal, style: nil, value: 42, expected: "42nd"),
    ])
    func formatsDouble(_ testCase: Case) throws {
        let format = try ICUNumberFormat(locale: testCase.locale, kind: testCase.kind, style: testCase.style)
        var bytes: [UInt8] = []
        format.format(testCase.value, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == testCase.expected)
    }

    @Test func appendsWithoutReplacing() throws {
        let format = try ICUNumberFormat(locale: "en", kind: .standard, style: nil)
        var bytes = Array("n=".utf8)
        format.format(Int64(1_000_000), into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "n=1,000,000")
    }

    @Test func formatsInt64AndDecimalWithFullPrecision() throws {
        let format = try ICUNumberFormat(locale: "en", kind: .standard, style: nil)
        var bytes: [UInt8] = []
        format.format(Int64.max, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "9,223,372,036,854,775,807")
        bytes.removeAll()
        format.format(decimal: "12345678901234567890.5", into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "12,345,678,901,234,567,890.5")
    }

    @Test func longResultsLeaveTheStackBuffer() throws {
        // A 300-digit decimal needs more than the 256-byte first attempt.
        let digits = String(repeating: "9", count: 300)
        let format = try ICUNumberFormat(locale: "en", kind: .pattern, style: "0")
        var bytes: [UInt8] = [0x41]
        format.format(decimal: digits, into: &bytes)
        #expect(bytes == [0x41] + Array(digits.utf8))
        // The sink gets the whole text, once.
        var pieces: [[UInt8]] = []
        format.format(decimal: digits) { pieces.append(Array($0)) }
        #expect(pieces == [Array(digits.utf8)])
        var none = 0
        format.format(decimal: "twelve") { _ in none += 1 }
        #expect(none == 0)
    }

    @Test func notANumberDecimalAppendsNothing() throws {
        let format = try ICUNumberFormat(locale: "en", kind: .standard, style: nil)
        var bytes: [UInt8] = []
        format.format(decimal: "twelve", into: &bytes)
        #expect(bytes.isEmpty)
    }

    @Test func decimalFormatDetection() throws {
        #expect(try ICUNumberFormat(locale: "en", kind: .standard, style: nil).isDecimalFormat)
        #expect(try ICUNumberFormat(locale: "en", kind: .pattern, style: "0.00").isDecimalFormat)
        #expect(try !ICUNumberFormat(locale: "en", kind: .skeleton, style: ".00").isDecimalFormat)
        #expect(try !ICUNumberFormat(locale: "en", kind: .spellout, style: nil).isDecimalFormat)
    }

    @Test func invalidSkeletonThrows() {
        #expect(throws: ICUError.self) {
            try ICUNumberFormat(locale: "de", kind: .skeleton, style: "currency/ notacode ???")
        }
        do {
            _ = try ICUNumberFormat(locale: "en", kind: .skeleton, style: "foo/bar")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("U_NUMBER_SKELETON_SYNTAX_ERROR"))
        }
    }

    @Test func invalidLocaleThrows() {
        #expect(throws: ICUError.self) {
            try ICUNumberFormat(locale: "en_US", kind: .standard, style: nil)
        }
    }

    @Test func concurrentFormattingAgrees() async throws {
        let formats = try [
            ICUNumberFormat(locale: "de", kind: .standard, style: nil),
            ICUNumberFormat(locale: "en", kind: .spellout, style: nil),
        ]
        let expected = ["1.234,5", "one thousand two hundred thirty-four point five"]
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    var bytes: [UInt8] = []
                    formats[index % 2].format(1234.5, into: &bytes)
                    return String(decoding: bytes, as: UTF8.self) == expected[index % 2]
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 })
    }
}
