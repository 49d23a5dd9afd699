extension MessageParser.State {
    /// The argument types whose style is a list of cases.
    enum CasesType {
        case plural, selectOrdinal, select

        var isPlural: Bool { self != .select }
    }

    /// What stands before a case's message.
    enum CaseHead {
        /// The `}` ending the argument (already consumed).
        case end
        /// `offset:N` (already consumed).
        case offset(Double, SourceRange)
        /// A selector, followed by the `{` at `index`.
        case selector(PluralSelector, SourceRange)
    }

    /// ICU's `parsePluralOrSelectStyle`: `[offset:N] (selector {message})+ }` with at least an
    /// `other` case; `=N` and `offset:` only in plural styles. Starts at `index`, just after the
    /// comma, and ends past the argument's `}`.
    ///
    /// On the recursion path (message → argument → cases → message): everything that does not
    /// recurse happens in non-inlined helpers, keeping this frame small.
    mutating func parseCases(
        of type: CasesType,
        openBrace: Int,
        level: Int
    ) throws(ParseFailure) -> ArgumentKind {
        var offset: (value: Double, range: SourceRange)?
        var cases: [PluralCase] = []
        var hasOther = false
        while true {
            let isFirst = cases.isEmpty && offset == nil
            switch try parseCaseHead(isPlural: type.isPlural, openBrace: openBrace, isFirst: isFirst) {
            case .end:
                // ICU reports offset 0; the argument lacking the case is what needs fixing.
                guard hasOther else {
                    throw ParseFailure(type.isPlural ? .missingPluralOther : .missingSelectOther, at: openBrace)
                }
                return Self.makeKind(type, offset: offset, cases: cases)
            case .offset(let value, let range):
                offset = (value, range)
            case .selector(let selector, let range):
                hasOther = hasOther || selector == .keyword("other")
                let subMessageBrace = index
                index += 1
                let message = try parseMessage(
                    level: level,
                    context: type.isPlural ? .plural : .select,
                    openBrace: subMessageBrace
                )
                cases.append(PluralCase(selector: selector, selectorRange: range, message: message))
            }
        }
    }

    @inline(never)
    private static func makeKind(
        _ type: CasesType,
        offset: (value: Double, range: SourceRange)?,
        cases: [PluralCase]
    ) -> ArgumentKind {
        let plural = PluralArgument(offset: offset?.value ?? 0, offsetRange: offset?.range, cases: cases)
        switch type {
        case .plural:
            return .plural(plural)
        case .selectOrdinal:
            return .selectOrdinal(plural)
        case .select:
            // A select style has no `=N` selectors: '=' is Pattern_Syntax, so it fails as a keyword.
            return .select(
                SelectArgument(
                    cases: cases.compactMap { pluralCase in
                        guard case .keyword(let keyword) = pluralCase.selector else { return nil }
                        return SelectCase(
                            keyword: keyword,
                            keywordRange: pluralCase.selectorRange,
                            message: pluralCase.message
                        )
                    }
                )
            )
        }
    }

    /// Reads what comes before a case's message: the closing `}`, `offset:N`, or a selector and the
    /// white space up to its `{`.
    /// - Parameter isFirst: whether nothing (neither case nor offset) came before in this style.
    @inline(never)
    private mutating func parseCaseHead(
        isPlural: Bool,
        openBrace: Int,
        isFirst: Bool
    ) throws(ParseFailure) -> CaseHead {
        index = skipWhiteSpace(from: index)
        try requireMore(openBrace: openBrace)
        if bytes[index] == .rightBrace {
            index += 1
            return .end
        }
        let selectorStart = index
        let selector: PluralSelector
        if isPlural, bytes[index] == .equals {
            index = skipNumber(from: index + 1)
            guard index > selectorStart + 1 else { throw ParseFailure(.missingExactValue, at: selectorStart) }
            selector = .exact(try parseNumber(selectorStart + 1..<index))
        } else {
            index = skipIdentifier(from: index)
            let word = selectorStart..<index
            guard !word.isEmpty else {
                throw ParseFailure(isPlural ? .missingPluralSelector : .missingSelectKeyword, at: selectorStart)
            }
            if isPlural, index < bytes.count, bytes[index] == .colon, text(word) == "offset" {
                guard isFirst else { throw ParseFailure(.misplacedOffset, at: selectorStart) }
                let valueStart = skipWhiteSpace(from: index + 1)
                index = skipNumber(from: valueStart)
                guard index > valueStart else { throw ParseFailure(.missingOffsetValue, at: valueStart) }
                return .offset(try parseNumber(valueStart..<index), SourceRange(valueStart, index))
            }
            guard utf16Length(word) <= Self.maximumTokenLength else {
                throw ParseFailure(.selectorTooLong, at: selectorStart)
            }
            selector = .keyword(text(word))
        }
        let selectorRange = SourceRange(selectorStart, index)
        index = skipWhiteSpace(from: index)
        guard index < bytes.count, bytes[index] == .leftBrace else {
            throw ParseFailure(.missingSubMessage, at: selectorStart)
        }
        return .selector(selector, selectorRange)
    }

    /// Parses the number of an `=N` selector or `offset:N` as ICU's `parseDouble` (infinity not
    /// allowed) does: C `strtod` syntax over fewer than 128 characters.
    private func parseNumber(_ range: Range<Int>) throws(ParseFailure) -> Double {
        guard let value = Self.decimalValue(bytes[range]) else { throw ParseFailure(.badNumber, at: range.lowerBound) }
        return value
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, or nil.
    static func decimalValue(_ characters: ArraySlice<UInt8>) -> Double? {
        guard characters.count < 128 else { return nil }
        var index = characters.startIndex
        func skip(_ predicate: (UInt8) -> Bool) -> Int {
            let start = index
            while index < characters.endIndex, predicate(characters[index]) {
                index += 1
            }
            return index - start
        }
        let isSign: (UInt8) -> Bool = { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
        if index < characters.endIndex, isSign(characters[index]) {
            index += 1
        }
        var mantissaDigits = skip(\.isASCIIDigit)
        if index < characters.endIndex, characters[index] == UInt8(ascii: ".") {
            index += 1
            mantissaDigits += skip(\.isASCIIDigit)
        }
        guard mantissaDigits > 0 else { return nil }
        if index < characters.endIndex, (characters[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            if index < characters.endIndex, isSign(characters[index]) {
                index += 1
            }
            guard skip(\.isASCIIDigit) > 0 else { return nil }
        }
        guard index == characters.endIndex,
            let value = Double(String(decoding: characters, as: UTF8.self))
        else { return nil }
        // ICU reads "-0" as the integer 0; plural matching cannot tell -0.0 from 0 anyway.
        return value == 0 ? 0 : value
    }
}
