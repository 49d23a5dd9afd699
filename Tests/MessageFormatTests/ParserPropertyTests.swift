import Foundation
import PropertyBased
import Testing

@testable import MessageFormat

/// Invariants of the parser on any input, and a round trip through generated well-formed patterns.
@Suite struct ParserPropertyTests {
    /// Syntax-heavy pieces: most random strings made of them are malformed in interesting ways.
    static let tokens = [
        "{", "}", "{", "}", "'", "''", "#", ",", "=", ":", " ", "\n", "plural", "select", "selectordinal", "offset",
        "offset:", "other", "one", "number", "date", "=0", "=1.5", "-", ".", "e", "0", "01", "12", "a", "b", "имя",
        "😀", "e\u{301}", "\u{301}", "\u{2028}", "\u{85}", "«", "∞", "PLURAL", "choice", "'{'", "{a}",
    ]

    static let noise = Gen<String?>.element(of: tokens).array(of: 0...40).map { $0.compactMap { $0 }.joined() }

    @Test func anyStringParsesOrFailsWithATypedError() async {
        await propertyCheck(count: 600, input: Self.noise) { pattern in
            do throws(MessageSyntaxError) {
                let message = try MessageParser.parse(pattern)
                #expect(Self.partsTile(message, in: pattern))
            } catch {
                #expect((0...pattern.utf8.count).contains(error.byteOffset))
                #expect(error.line >= 1 && error.column >= 1)
            }
        }
    }

    @Test func wellFormedPatternsRoundTrip() async {
        await propertyCheck(count: 300, input: PatternModel.generator) { model in
            do {
                let message = try MessageParser.parse(model.pattern)
                #expect(Self.canonical(message) == model.expected)
                #expect(Self.partsTile(message, in: model.pattern))
            } catch {
                Issue.record("\(model.pattern.debugDescription) failed: \(error)")
            }
        }
    }

    /// A pattern made of one unit repeated 10,000 times, named by its unit in test output.
    struct HostileNesting: Sendable, CustomTestStringConvertible {
        let unit: String
        let kind: MessageSyntaxError.Kind
        var pattern: String { String(repeating: unit, count: 10_000) }
        var testDescription: String { "\(unit.debugDescription) × 10,000 → \(kind.rawValue)" }
    }

