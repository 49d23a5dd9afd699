import MessageFormat

extension Linter {
    /// The `apns` and `data` strings of a template that may use `{args}`, with a label for people.
    static func templateStrings(of template: Template) -> [(label: String, text: SourceText)] {
        var strings: [(String, SourceText)] = []
        let apns = template.apns
        let named: [(String, SourceText?)] = [
            ("apns.category", apns.category), ("apns.thread-id", apns.threadID), ("apns.sound", apns.sound),
            ("apns.target-content-id", apns.targetContentID), ("apns.collapse-id", apns.collapseID),
        ]
        for case let (label, text?) in named { strings.append((label, text)) }
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

    /// `syntax`, `select-missing-other`, `unknown-argument` and `argument-type` for the `apns`
    /// and `data` strings, which are formatted like messages in the source locale.
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
