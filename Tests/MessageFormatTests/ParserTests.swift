import Testing

@testable import MessageFormat

/// Builders that keep the hand-written expected trees short. Offsets are UTF-8 bytes, counted by
/// hand from the pattern; the shapes follow ICU4C 72's MessagePattern rules.
enum Tree {
    static func msg(_ start: Int, _ end: Int, _ parts: MessagePart...) -> Message {
        Message(parts: parts, range: SourceRange(start, end))
    }

    static func text(_ text: String, _ start: Int, _ end: Int) -> MessagePart {
        .text(text, SourceRange(start, end))
    }

    static func pound(_ at: Int) -> MessagePart {
        .pound(SourceRange(at, at + 1))
    }

    /// An argument whose name starts at `nameAt`; the whole argument spans `start..<end`.
    static func arg(
        _ name: String,
        _ nameAt: Int,
        _ start: Int,
        _ end: Int,
        _ kind: ArgumentKind = .none
    )
        -> MessagePart
    {
        .argument(
            Argument(
                name: name,
                nameRange: SourceRange(nameAt, nameAt + name.utf8.count),
                range: SourceRange(start, end),
                kind: kind
            )
        )
    }

    static func simple(
        _ type: SimpleArgumentType,
        _ typeStart: Int,
        _ typeEnd: Int,
        style: (String, Int)? = nil
    )
        -> ArgumentKind
    {
        .simple(
            SimpleArgument(
                type: type,
                typeRange: SourceRange(typeStart, typeEnd),
                style: style?.0,
                styleRange: style.map { SourceRange($0.1, $0.1 + $0.0.utf8.count) }
            )
        )
    }

    static func plural(offset: (Double, Int, Int)? = nil, _ cases: PluralCase...) -> ArgumentKind {
        .plural(pluralBody(offset: offset, cases))
    }

    static func ordinal(_ cases: PluralCase...) -> ArgumentKind {
        .selectOrdinal(pluralBody(offset: nil, cases))
    }

    private static func pluralBody(offset: (Double, Int, Int)?, _ cases: [PluralCase]) -> PluralArgument {
        PluralArgument(
            offset: offset?.0 ?? 0,
            offsetRange: offset.map { SourceRange($0.1, $0.2) },
            cases: cases
        )
    }

    static func one(_ keyword: String, _ start: Int, _ end: Int, _ message: Message) -> PluralCase {
        PluralCase(selector: .keyword(keyword), selectorRange: SourceRange(start, end), message: message)
    }

    static func exact(_ value: Double, _ start: Int, _ end: Int, _ message: Message) -> PluralCase {
        PluralCase(selector: .exact(value), selectorRange: SourceRange(start, end), message: message)
    }

    static func select(_ cases: SelectCase...) -> ArgumentKind {
        .select(SelectArgument(cases: cases))
    }

    static func when(_ keyword: String, _ start: Int, _ message: Message) -> SelectCase {
        SelectCase(
            keyword: keyword,
            keywordRange: SourceRange(start, start + keyword.utf8.count),
            message: message
        )
    }
}

/// One pattern and the tree ICU's rules give for it.
struct ParserCase: Sendable, CustomTestStringConvertible {
    let pattern: String
    let expected: Message
    var testDescription: String { pattern.debugDescription }

    init(_ pattern: String, _ expected: Message) {
        self.pattern = pattern
        self.expected = expected
    }
}

