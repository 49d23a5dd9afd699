import MessageFormat

extension Linter {
    /// The strings of a template that may use `{args}`, with a label for people: the `apns`,
    /// `fcm`, `webpush` and `data` strings.
    static func templateStrings(of template: Template) -> [(label: String, text: SourceText)] {
        apnsStrings(of: template)
            + template.fcm.templatedStrings.map { ("fcm.\($0.field)", $0.text) }
            + template.webpush.templatedStrings.map { ("webpush.\($0.field)", $0.text) }
            + dataStrings(of: template)
    }

    /// The strings of an APNs payload besides its messages: the `apns` and `data` strings.
    static func apnsPayloadStrings(of template: Template) -> [(label: String, text: SourceText)] {
        apnsStrings(of: template) + dataStrings(of: template)
    }

    private static func apnsStrings(of template: Template) -> [(label: String, text: SourceText)] {
        let apns = template.apns
        let named: [(String, SourceText?)] = [
            ("apns.category", apns.category), ("apns.thread-id", apns.threadID), ("apns.sound", apns.sound),
            ("apns.target-content-id", apns.targetContentID), ("apns.collapse-id", apns.collapseID),
        ]
        return named.compactMap { label, text in text.map { (label, $0) } }
    }

    private static func dataStrings(of template: Template) -> [(label: String, text: SourceText)] {
        var strings: [(String, SourceText)] = []
        func visit(_ value: TemplateValue, label: String) {
            switch value {
            case .string(let text): strings.append((label, text))
            case .array(let values): values.enumerated().forEach { visit($1, label: "\(label)[\($0)]") }
            case .object(let entries): entries.forEach { visit($0.value, label: "\(label).\($0.key)") }
            case .number, .integer, .bool, .null: break
            }
        }
        template.data.forEach { visit($0.value, label: "data.\($0.key)") }
        return strings
    }

    /// `syntax`, `select-missing-other`, `unknown-argument` and `argument-type` for the `apns`,
    /// `fcm`, `webpush` and `data` strings, which are formatted like messages in the source locale.
    func checkTemplateStrings(into sink: inout DiagnosticSink) {
        let locale = source.settings.sourceLocale
        for template in source.templates {
            for (label, text) in Self.templateStrings(of: template) where text.text.utf8.contains(UInt8(ascii: "{")) {
                let syntax: Message
                do throws(MessageSyntaxError) {
                    syntax = try MessageParser.parse(text.text)
                } catch {
                    reportSyntaxError(error, in: text, locale: locale, key: template.key, label: label, into: &sink)
                    continue
                }
                for argument in syntax.allArguments {
                    let location = text.location(ofByteOffset: argument.nameRange.start)
                    guard let declaration = template.argument(named: argument.name) else {
                        sink.report(
                            .unknownArgument,
                            at: location,
                            locale: locale,
                            key: template.key,
                            "\(label): argument '\(argument.name)' is not declared in the args of "
                                + "template '\(template.key)'"
                        )
                        continue
                    }
                    if let use = Self.typeConflict(declaration.type, argument.kind) {
                        sink.report(
                            .argumentType,
                            at: location,
                            locale: locale,
                            key: template.key,
                            "\(label): '\(argument.name)' is declared as a \(declaration.type.rawValue) "
                                + "but used in \(use)"
                        )
                    }
                }
            }
        }
    }
}
