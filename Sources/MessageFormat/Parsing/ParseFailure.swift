/// A syntax error inside the recursive descent: a problem code and a byte offset, nothing else.
///
/// The parser recurses once per nesting level, and a hostile pattern may nest up to
/// `MessageParser.maximumNestingDepth` levels on a 512 KiB thread stack. Keeping strings out of
/// the recursive functions keeps their frames small; the readable `MessageSyntaxError` is built
/// once, at the top, by `syntaxError(in:)`.
struct ParseFailure: Error {
    /// What went wrong.
    enum Problem {
        case unclosedBrace
        case nestingTooDeep
        case missingName
        case nameTooLong
        case leadingZero
        case argumentNumberTooLarge
        case unexpectedAfterName
        case missingType
        case unexpectedAfterType
        case styleTooLong
        case missingCases
        case choiceUnsupported
        case unknownType
        case typeTooLong
        case missingPluralOther
        case missingSelectOther
        case missingExactValue
        case missingPluralSelector
        case missingSelectKeyword
        case selectorTooLong
        case misplacedOffset
        case missingOffsetValue
        case badNumber
        case missingSubMessage
        case unterminatedStyleQuote
    }

    /// What went wrong.
    var problem: Problem
    /// UTF-8 byte offset into the pattern.
    var offset: Int

    /// Creates a failure at a byte offset.
    init(_ problem: Problem, at offset: Int) {
        self.problem = problem
        self.offset = offset
    }
}

extension ParseFailure {
    /// The public error, with its kind, message and expectation.
    /// - Parameter state: the parser run, for the pattern and its words.
    func syntaxError(in state: MessageParser.State) -> MessageSyntaxError {
        let (kind, message, expected) = description(in: state)
        return MessageSyntaxError(kind, message, expected: expected, byteOffset: offset, in: state.pattern)
    }

    private func description(
        in state: MessageParser.State
    ) -> (MessageSyntaxError.Kind, String, String?) {
        let depth = MessageParser.maximumNestingDepth
        switch problem {
        case .unclosedBrace:
            return (.unmatchedBrace, "This '{' is never closed", "'}'")
        case .nestingTooDeep:
            return (.nestingTooDeep, "Arguments nest deeper than \(depth) levels", nil)
        case .missingName:
            return (.badArgumentName, "Missing argument name", "an argument name")
        case .nameTooLong:
            return (.badArgumentName, "Argument name longer than 65535 UTF-16 units", nil)
        case .leadingZero:
            return (.badArgumentName, "An argument number may not have leading zeros", "an argument name or number")
        case .argumentNumberTooLarge:
            return (.badArgumentName, "Argument number larger than 32767", nil)
        case .unexpectedAfterName:
            return (.badArgumentSyntax, "Unexpected character after the argument name", "',' or '}'")
        case .missingType:
            return (.badArgumentSyntax, "Missing argument type after ','", "an argument type")
        case .unexpectedAfterType:
            return (.badArgumentSyntax, "Unexpected character after the argument type", "',' or '}'")
        case .styleTooLong:
            return (.badArgumentSyntax, "Argument style longer than 65535 UTF-16 units", nil)
        case .missingCases:
            return (.missingStyle, "A plural, selectordinal or select argument needs its cases", "','")
        case .choiceUnsupported:
            return (.unknownArgumentType, "'choice' arguments are not supported; use plural or select", nil)
        case .unknownType:
            let word = state.text(offset..<state.skipLetters(from: offset))
            let known = SimpleArgumentType.allCases.map(\.rawValue).joined(separator: ", ")
            let expected = "\(known), plural, selectordinal or select"
            return (.unknownArgumentType, "Unknown argument type '\(word)'", expected)
        case .typeTooLong:
            return (.unknownArgumentType, "Argument type longer than 65535 characters", nil)
        case .missingPluralOther:
            return (.missingOther, "A plural or selectordinal argument needs an 'other' case", "'other'")
        case .missingSelectOther:
            return (.missingOther, "A select argument needs an 'other' case", "'other'")
        case .missingExactValue:
            return (.badSelector, "'=' must be followed by a number", "a number")
        case .missingPluralSelector:
            return (.badSelector, "Bad plural selector", "a plural category, '=' and a number, or '}'")
        case .missingSelectKeyword:
            return (.badSelector, "Bad select keyword", "a keyword or '}'")
        case .selectorTooLong:
            return (.badSelector, "Selector longer than 65535 UTF-16 units", nil)
        case .misplacedOffset:
            return (.badOffset, "'offset:' must come once, before the first case", nil)
        case .missingOffsetValue:
            return (.badOffset, "Missing value for 'offset:'", "a number")
        case .badNumber:
            let number = state.text(offset..<state.skipNumber(from: offset))
            return (.badNumber, "Bad number '\(number)'", "a decimal number")
        case .missingSubMessage:
            return (.missingSubMessage, "A selector must be followed by its message", "'{'")
        case .unterminatedStyleQuote:
            return (.unterminatedQuote, "Quoted text in the argument style reaches the end of the pattern", "\"'\"")
        }
    }
}
