extension MessageParser.State {
    /// The type word of an argument, classified as ICU does (without regard to case).
    enum TypeWord {
        /// `{name}`.
        case none
        case simple(SimpleArgumentType)
        case plural
        case selectOrdinal
        case select
        /// `choice`, or a word that is no argument type: rejected once the whole pattern parsed.
        case rejected(ParseFailure)
    }

    /// `{ name [, type] ` up to the `,` or `}` that follows the type.
    struct ArgumentHead {
        var openBrace: Int
        var name: Range<Int>
        var typeWord: TypeWord
        var type: Range<Int>
        /// Whether a `,` (and so a style) follows the type.
        var hasStyle: Bool
    }

    /// Parses the argument whose `{` is at `index`, through its `}`.
    ///
    /// This function is on the recursion path (message → argument → cases → message): it keeps
    /// its own frame small and leaves the rest to non-inlined helpers.
    /// - Parameter level: how many arguments enclose it, itself included.
    mutating func parseArgument(level: Int) throws(ParseFailure) -> Argument {
        let head = try parseArgumentHead(level: level)
        let kind: ArgumentKind
        switch head.typeWord {
        case .plural:
            kind = try parseCases(of: .plural, openBrace: head.openBrace, level: level)
        case .selectOrdinal:
            kind = try parseCases(of: .selectOrdinal, openBrace: head.openBrace, level: level)
        case .select:
            kind = try parseCases(of: .select, openBrace: head.openBrace, level: level)
        default:
            kind = try parseNonNestingArgument(head)
        }
        return makeArgument(head, kind: kind)
    }

    /// The end of an argument that holds no messages: none, simple or rejected.
    @inline(never)
    private mutating func parseNonNestingArgument(_ head: ArgumentHead) throws(ParseFailure) -> ArgumentKind {
        switch head.typeWord {
        case .simple(let type):
            return .simple(try parseSimpleArgument(type, head: head))
        case .rejected(let failure):
            // Skipping the style as a simple one keeps ICU's error priority for the common shapes:
            // a later syntax error is still reported first.
            _ = try parseSimpleArgument(.number, head: head)
            deferredFailure = deferredFailure ?? failure
            return .none
        default:
            return .none
        }
    }

    @inline(never)
    private func makeArgument(_ head: ArgumentHead, kind: ArgumentKind) -> Argument {
        Argument(
            name: text(head.name),
            nameRange: SourceRange(head.name.lowerBound, head.name.upperBound),
            range: SourceRange(head.openBrace, index),
            kind: kind
        )
    }

    /// ICU's `parseArg` up to the style: leaves `index` just past the `,` that starts a style, or
    /// just past the `}` of an argument without one.
    @inline(never)
    private mutating func parseArgumentHead(level: Int) throws(ParseFailure) -> ArgumentHead {
        let openBrace = index
        guard level <= MessageParser.maximumNestingDepth else {
            throw ParseFailure(.nestingTooDeep, at: openBrace)
        }
        index = skipWhiteSpace(from: openBrace + 1)
        try requireMore(openBrace: openBrace)
        let nameStart = index
        index = skipIdentifier(from: index)
        let name = nameStart..<index
        try validateName(name)
        index = skipWhiteSpace(from: index)
        try requireMore(openBrace: openBrace)
        if bytes[index] == .rightBrace {
            index += 1
            return ArgumentHead(openBrace: openBrace, name: name, typeWord: .none, type: index..<index, hasStyle: false)
        }
        // ICU reports its "Bad argument syntax" errors at the name, whatever follows it.
        guard bytes[index] == .comma else { throw ParseFailure(.unexpectedAfterName, at: nameStart) }
        let typeStart = skipWhiteSpace(from: index + 1)
        let type = typeStart..<skipLetters(from: typeStart)
        index = skipWhiteSpace(from: type.upperBound)
        try requireMore(openBrace: openBrace)
        guard !type.isEmpty else { throw ParseFailure(.missingType, at: nameStart) }
        let hasStyle = bytes[index] == .comma
        guard hasStyle || bytes[index] == .rightBrace else { throw ParseFailure(.unexpectedAfterType, at: nameStart) }
        index += 1
        let typeWord = classify(type)
        switch typeWord {
        case .plural, .selectOrdinal, .select:
            guard hasStyle else { throw ParseFailure(.missingCases, at: nameStart) }
        case .rejected(let failure) where failure.problem == .choiceUnsupported:
            guard hasStyle else { throw ParseFailure(.missingCases, at: nameStart) }
        case .rejected(let failure) where failure.problem == .typeTooLong:
            throw failure
        default:
            break
        }
        return ArgumentHead(openBrace: openBrace, name: name, typeWord: typeWord, type: type, hasStyle: hasStyle)
    }