@Suite struct ParserTests {
    static let literalCases: [ParserCase] = {
        typealias T = Tree
        return [
            ParserCase("", T.msg(0, 0)),
            ParserCase("Hello", T.msg(0, 5, T.text("Hello", 0, 5))),
            ParserCase("It''s", T.msg(0, 5, T.text("It's", 0, 5))),
            ParserCase("'{'", T.msg(0, 3, T.text("{", 0, 3))),
            ParserCase("'}'", T.msg(0, 3, T.text("}", 0, 3))),
            ParserCase("'{a}'", T.msg(0, 5, T.text("{a}", 0, 5))),
            ParserCase("'{''}'", T.msg(0, 6, T.text("{'}", 0, 6))),
            ParserCase("a''b'{'c", T.msg(0, 8, T.text("a'b{c", 0, 8))),
            // An apostrophe before an ordinary character is itself literal.
            ParserCase("I'm {n}", T.msg(0, 7, T.text("I'm ", 0, 4), T.arg("n", 5, 4, 7))),
            // Outside a plural, '#' is not syntax: the apostrophes stay.
            ParserCase("'#' #", T.msg(0, 5, T.text("'#' #", 0, 5))),
            // A quote that never closes runs to the end, without an error.
            ParserCase("'{unterminated", T.msg(0, 14, T.text("{unterminated", 0, 14))),
            ParserCase("a'", T.msg(0, 2, T.text("a'", 0, 2))),
            ParserCase("'", T.msg(0, 1, T.text("'", 0, 1))),
            // At the top level an unmatched '}' is text.
            ParserCase("a}b", T.msg(0, 3, T.text("a}b", 0, 3))),
            ParserCase("a}{b}", T.msg(0, 5, T.text("a}", 0, 2), T.arg("b", 3, 2, 5))),
            ParserCase("''{b}''", T.msg(0, 7, T.text("'", 0, 2), T.arg("b", 3, 2, 5), T.text("'", 5, 7))),
            ParserCase("😀 {a} é", T.msg(0, 11, T.text("😀 ", 0, 5), T.arg("a", 6, 5, 8), T.text(" é", 8, 11))),
            ParserCase("e\u{301}'{'", T.msg(0, 6, T.text("e\u{301}{", 0, 6))),
        ]
    }()

    static let argumentCases: [ParserCase] = {
        typealias T = Tree
        return [
            ParserCase("{a}{b}", T.msg(0, 6, T.arg("a", 1, 0, 3), T.arg("b", 4, 3, 6))),
            ParserCase("{ a }", T.msg(0, 5, T.arg("a", 2, 0, 5))),
            ParserCase("{0}", T.msg(0, 3, T.arg("0", 1, 0, 3))),
            ParserCase("{12}", T.msg(0, 4, T.arg("12", 1, 0, 4))),
            // ICU: digits followed by other identifier characters make a name, not a bad number.
            ParserCase("{1a}", T.msg(0, 4, T.arg("1a", 1, 0, 4))),
            ParserCase("{user_name}", T.msg(0, 11, T.arg("user_name", 1, 0, 11))),
            ParserCase("{имя}", T.msg(0, 8, T.arg("имя", 1, 0, 8))),
            // U+0085 and U+200E are Pattern_White_Space.
            ParserCase("{\u{85}a\u{200E}}", T.msg(0, 8, T.arg("a", 3, 0, 8))),
            ParserCase("{n, number}", T.msg(0, 11, T.arg("n", 1, 0, 11, T.simple(.number, 4, 10)))),
            ParserCase("{n,Number}", T.msg(0, 10, T.arg("n", 1, 0, 10, T.simple(.number, 3, 9)))),
            ParserCase("{n,DATE}", T.msg(0, 8, T.arg("n", 1, 0, 8, T.simple(.date, 3, 7)))),
            ParserCase(
                "{n, number, integer}",
                T.msg(0, 20, T.arg("n", 1, 0, 20, T.simple(.number, 4, 10, style: (" integer", 11))))
            ),
            ParserCase("{n,number,}", T.msg(0, 11, T.arg("n", 1, 0, 11, T.simple(.number, 3, 9, style: ("", 10))))),
            // Style text is raw: quotes kept, quoted braces skipped, unquoted braces balanced.
            ParserCase(
                "{n,number,'{'x'}'}",
                T.msg(0, 18, T.arg("n", 1, 0, 18, T.simple(.number, 3, 9, style: ("'{'x'}'", 10))))
            ),
            ParserCase(
                "{d,date,{a}b}",
                T.msg(0, 13, T.arg("d", 1, 0, 13, T.simple(.date, 3, 7, style: ("{a}b", 8))))
            ),
            ParserCase(
                "{t, time, ::jmm }",
                T.msg(0, 17, T.arg("t", 1, 0, 17, T.simple(.time, 4, 8, style: (" ::jmm ", 9))))
            ),
            ParserCase("{n,spellout}", T.msg(0, 12, T.arg("n", 1, 0, 12, T.simple(.spellout, 3, 11)))),
            ParserCase("{n,ordinal}", T.msg(0, 11, T.arg("n", 1, 0, 11, T.simple(.ordinal, 3, 10)))),
            ParserCase("{n,duration}", T.msg(0, 12, T.arg("n", 1, 0, 12, T.simple(.duration, 3, 11)))),
        ]
    }()