    @Test(arguments: [
        HostileNesting(unit: "{a,select,other{", kind: .nestingTooDeep),
        HostileNesting(unit: "{a,plural,other{#", kind: .nestingTooDeep),
        HostileNesting(unit: "{", kind: .badArgumentName),
        HostileNesting(unit: "'{", kind: .badArgumentName),
        HostileNesting(unit: "{a,number,{", kind: .unmatchedBrace),
    ])
    func hostileNestingFailsOnASmallStack(_ hostile: HostileNesting) async {
        let (pattern, kind) = (hostile.pattern, hostile.kind)
        let result = await Self.onSmallStack { () -> MessageSyntaxError.Kind? in
            do throws(MessageSyntaxError) {
                _ = try MessageParser.parse(pattern)
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(result == kind)
    }

    @Test(arguments: ["plural", "select", "selectordinal"])
    func theDeepestAllowedNestingFitsASmallStack(_ type: String) async {
        let depth = MessageParser.maximumNestingDepth
        let pattern = String(repeating: "{a,\(type),other{", count: depth) + "x" + String(repeating: "}}", count: depth)
        let parsed = await Self.onSmallStack { (try? MessageParser.parse(pattern)) != nil }
        #expect(parsed)
    }

    /// Runs `body` on a thread with a 512 KiB stack, the smallest a server thread pool is likely to give.
    static func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    /// Parts are adjacent, non-empty and exactly cover their message; arguments and cases nest inside.
    static func partsTile(_ message: Message, in pattern: String) -> Bool {
        var position = message.range.start
        for part in message.parts {
            let range: SourceRange
            switch part {
            case .text(let text, let textRange):
                guard !text.isEmpty else { return false }
                range = textRange
            case .pound(let poundRange):
                range = poundRange
            case .argument(let argument):
                range = argument.range
                guard argument.nameRange.start > range.start, argument.nameRange.end < range.end else { return false }
                for nested in nestedMessages(argument.kind) {
                    guard nested.range.start > range.start, nested.range.end < range.end,
                        partsTile(nested, in: pattern)
                    else { return false }
                }
            }
            guard range.start == position, range.end > range.start else { return false }
            position = range.end
        }
        return position == message.range.end && message.range.end <= pattern.utf8.count
    }

    static func nestedMessages(_ kind: ArgumentKind) -> [Message] {
        switch kind {
        case .none, .simple: []
        case .plural(let plural), .selectOrdinal(let plural): plural.cases.map(\.message)
        case .select(let select): select.cases.map(\.message)
        }
    }

    /// The tree as text, literal runs merged, placeholders in ⟨…⟩: compared with the model's.
    static func canonical(_ message: Message) -> String {
        message.parts.map { part -> String in
            switch part {
            case .text(let text, _):
                return text
            case .pound:
                return "⟨#⟩"
            case .argument(let argument):
                switch argument.kind {
                case .none:
                    return "⟨\(argument.name)⟩"
                case .simple(let simple):
                    return "⟨\(argument.name):\(simple.type.rawValue):\(simple.style ?? "-")⟩"
                case .plural(let plural), .selectOrdinal(let plural):
                    let type = if case .plural = argument.kind { "plural" } else { "selectordinal" }
                    let cases = plural.cases.map { pluralCase -> String in
                        let selector =
                            switch pluralCase.selector {
                            case .exact(let value): "=\(value)"
                            case .keyword(let keyword): keyword
                            }
                        return "\(selector)[\(canonical(pluralCase.message))]"
                    }
                    return "⟨\(argument.name):\(type):\(plural.offset):\(cases.joined())⟩"
                case .select(let select):
                    let cases = select.cases.map { "\($0.keyword)[\(canonical($0.message))]" }
                    return "⟨\(argument.name):select:\(cases.joined())⟩"
                }
            }
        }.joined()
    }
}

/// A well-formed pattern generated from a random model, and the canonical form of the tree it must
/// parse to (see `ParserPropertyTests.canonical`).
struct PatternModel: Sendable, CustomStringConvertible {
    var pattern = ""
    var expected = ""
    /// Whether the pattern ends inside a quoted run (kept open so adjacent text runs share it:
    /// `'}'` followed by `'#'` would read as one quote holding an apostrophe).
    private var inQuote = false
    var description: String { pattern.debugDescription }

    static let generator = Generator<PatternModel, Shrink.None<PatternModel>> { rng in
        var model = PatternModel()
        model.appendMessage(depth: 0, context: .topLevel, using: &rng)
        model.closeQuote()
        return model
    }

    /// Characters of literal text, syntax characters included: the renderer quotes them.
    private static let literals: [Character] = [
        "a", "z", " ", "é", "😀", "e\u{301}", "'", "{", "}", "#", ",", "=", "|", "1", "\u{2028}",
    ]
    private static let names = ["a", "n", "0", "12", "1a", "имя", "user_name"]
    private static let simpleArguments = [
        ("number", nil), ("number", " integer"), ("Date", " short"), ("time", ""), ("spellout", nil),
        ("number", " '{'x'}'"), ("date", "{a}b"),
    ]
    private static let pluralSelectors = ["one", "few", "zero", "=0", "=1.5", "=-2", "=+3", "a"]
    private static let selectKeywords = ["a", "b", "one", "female", "x_y"]

    private static func pick<T>(_ values: [T], _ rng: inout any SeededRandomNumberGenerator) -> T {
        values[Int.random(in: 0..<values.count, using: &rng)]
    }

    private static func space(_ rng: inout any SeededRandomNumberGenerator) -> String {
        pick(["", "", " ", "  ", "\n", "\t"], &rng)
    }

    private mutating func appendMessage(
        depth: Int,
        context: MessageParser.Context,
        using rng: inout any SeededRandomNumberGenerator
    ) {
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                appendText(context: context, using: &rng)
            case 4 where context == .plural:
                closeQuote()
                pattern += "#"
                expected += "⟨#⟩"
            case 4..<6:
                appendSimpleArgument(using: &rng)
            default:
                if depth < 4 {
                    appendComplexArgument(depth: depth, using: &rng)
                } else {
                    appendText(context: context, using: &rng)
                }
            }
        }
    }