    /// What the type word means, matched without regard to case as ICU does.
    private func classify(_ type: Range<Int>) -> TypeWord {
        guard type.count <= Self.maximumTokenLength else {
            return .rejected(ParseFailure(.typeTooLong, at: type.lowerBound))
        }
        let word = text(type).lowercased()
        switch word {
        case "plural": return .plural
        case "selectordinal": return .selectOrdinal
        case "select": return .select
        case "choice": return .rejected(ParseFailure(.choiceUnsupported, at: type.lowerBound))
        default:
            guard let simple = SimpleArgumentType(rawValue: word) else {
                return .rejected(ParseFailure(.unknownType, at: type.lowerBound))
            }
            return .simple(simple)
        }
    }

    /// Reads a simple argument's optional style through the argument's `}`.
    @inline(never)
    private mutating func parseSimpleArgument(
        _ type: SimpleArgumentType,
        head: ArgumentHead
    ) throws(ParseFailure) -> SimpleArgument {
        let typeRange = SourceRange(head.type.lowerBound, head.type.upperBound)
        guard head.hasStyle else {
            return SimpleArgument(type: type, typeRange: typeRange, style: nil, styleRange: nil)
        }
        let style = try parseSimpleStyle(openBrace: head.openBrace)
        return SimpleArgument(
            type: type,
            typeRange: typeRange,
            style: text(style),
            styleRange: SourceRange(style.lowerBound, style.upperBound)
        )
    }

    /// ICU's `parseSimpleStyle`: the raw text (quotes kept, white space untrimmed) from `index` to
    /// the `}` ending the argument. A quote skips to the next apostrophe; unquoted braces must balance.
    private mutating func parseSimpleStyle(openBrace: Int) throws(ParseFailure) -> Range<Int> {
        let start = index
        var nestedBraces = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case .apostrophe:
                guard let closing = bytes[index...].firstIndex(of: .apostrophe) else {
                    throw ParseFailure(.unterminatedStyleQuote, at: start)
                }
                index = closing + 1
            case .leftBrace:
                nestedBraces += 1
            case .rightBrace where nestedBraces > 0:
                nestedBraces -= 1
            case .rightBrace:
                let style = start..<(index - 1)
                guard utf16Length(style) <= Self.maximumTokenLength else {
                    throw ParseFailure(.styleTooLong, at: start)
                }
                return style
            default:
                continue
            }
        }
        throw ParseFailure(.unclosedBrace, at: openBrace)
    }

    /// Checks a name as ICU's `parseArgNumber` does: all-ASCII-digit names are numbers, which may not
    /// have leading zeros nor exceed 32767; anything else non-empty is a name (`1a` included).
    private func validateName(_ name: Range<Int>) throws(ParseFailure) {
        guard !name.isEmpty else { throw ParseFailure(.missingName, at: name.lowerBound) }
        guard utf16Length(name) <= Self.maximumTokenLength else {
            throw ParseFailure(.nameTooLong, at: name.lowerBound)
        }
        let digits = bytes[name]
        guard digits.allSatisfy(\.isASCIIDigit) else { return }
        if digits.count > 1, digits.first == UInt8(ascii: "0") {
            throw ParseFailure(.leadingZero, at: name.lowerBound)
        }
        // ICU keeps argument numbers in 16 bits.
        if digits.count > 5 || digits.reduce(0, { $0 * 10 + Int($1 - UInt8(ascii: "0")) }) > 32767 {
            throw ParseFailure(.argumentNumberTooLarge, at: name.lowerBound)
        }
    }

    /// Throws `unclosedBrace` for the argument opened at `openBrace` when the pattern has ended.
    func requireMore(openBrace: Int) throws(ParseFailure) {
        guard index < bytes.count else { throw ParseFailure(.unclosedBrace, at: openBrace) }
    }
}