    static let pluralCases: [ParserCase] = {
        typealias T = Tree
        return [
            ParserCase(
                "{n, plural, one {# item} other {# items}}",
                T.msg(
                    0,
                    41,
                    T.arg(
                        "n",
                        1,
                        0,
                        41,
                        T.plural(
                            T.one("one", 12, 15, T.msg(17, 23, T.pound(17), T.text(" item", 18, 23))),
                            T.one("other", 25, 30, T.msg(32, 39, T.pound(32), T.text(" items", 33, 39)))
                        )
                    )
                )
            ),
            ParserCase(
                "{n,PLURAL,offset:1 =0{none} other{#}}",
                T.msg(
                    0,
                    37,
                    T.arg(
                        "n",
                        1,
                        0,
                        37,
                        T.plural(
                            offset: (1, 17, 18),
                            T.exact(0, 19, 21, T.msg(22, 26, T.text("none", 22, 26))),
                            T.one("other", 28, 33, T.msg(34, 35, T.pound(34)))
                        )
                    )
                )
            ),
            ParserCase(
                "{n,plural,offset: 2 other{x}}",
                T.msg(
                    0,
                    29,
                    T.arg(
                        "n",
                        1,
                        0,
                        29,
                        T.plural(offset: (2, 18, 19), T.one("other", 20, 25, T.msg(26, 27, T.text("x", 26, 27))))
                    )
                )
            ),
            ParserCase(
                "{n,plural,=-1{a}=1.5{b}other{c}}",
                T.msg(
                    0,
                    32,
                    T.arg(
                        "n",
                        1,
                        0,
                        32,
                        T.plural(
                            T.exact(-1, 10, 13, T.msg(14, 15, T.text("a", 14, 15))),
                            T.exact(1.5, 16, 20, T.msg(21, 22, T.text("b", 21, 22))),
                            T.one("other", 23, 28, T.msg(29, 30, T.text("c", 29, 30)))
                        )
                    )
                )
            ),
            ParserCase(
                "{n,plural,=1e3{k}=+2{t}other{}}",
                T.msg(
                    0,
                    31,
                    T.arg(
                        "n",
                        1,
                        0,
                        31,
                        T.plural(
                            T.exact(1000, 10, 14, T.msg(15, 16, T.text("k", 15, 16))),
                            T.exact(2, 17, 20, T.msg(21, 22, T.text("t", 21, 22))),
                            T.one("other", 23, 28, T.msg(29, 29))
                        )
                    )
                )
            ),
            // Directly inside a plural, '#' is the number and '#' can be quoted.
            ParserCase(
                "{n,plural,other{'#' '{' #}}",
                T.msg(
                    0,
                    27,
                    T.arg(
                        "n",
                        1,
                        0,
                        27,
                        T.plural(T.one("other", 10, 15, T.msg(16, 25, T.text("# { ", 16, 24), T.pound(24))))
                    )
                )
            ),
            ParserCase(
                "{n,plural,other{I'm #}}",
                T.msg(
                    0,
                    23,
                    T.arg(
                        "n",
                        1,
                        0,
                        23,
                        T.plural(T.one("other", 10, 15, T.msg(16, 21, T.text("I'm ", 16, 20), T.pound(20))))
                    )
                )
            ),
            // In a select nested in a plural, '#' is plain text again.
            ParserCase(
                "{n,plural,other{{g,select,other{#}}}}",
                T.msg(
                    0,
                    37,
                    T.arg(
                        "n",
                        1,
                        0,
                        37,
                        T.plural(
                            T.one(
                                "other",
                                10,
                                15,
                                T.msg(
                                    16,
                                    35,
                                    T.arg(
                                        "g",
                                        17,
                                        16,
                                        35,
                                        T.select(T.when("other", 26, T.msg(32, 33, T.text("#", 32, 33))))
                                    )
                                )
                            )
                        )
                    )
                )
            ),
            ParserCase(
                "{a,plural,one{{b,select,x{{c,plural,other{#}}}other{}}}other{}}",
                T.msg(
                    0,
                    63,
                    T.arg(
                        "a",
                        1,
                        0,
                        63,
                        T.plural(
                            T.one(
                                "one",
                                10,
                                13,
                                T.msg(
                                    14,
                                    54,
                                    T.arg(
                                        "b",
                                        15,
                                        14,
                                        54,
                                        T.select(
                                            T.when(
                                                "x",
                                                24,
                                                T.msg(
                                                    26,
                                                    45,
                                                    T.arg(
                                                        "c",
                                                        27,
                                                        26,
                                                        45,
                                                        T.plural(T.one("other", 36, 41, T.msg(42, 43, T.pound(42))))
                                                    )
                                                )
                                            ),
                                            T.when("other", 46, T.msg(52, 52))
                                        )
                                    )
                                )
                            ),
                            T.one("other", 55, 60, T.msg(61, 61))
                        )
                    )
                )
            ),
            ParserCase(
                "{n,selectordinal,one{#st}other{#th}}",
                T.msg(
                    0,
                    36,
                    T.arg(
                        "n",
                        1,
                        0,
                        36,
                        T.ordinal(
                            T.one("one", 17, 20, T.msg(21, 24, T.pound(21), T.text("st", 22, 24))),
                            T.one("other", 25, 30, T.msg(31, 34, T.pound(31), T.text("th", 32, 34)))
                        )
                    )
                )
            ),
            ParserCase(
                "{ n , plural , other { x } }",
                T.msg(
                    0,
                    28,
                    T.arg("n", 2, 0, 28, T.plural(T.one("other", 15, 20, T.msg(22, 25, T.text(" x ", 22, 25)))))
                )
            ),
            // Duplicate and unknown selectors are kept, in order.
            ParserCase(
                "{s,select,a{1}a{2}other{3}}",
                T.msg(
                    0,
                    27,
                    T.arg(
                        "s",
                        1,
                        0,
                        27,
                        T.select(
                            T.when("a", 10, T.msg(12, 13, T.text("1", 12, 13))),
                            T.when("a", 14, T.msg(16, 17, T.text("2", 16, 17))),
                            T.when("other", 18, T.msg(24, 25, T.text("3", 24, 25)))
                        )
                    )
                )
            ),
            ParserCase(
                "{n,plural,few{a}other{b}}",
                T.msg(
                    0,
                    25,
                    T.arg(
                        "n",
                        1,
                        0,
                        25,
                        T.plural(
                            T.one("few", 10, 13, T.msg(14, 15, T.text("a", 14, 15))),
                            T.one("other", 16, 21, T.msg(22, 23, T.text("b", 22, 23)))
                        )
                    )
                )
            ),
        ]
    }()