    /// Renders literal text the way a careful writer would: `''` for an apostrophe, special
    /// characters inside one quoted run, a lone `'` only between letters (`I'm`).
    private mutating func appendText(context: MessageParser.Context, using rng: inout any SeededRandomNumberGenerator) {
        let text = (0..<Int.random(in: 1...6, using: &rng)).map { _ in Self.pick(Self.literals, &rng) }
        for (position, character) in text.enumerated() {
            let isSpecial = character == "{" || character == "}" || (character == "#" && context == .plural)
            if isSpecial {
                if !inQuote {
                    pattern += "'"
                    inQuote = true
                }
                pattern.append(character)
            } else if character == "'" {
                let betweenLetters =
                    !inQuote && position > 0 && text[position - 1] == "a" && position + 1 < text.count
                    && text[position + 1] == "z"
                pattern += betweenLetters && Bool.random(using: &rng) ? "'" : "''"
            } else {
                if inQuote {
                    pattern += "'"
                    inQuote = false
                }
                pattern.append(character)
            }
            expected.append(character)
        }
    }

    private mutating func closeQuote() {
        if inQuote {
            pattern += "'"
            inQuote = false
        }
    }

    private mutating func appendSimpleArgument(using rng: inout any SeededRandomNumberGenerator) {
        closeQuote()
        let name = Self.pick(Self.names, &rng)
        if Bool.random(using: &rng) {
            pattern += "{" + Self.space(&rng) + name + Self.space(&rng) + "}"
            expected += "⟨\(name)⟩"
            return
        }
        let (type, style) = Self.pick(Self.simpleArguments, &rng)
        pattern += "{" + name + "," + Self.space(&rng) + type + Self.space(&rng)
        pattern += style.map { "," + $0 } ?? ""
        pattern += "}"
        expected += "⟨\(name):\(type.lowercased()):\(style ?? "-")⟩"
    }

    private mutating func appendComplexArgument(depth: Int, using rng: inout any SeededRandomNumberGenerator) {
        closeQuote()
        let name = Self.pick(Self.names, &rng)
        let type = Self.pick(["plural", "select", "selectordinal", "PLURAL"], &rng)
        let isSelect = type == "select"
        pattern += "{" + Self.space(&rng) + name + Self.space(&rng) + "," + Self.space(&rng) + type + ","
        var offset = 0.0
        if !isSelect, Bool.random(using: &rng) {
            offset = Double(Int.random(in: 0...3, using: &rng))
            pattern += Self.space(&rng) + "offset:" + Self.pick(["", " "], &rng) + String(Int(offset))
        }
        expected += "⟨\(name):\(isSelect ? "select" : type.lowercased()):" + (isSelect ? "" : "\(offset):")
        var selectors = (0..<Int.random(in: 0...2, using: &rng)).map { _ in
            Self.pick(isSelect ? Self.selectKeywords : Self.pluralSelectors, &rng)
        }
        selectors.insert("other", at: Int.random(in: 0...selectors.count, using: &rng))
        for selector in selectors {
            pattern += Self.space(&rng) + selector + Self.space(&rng) + "{"
            if selector.hasPrefix("="), let value = Double(selector.dropFirst()) {
                expected += "=\(value)["
            } else {
                expected += selector + "["
            }
            appendMessage(depth: depth + 1, context: isSelect ? .select : .plural, using: &rng)
            closeQuote()
            pattern += "}"
            expected += "]"
        }
        pattern += Self.space(&rng) + "}"
        expected += "⟩"
    }
}
