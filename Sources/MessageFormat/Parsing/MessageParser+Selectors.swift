extension MessageParser.State {
    /// Parses a plural or selectordinal style from `index` (just after the comma) through the
    /// argument's `}`.
    mutating func parsePluralBody(openBrace: Int, level: Int) throws(MessageSyntaxError) -> PluralArgument {
        let body = try parseCases(isPlural: true, openBrace: openBrace, level: level)
        return PluralArgument(offset: body.offset, offsetRange: body.offsetRange, cases: body.cases)
    }

    /// Parses a select style from `index` (just after the comma) through the argument's `}`.
    mutating func parseSelectBody(openBrace: Int, level: Int) throws(MessageSyntaxError) -> SelectArgument {
        let body = try parseCases(isPlural: false, openBrace: openBrace, level: level)
        // A select style has no `=N` selectors: '=' is Pattern_Syntax, so it fails as a keyword.
        let cases = body.cases.compactMap { pluralCase -> SelectCase? in
            guard case .keyword(let keyword) = pluralCase.selector else { return nil }
            return SelectCase(keyword: keyword, keywordRange: pluralCase.selectorRange, message: pluralCase.message)
        }
        return SelectArgument(cases: cases)
    }

    /// ICU's `parsePluralOrSelectStyle`: `[offset:N] (selector {message})+ }` with at least an
    /// `other` case; `=N` and `offset:` only in plural styles.
    private mutating func parseCases(
        isPlural: Bool,
        openBrace: Int,
        level: Int
    ) throws(MessageSyntaxError) -> (offset: Double, offsetRange: SourceRange?, cases: [PluralCase]) {
        var offset = 0.0
        var offsetRange: SourceRange?
        var cases: [PluralCase] = []
        var hasOther = false
        let expectedSelector = isPlural ? "a plural category, '=' and a number, or '}'" : "a keyword or '}'"
        while true {
            index = skipWhiteSpace(from: index)
            try requireMore(openBrace: openBrace)
            if bytes[index] == .rightBrace {
                guard hasOther else {
                    // ICU reports offset 0; the argument lacking the case is what needs fixing.
                    throw error(
                        .missingOther, "A \(isPlural ? "plural" : "select") argument needs an 'other' case",
                        expected: "'other'", at: openBrace)
                }
                index += 1
                return (offset, offsetRange, cases)
            }
            let selectorStart = index
            let selector: PluralSelector
            if isPlural, bytes[index] == .equals {
                index = skipNumber(from: index + 1)
                guard index > selectorStart + 1 else {
                    throw error(.badSelector, "'=' must be followed by a number", expected: "a number", at: selectorStart)
                }
                selector = .exact(try parseNumber(selectorStart + 1..<index))
            } else {
                index = skipIdentifier(from: index)
                let word = selectorStart..<index
                guard !word.isEmpty else {
                    throw error(.badSelector, "Bad selector", expected: expectedSelector, at: selectorStart)
                }
                if isPlural, index < bytes.count, bytes[index] == .colon, text(word) == "offset" {
                    guard cases.isEmpty, offsetRange == nil else {
                        throw error(
                            .badOffset, "'offset:' must come once, before the first case", at: selectorStart)
                    }
                    let valueStart = skipWhiteSpace(from: index + 1)
                    index = skipNumber(from: valueStart)
                    guard index > valueStart else {
                        throw error(.badOffset, "Missing value for 'offset:'", expected: "a number", at: valueStart)
                    }
                    offset = try parseNumber(valueStart..<index)
                    offsetRange = SourceRange(valueStart, index)
                    continue
                }
                guard utf16Length(word) <= Self.maximumTokenLength else {
                    throw error(.badSelector, "Selector too long", at: selectorStart)
                }
                let keyword = text(word)
                hasOther = hasOther || keyword == "other"
                selector = .keyword(keyword)
            }
            let selectorRange = SourceRange(selectorStart, index)
            index = skipWhiteSpace(from: index)
            guard index < bytes.count, bytes[index] == .leftBrace else {
                throw error(
                    .missingSubMessage, "A selector must be followed by its message", expected: "'{'",
                    at: selectorStart)
            }
            let subMessageBrace = index
            index += 1
            let message = try parseMessage(
                level: level, context: isPlural ? .plural : .select, openBrace: subMessageBrace)
            cases.append(PluralCase(selector: selector, selectorRange: selectorRange, message: message))
        }
    }

    /// Parses the number of an `=N` selector or `offset:N` as ICU's `parseDouble` (infinity not
    /// allowed) does: C `strtod` syntax over fewer than 128 characters.
    private func parseNumber(_ range: Range<Int>) throws(MessageSyntaxError) -> Double {
        guard let value = Self.decimalValue(bytes[range]) else {
            throw error(.badNumber, "Bad number '\(text(range))'", expected: "a decimal number", at: range.lowerBound)
        }
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
