extension MessageParser.State {
    /// Parses the argument whose `{` is at `index`, through its `}`.
    /// - Parameter level: how many arguments enclose it, itself included.
    mutating func parseArgument(level: Int) throws(MessageSyntaxError) -> Argument {
        let openBrace = index
        guard level <= MessageParser.maximumNestingDepth else {
            throw error(
                .nestingTooDeep,
                "Arguments nest deeper than \(MessageParser.maximumNestingDepth) levels",
                at: openBrace)
        }
        index = skipWhiteSpace(from: openBrace + 1)
        try requireMore(openBrace: openBrace)
        let nameStart = index
        index = skipIdentifier(from: index)
        let nameRange = nameStart..<index
        try validateName(nameRange)
        index = skipWhiteSpace(from: index)
        try requireMore(openBrace: openBrace)
        if bytes[index] == .rightBrace {
            index += 1
            return argument(nameRange, openBrace: openBrace, kind: .none)
        }
        guard bytes[index] == .comma else {
            // ICU reports its "Bad argument syntax" errors at the name, whatever follows it.
            throw error(
                .badArgumentSyntax, "Unexpected character after the argument name", expected: "',' or '}'",
                at: nameStart)
        }
        let typeStart = skipWhiteSpace(from: index + 1)
        index = typeStart
        while index < bytes.count, bytes[index].isASCIILetter {
            index += 1
        }
        let typeRange = typeStart..<index
        index = skipWhiteSpace(from: index)
        try requireMore(openBrace: openBrace)
        guard !typeRange.isEmpty else {
            throw error(.badArgumentSyntax, "Missing argument type", expected: "an argument type", at: nameStart)
        }
        let terminator = bytes[index]
        guard terminator == .comma || terminator == .rightBrace else {
            throw error(
                .badArgumentSyntax, "Unexpected character after the argument type", expected: "',' or '}'",
                at: nameStart)
        }
        let kind = try parseArgumentBody(
            type: text(typeRange).lowercased(), typeRange: typeRange, nameStart: nameStart, openBrace: openBrace,
            level: level)
        return argument(nameRange, openBrace: openBrace, kind: kind)
    }

    /// Parses what follows the type word (at `index`, a `,` or `}`) through the argument's `}`.
    private mutating func parseArgumentBody(
        type: String,
        typeRange: Range<Int>,
        nameStart: Int,
        openBrace: Int,
        level: Int
    ) throws(MessageSyntaxError) -> ArgumentKind {
        let hasStyle = bytes[index] == .comma
        index += 1
        switch type {
        case "plural", "selectordinal", "select", "choice":
            guard hasStyle else {
                throw error(
                    .missingStyle, "A \(type) argument needs its cases", expected: "','", at: nameStart)
            }
            switch type {
            case "plural":
                return .plural(try parsePluralBody(openBrace: openBrace, level: level))
            case "selectordinal":
                return .selectOrdinal(try parsePluralBody(openBrace: openBrace, level: level))
            case "select":
                return .select(try parseSelectBody(openBrace: openBrace, level: level))
            default:
                // ICU accepts choice; we do not. Skipping its style like a simple one keeps ICU's
                // error priority for the common shapes: a later syntax error is still reported first.
                _ = try parseSimpleStyle(openBrace: openBrace)
                deferError(
                    .unknownArgumentType, "'choice' arguments are not supported; use plural or select instead",
                    at: typeRange.lowerBound)
                return .none
            }
        default:
            guard typeRange.count <= Self.maximumTokenLength else {
                throw error(.unknownArgumentType, "Argument type too long", at: typeRange.lowerBound)
            }
            let style = hasStyle ? try parseSimpleStyle(openBrace: openBrace) : nil
            guard let simpleType = SimpleArgumentType(rawValue: type) else {
                let known = SimpleArgumentType.allCases.map(\.rawValue).joined(separator: ", ")
                deferError(
                    .unknownArgumentType, "Unknown argument type '\(text(typeRange))'",
                    expected: "\(known), plural, selectordinal or select", at: typeRange.lowerBound)
                return .none
            }
            return .simple(
                SimpleArgument(
                    type: simpleType,
                    typeRange: SourceRange(typeRange.lowerBound, typeRange.upperBound),
                    style: style.map { text($0) },
                    styleRange: style.map { SourceRange($0.lowerBound, $0.upperBound) }))
        }
    }

    /// Reads a simple argument's style from `index` through the argument's `}`, returning the range
    /// of the style text (raw: quotes kept, white space untrimmed).
    ///
    /// A quote skips to the next apostrophe; unquoted braces must balance.
    private mutating func parseSimpleStyle(openBrace: Int) throws(MessageSyntaxError) -> Range<Int> {
        let start = index
        var nestedBraces = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case .apostrophe:
                guard let closing = bytes[index...].firstIndex(of: .apostrophe) else {
                    throw error(
                        .unterminatedQuote, "Quoted text in the argument style reaches the end of the message",
                        expected: "\"'\"", at: start)
                }
                index = closing + 1
            case .leftBrace:
                nestedBraces += 1
            case .rightBrace where nestedBraces > 0:
                nestedBraces -= 1
            case .rightBrace:
                let range = start..<(index - 1)
                guard utf16Length(range) <= Self.maximumTokenLength else {
                    throw error(.badArgumentSyntax, "Argument style text too long", at: start)
                }
                return range
            default:
                continue
            }
        }
        throw error(.unmatchedBrace, "'{' is never closed", expected: "'}'", at: openBrace)
    }

    /// Checks a name as ICU's `parseArgNumber` does: all-ASCII-digit names are numbers, which may not
    /// have leading zeros nor exceed 32767; anything else non-empty is a name (`1a` included).
    private func validateName(_ range: Range<Int>) throws(MessageSyntaxError) {
        guard !range.isEmpty else {
            throw error(.badArgumentName, "Missing argument name", expected: "an argument name", at: range.lowerBound)
        }
        guard utf16Length(range) <= Self.maximumTokenLength else {
            throw error(.badArgumentName, "Argument name too long", at: range.lowerBound)
        }
        let digits = bytes[range]
        guard digits.allSatisfy(\.isASCIIDigit) else { return }
        if digits.count > 1, digits.first == UInt8(ascii: "0") {
            throw error(
                .badArgumentName, "An argument number may not have leading zeros", expected: "an argument name",
                at: range.lowerBound)
        }
        // ICU keeps argument numbers in 16 bits.
        if digits.count > 5 || Int(text(range)) ?? Int.max > 32767 {
            throw error(.badArgumentName, "Argument number too large (the maximum is 32767)", at: range.lowerBound)
        }
    }

    /// Throws `unmatchedBrace` for the argument opened at `openBrace` when the pattern has ended.
    func requireMore(openBrace: Int) throws(MessageSyntaxError) {
        guard index < bytes.count else {
            throw error(.unmatchedBrace, "'{' is never closed", expected: "'}'", at: openBrace)
        }
    }

    /// Remembers the first error that ICU raises only after parsing the whole pattern.
    private mutating func deferError(
        _ kind: MessageSyntaxError.Kind,
        _ message: String,
        expected: String? = nil,
        at offset: Int
    ) {
        if deferredError == nil {
            deferredError = error(kind, message, expected: expected, at: offset)
        }
    }

    private func argument(_ nameRange: Range<Int>, openBrace: Int, kind: ArgumentKind) -> Argument {
        Argument(
            name: text(nameRange),
            nameRange: SourceRange(nameRange.lowerBound, nameRange.upperBound),
            range: SourceRange(openBrace, index),
            kind: kind)
    }
}