    @Test(arguments: literalCases + argumentCases + pluralCases)
    func parsesToTheExpectedTree(_ testCase: ParserCase) throws {
        let message = try MessageParser.parse(testCase.pattern)
        #expect(message == testCase.expected)
    }

    @Test(arguments: SimpleArgumentType.allCases)
    func simpleTypesMatchWithoutRegardToCase(_ type: SimpleArgumentType) throws {
        let name = type.rawValue
        for word in [name, name.uppercased(), name.prefix(1).uppercased() + name.dropFirst()] {
            let end = 4 + word.utf8.count
            let message = try MessageParser.parse("{x,\(word)}")
            #expect(message == Tree.msg(0, end, Tree.arg("x", 1, 0, end, Tree.simple(type, 3, end - 1))))
        }
    }

    @Test func exactlyTheMaximumNestingDepthParses() throws {
        let depth = MessageParser.maximumNestingDepth
        let pattern = String(repeating: "{a,select,other{", count: depth) + "x" + String(repeating: "}}", count: depth)
        var message = try MessageParser.parse(pattern)
        for _ in 0..<depth {
            guard case .argument(let argument) = message.parts.first, case .select(let select) = argument.kind,
                let only = select.cases.first
            else {
                Issue.record("expected a select at every level")
                return
            }
            message = only.message
        }
        #expect(message.parts == [Tree.text("x", 16 * depth, 16 * depth + 1)])
    }
}
