import Testing

@testable import MessageFormat

/// A pattern ICU4C rejects (or we deliberately reject), with the error we must report.
struct MalformedCase: Sendable, CustomTestStringConvertible {
    let pattern: String
    let kind: MessageSyntaxError.Kind
    /// UTF-8 byte offset.
    let offset: Int
    /// 1-based line and column (in Unicode scalars), when the case checks them.
    let lineAndColumn: (Int, Int)?
    var testDescription: String { "\(pattern.abbreviatedDebugDescription) → \(kind.rawValue)@\(offset)" }

    init(_ pattern: String, _ kind: MessageSyntaxError.Kind, at offset: Int, line: Int? = nil, column: Int? = nil) {
        self.pattern = pattern
        self.kind = kind
        self.offset = offset
        self.lineAndColumn = line.map { ($0, column ?? 1) }
    }
}

/// Offsets follow ICU4C 72's UParseError where it names a useful place (the name for argument
/// syntax errors, the selector for a missing message, the number for a bad number, the style for an
/// unterminated quote). Where ICU says 0 or the start of the whole plural/select style, we point at
/// the `{` never closed, the argument lacking `other`, or the bad selector / offset value.
@Suite struct MalformedPatternTests {
    static let cases: [MalformedCase] = [
        // Braces never closed: the offending '{'.
        MalformedCase("{", .unmatchedBrace, at: 0),
        MalformedCase("{a", .unmatchedBrace, at: 0),
        MalformedCase("{a,", .unmatchedBrace, at: 0),
        MalformedCase("{a,number", .unmatchedBrace, at: 0),
        MalformedCase("{a,number,'x'", .unmatchedBrace, at: 0),
        MalformedCase("{a,date,{x}", .unmatchedBrace, at: 0),
        MalformedCase("{a,plural,=1{x}other{y}", .unmatchedBrace, at: 0),
        MalformedCase("{a,plural,other{x} ", .unmatchedBrace, at: 0),
        MalformedCase("{a,select,other{x", .unmatchedBrace, at: 15),
        MalformedCase("x{a,plural,other{{b}", .unmatchedBrace, at: 16),
        // The quote swallows the rest of the pattern, so the sub-message never closes.
        MalformedCase("{a,plural,other{'{x}}}", .unmatchedBrace, at: 15),
        // A syntax error anywhere wins over an unknown type before it, as in ICU.
        MalformedCase("{a,foo}{b", .unmatchedBrace, at: 7),
        MalformedCase("{a,foo", .unmatchedBrace, at: 0),
        // Names.
        MalformedCase("{}", .badArgumentName, at: 1),
        MalformedCase("{ }", .badArgumentName, at: 2),
        MalformedCase("{\u{2028}}", .badArgumentName, at: 4),
        MalformedCase("{01}", .badArgumentName, at: 1),
        MalformedCase("{007}", .badArgumentName, at: 1),
        MalformedCase("{40000}", .badArgumentName, at: 1),
        MalformedCase("{{a}}", .badArgumentName, at: 1),
        MalformedCase("{" + String(repeating: "n", count: 65_536) + "}", .badArgumentName, at: 1),
        // Argument syntax: ICU reports these at the name.
        MalformedCase("{a-b}", .badArgumentSyntax, at: 1),
        MalformedCase("{a b}", .badArgumentSyntax, at: 1),
        MalformedCase("{ a«}", .badArgumentSyntax, at: 2),
        MalformedCase("{😀 a}", .badArgumentSyntax, at: 1),
        MalformedCase("{a,}", .badArgumentSyntax, at: 1),
        MalformedCase("{a,1}", .badArgumentSyntax, at: 1),
        MalformedCase("{a, number x}", .badArgumentSyntax, at: 1),
        MalformedCase("{a,number'}", .badArgumentSyntax, at: 1),
        // Types.
        MalformedCase("{a,foo}", .unknownArgumentType, at: 3),
        MalformedCase("{a, Foo, bar}", .unknownArgumentType, at: 4),
        MalformedCase("{a,choice,0#x|1#y}", .unknownArgumentType, at: 3),
        MalformedCase("{a,number}{b,currency}", .unknownArgumentType, at: 13),
        // Complex types without cases.
        MalformedCase("{a,plural}", .missingStyle, at: 1),
        MalformedCase("{a, select }", .missingStyle, at: 1),
        MalformedCase("{a,selectordinal}", .missingStyle, at: 1),
        MalformedCase("{a,choice}", .missingStyle, at: 1),
        // No 'other' (case-sensitive): the argument's '{'.
        MalformedCase("{a,plural,}", .missingOther, at: 0),
        MalformedCase("{a,select,x{y}}", .missingOther, at: 0),
        MalformedCase("{a,plural,one{x}}", .missingOther, at: 0),
        MalformedCase("{a,plural,OTHER{x}}", .missingOther, at: 0),
        MalformedCase("{a,plural,offset:1}", .missingOther, at: 0),
        MalformedCase("ab{a,selectordinal,=1{x}one{y}}", .missingOther, at: 2),
        // Selectors.
        MalformedCase("{a,plural,={x}other{y}}", .badSelector, at: 10),
        MalformedCase("{a,plural,=abc{x}other{y}}", .badSelector, at: 10),
        MalformedCase("{a,plural,#{x}other{y}}", .badSelector, at: 10),
        MalformedCase("{a,plural,offset:1{x}other{y}}", .badSelector, at: 18),
        MalformedCase("{a,select,=1{x}other{y}}", .badSelector, at: 10),
        MalformedCase("{a,select,x{y}'other'{z}}", .badSelector, at: 14),
        // Selector without its message: ICU reports the selector.
        MalformedCase("{a,plural,one x other{y}}", .missingSubMessage, at: 10),
        MalformedCase("{a,plural,=1x{a}other{b}}", .missingSubMessage, at: 10),
        MalformedCase("{a,plural,one{x}other}", .missingSubMessage, at: 16),
        MalformedCase("{a,plural,other{x} one", .missingSubMessage, at: 19),
        MalformedCase("{a,select,offset:1 other{x}}", .missingSubMessage, at: 10),
        // Offsets.
        MalformedCase("{a,plural,other{x}offset:1}", .badOffset, at: 18),
        MalformedCase("{a,plural,offset:1 offset:2 other{x}}", .badOffset, at: 19),
        MalformedCase("{a,plural,offset:{x}other{y}}", .badOffset, at: 17),
        MalformedCase("{a,plural,offset: x other{y}}", .badOffset, at: 18),
        // Numbers: ICU reports the number.
        MalformedCase("{a,plural,=1-{x}other{y}}", .badNumber, at: 11),
        MalformedCase("{a,plural,=1e{x}other{y}}", .badNumber, at: 11),
        MalformedCase("{a,plural,=∞{x}other{y}}", .badNumber, at: 11),
        MalformedCase("{a,plural,=--1{x}other{y}}", .badNumber, at: 11),
        MalformedCase("{a,plural,offset:1.2.3 other{x}}", .badNumber, at: 17),
        MalformedCase("{a,plural,=" + String(repeating: "1", count: 128) + "{x}other{y}}", .badNumber, at: 11),
        // A quote in a simple style must close: ICU reports the style start.
        MalformedCase("{a,number,'x}", .unterminatedQuote, at: 10),
        MalformedCase("{a, date, 'yyyy}", .unterminatedQuote, at: 9),
        // Multi-line patterns: line and column as editors count them.
        MalformedCase("Hello\n{name, plural,\n  one {x}\n  two y\n}", .missingSubMessage, at: 33, line: 4, column: 3),
        MalformedCase("Line one\nLine {two", .unmatchedBrace, at: 14, line: 2, column: 6),
        MalformedCase("é\n  {a b}", .badArgumentSyntax, at: 6, line: 2, column: 4),
        MalformedCase("{a,select,\r\n x {y}\r\n}", .missingOther, at: 0, line: 1, column: 1),
        // Nesting beyond the limit: the first '{' too deep.
        MalformedCase(
            String(repeating: "{a,select,other{", count: MessageParser.maximumNestingDepth + 1),
            .nestingTooDeep,
            at: 16 * MessageParser.maximumNestingDepth
        ),
        MalformedCase(
            String(repeating: "{a,plural,other{#", count: 10_000),
            .nestingTooDeep,
            at: 17 * MessageParser.maximumNestingDepth
        ),
    ]

