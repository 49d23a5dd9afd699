import MessageFormat

extension Linter {
    /// `unknown-argument` and `argument-type` for one message.
    func checkArguments(of message: LintedMessage, into sink: inout DiagnosticSink) {
        guard message.syntax != nil else { return }
        var reportedUnknown: Set<String> = []
        for argument in message.arguments {
            let field = message.field.rawValue
            guard let declaration = message.declaration(named: argument.name) else {
                if reportedUnknown.insert(argument.name).inserted {
                    sink.report(
                        .unknownArgument,
                        at: message.location(at: argument.nameRange.start),
                        locale: message.locale,
                        key: message.key,
                        "\(field): argument '\(argument.name)' is not declared in the args of "
                            + "template '\(message.key)'"
                    )
                }
                continue
            }
            if let use = Self.typeConflict(declaration.type, argument.kind) {
                sink.report(
                    .argumentType,
                    at: message.location(at: argument.nameRange.start),
                    locale: message.locale,
                    key: message.key,
                    "\(field): '\(argument.name)' is declared as a \(declaration.type.rawValue) but used "
                        + "in \(use)"
                )
            }
        }
    }

    /// The use that a declared type does not allow, described for people; nil when it fits.
    ///
    /// `{name}` takes any type. Numbers go in `number`, `spellout`, `ordinal`, `duration`,
    /// `plural` and `selectordinal`; dates in `date` and `time`; strings in `select`.
    static func typeConflict(_ type: ArgumentType, _ kind: ArgumentKind) -> String? {
        switch kind {
        case .none:
            return nil
        case .simple(let simple):
            let needsDate = simple.type == .date || simple.type == .time
            if needsDate { return type == .date ? nil : "'\(simple.type.rawValue)', which needs a date" }
            return type == .number ? nil : "'\(simple.type.rawValue)', which needs a number"
        case .plural:
            return type == .number ? nil : "'plural', which needs a number"
        case .selectOrdinal:
            return type == .number ? nil : "'selectordinal', which needs a number"
        case .select:
            return type == .string ? nil : "'select', which compares strings"
        }
    }

    /// `apostrophe` for one parsed message.
    func checkApostrophes(in message: LintedMessage, into sink: inout DiagnosticSink) {
        guard let syntax = message.syntax, message.text.text.utf8.contains(UInt8(ascii: "'")) else { return }
        for finding in ApostropheScanner.findings(in: message.text.text, syntax: syntax) {
            let what =
                finding.isUnterminated
                ? "starts quoted text that runs to the end of the message"
                : "quotes a placeholder, which is then printed literally"
            sink.report(
                .apostrophe,
                at: message.location(at: finding.offset),
                locale: message.locale,
                key: message.key,
                "\(message.field.rawValue): this apostrophe \(what); write ’ (U+2019) or '' for a "
                    + "literal apostrophe"
            )
        }
    }

    /// `missing-argument`: a translation that leaves out an argument its source message uses.
    func checkMissingArguments(_ messages: [LintedMessage], into sink: inout DiagnosticSink) {
        // Names in order of first use, as `Message.argumentUsages` lists them, read from the
        // arguments each message already collected.
        var sourceArguments: [String: [MessageField: [String]]] = [:]
        for message in messages where message.isSource {
            guard message.syntax != nil else { continue }
            var seen: Set<String> = []
            sourceArguments[message.key, default: [:]][message.field] = message.arguments.map(\.name).filter {
                seen.insert($0).inserted
            }
        }
        for message in messages where !message.isSource {
            guard message.syntax != nil, let expected = sourceArguments[message.key]?[message.field] else {
                continue
            }
            let used = Set(message.arguments.map(\.name))
            for name in expected where !used.contains(name) {
                let drops =
                    "\(message.field.rawValue): the translation drops argument '\(name)', which the source message uses"
                // `'{name}'` quotes the argument away: ICU prints it as literal text.
                guard let apostrophe = Self.quotedArgumentOffset(name, in: message.text.text) else {
                    sink.report(
                        .missingArgument,
                        at: message.text.location,
                        locale: message.locale,
                        key: message.key,
                        drops
                    )
                    continue
                }
                let place = message.location(at: apostrophe)
                sink.report(
                    .missingArgument,
                    at: message.text.location,
                    locale: message.locale,
                    key: message.key,
                    drops + ": the apostrophe at \(place.line):\(place.column) quotes '{\(name)…' as literal text "
                        + "(ICU prints it as written); remove the apostrophes around it, and write '' for an "
                        + "apostrophe of the text"
                )
            }
        }
    }

    /// The UTF-8 offset of an apostrophe that quotes `{name` (`'{name}'`, `'{name, plural…`) in
    /// `pattern`, or nil.
    static func quotedArgumentOffset(_ name: String, in pattern: String) -> Int? {
        let bytes = Array(pattern.utf8)
        let opening = Array("'{".utf8)
        let nameBytes = Array(name.utf8)
        var index = 0
        while index + opening.count + nameBytes.count <= bytes.count {
            defer { index += 1 }
            guard bytes[index] == opening[0], bytes[index + 1] == opening[1] else { continue }
            var cursor = index + 2
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
            guard bytes[cursor...].starts(with: nameBytes) else { continue }
            let after = cursor + nameBytes.count
            if after == bytes.count || [UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: " ")].contains(bytes[after])
            {
                return index
            }
        }
        return nil
    }
}
