import MessageFormat

extension Linter {
    /// `whitespace` and `invalid-character` for one message (parsed or not: both read the text).
    func checkText(of message: LintedMessage, into sink: inout DiagnosticSink) {
        let field = message.field.rawValue
        for finding in WhitespaceScanner.findings(in: message.text.text) {
            sink.report(
                .whitespace,
                at: message.location(at: finding.offset),
                locale: message.locale,
                key: message.key,
                "\(field): \(finding.description)"
            )
        }
        var offset = 0
        // Every character to look for is a control or outside ASCII's printable range.
        guard message.text.text.utf8.contains(where: { $0 < 0x20 || $0 >= 0xC2 }) else { return }
        for scalar in message.text.text.unicodeScalars {
            if let name = Self.invalidCharacterName(scalar) {
                sink.report(
                    .invalidCharacter,
                    at: message.location(at: offset),
                    locale: message.locale,
                    key: message.key,
                    "\(field): the message contains \(name)"
                )
            }
            offset += UTF8.width(scalar)
        }
    }

    /// A description of a character messages must not contain, or nil when it is allowed:
    /// bidi controls (the renderer isolates arguments itself; stray controls reorder text
    /// unpredictably), U+FFFD (a decoding accident) and every C0 control (line breaks included:
    /// notification text is one paragraph, and APNs clients render breaks inconsistently).
    static func invalidCharacterName(_ scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        let kind: String
        switch value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: kind = "the bidi control"
        case 0xFFFD: return "U+FFFD REPLACEMENT CHARACTER (text lost in a bad conversion)"
        case 0x00...0x1F: kind = "the control character"
        default: return nil
        }
        let digits = String(value, radix: 16, uppercase: true)
        return "\(kind) U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `untranslated`: a translation identical to its source message.
    ///
    /// Skipped for locales of the source language (en-GB for en), where identical text is the
    /// norm, and for messages with no letters outside their arguments (`{message_text}`).
    func checkUntranslated(_ messages: [LintedMessage], into sink: inout DiagnosticSink) {
        var sourceText: [String: [MessageField: String]] = [:]
        for message in messages where message.isSource {
            sourceText[message.key, default: [:]][message.field] = message.text.text
        }
        var sameLanguage: [String: Bool] = [:]
        for message in messages where !message.isSource {
            guard let syntax = message.syntax, sourceText[message.key]?[message.field] == message.text.text else {
                continue
            }
            let isVariant = sameLanguage[message.locale] ?? isSameLanguageAsSource(message.locale)
            sameLanguage[message.locale] = isVariant
            guard !isVariant, Self.hasLetters(syntax) else { continue }
            sink.report(
                .untranslated,
                at: message.text.location,
                locale: message.locale,
                key: message.key,
                "\(message.field.rawValue): the translation is identical to the source text"
            )
        }
    }

    /// Whether any literal text of the message (in any case) contains a letter.
    static func hasLetters(_ message: Message) -> Bool {
        for part in message.parts {
            switch part {
            case .text(let text, _):
                if text.unicodeScalars.contains(where: \.properties.isAlphabetic) { return true }
            case .pound:
                continue
            case .argument(let argument):
                switch argument.kind {
                case .none, .simple: continue
                case .plural(let plural), .selectOrdinal(let plural):
                    if plural.cases.contains(where: { hasLetters($0.message) }) { return true }
                case .select(let select):
                    if select.cases.contains(where: { hasLetters($0.message) }) { return true }
                }
            }
        }
        return false
    }
}

/// Leading, trailing and doubled white space in a message.
enum WhitespaceScanner {
    /// One finding.
    struct Finding: Equatable {
        /// UTF-8 offset of the first offending character.
        var offset: Int
        /// What is wrong.
        var description: String
    }

    /// ASCII white space (space, tab, line feed, carriage return). No-break spaces are left
    /// alone: French puts U+00A0 or U+202F before `:`, `!`, `?` and `;` on purpose.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The findings in `text`: leading, trailing, then the first doubled space between words.
    static func findings(in text: String) -> [Finding] {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return [] }
        var result: [Finding] = []
        var leadingEnd = 0
        while leadingEnd < bytes.count, isSpace(bytes[leadingEnd]) { leadingEnd += 1 }
        if leadingEnd == bytes.count {
            return [Finding(offset: 0, description: "the message is only white space")]
        }
        if leadingEnd > 0 {
            result.append(Finding(offset: 0, description: "leading white space"))
        }
        var trailingStart = bytes.count
        while trailingStart > leadingEnd, isSpace(bytes[trailingStart - 1]) { trailingStart -= 1 }
        if trailingStart < bytes.count {
            result.append(Finding(offset: trailingStart, description: "trailing white space"))
        }
        var index = leadingEnd
        while index + 1 < trailingStart {
            if bytes[index] == 0x20, bytes[index + 1] == 0x20 {
                result.append(Finding(offset: index, description: "doubled space"))
                break
            }
            index += 1
        }
        return result
    }
}