    @Test(arguments: cases)
    func reportsKindAndOffset(_ testCase: MalformedCase) {
        do {
            _ = try MessageParser.parse(testCase.pattern)
            Issue.record("the pattern parsed")
        } catch {
            #expect(error.kind == testCase.kind)
            #expect(error.byteOffset == testCase.offset)
            if let (line, column) = testCase.lineAndColumn {
                #expect(error.line == line)
                #expect(error.column == column)
            }
        }
    }

    @Test func everyErrorKindIsCovered() {
        let covered = Set(Self.cases.map(\.kind))
        #expect(covered == Set(MessageSyntaxError.Kind.allCases))
        #expect(Self.cases.count >= 45)
    }

    @Test(arguments: [
        ("{a b}", "',' or '}'"),
        ("{a,plural,one x other{y}}", "'{'"),
        ("{a,plural,one{x}}", "'other'"),
        ("{a", "'}'"),
    ])
    func saysWhatItExpected(_ pattern: String, _ expected: String) {
        do {
            _ = try MessageParser.parse(pattern)
            Issue.record("\(pattern) parsed")
        } catch {
            #expect(error.expected == expected)
            #expect(error.description.contains("(expected \(expected))"))
        }
    }

    @Test func lineAndColumnCountScalarsNotBytes() {
        do {
            _ = try MessageParser.parse("日本\n語 {")
            Issue.record("parsed")
        } catch {
            #expect(error.byteOffset == 11)
            #expect(error.offset == 5)
            #expect(error.line == 2)
            #expect(error.column == 3)
            #expect(error.description.hasPrefix("2:3: "))
        }
    }
}
