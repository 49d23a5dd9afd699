import MessageFormat

extension Linter {
    /// `unused-argument`: a declared argument that no message of its template uses, in any locale,
    /// nor any of its `apns`, `fcm`, `webpush` or `data` strings. A template with a message that does not parse is
    /// skipped: its arguments cannot be known (`syntax` reports it).
    func checkUnusedArguments(_ messages: [LintedMessage], into sink: inout DiagnosticSink) {
        guard !sink.isOff(.unusedArgument) else { return }
        var used: [String: Set<String>] = [:]
        var unparsed: Set<String> = []
        for message in messages {
            guard message.syntax != nil else {
                unparsed.insert(message.key)
                continue
            }
            used[message.key, default: []].formUnion(message.arguments.map(\.name))
        }
        for template in source.templates where !template.arguments.isEmpty && !unparsed.contains(template.key) {
            var names = used[template.key] ?? []
            for (_, text) in Self.templateStrings(of: template) where text.text.utf8.contains(UInt8(ascii: "{")) {
                guard let syntax = try? MessageParser.parse(text.text) else {
                    names = Set(template.arguments.map(\.name))
                    break
                }
                names.formUnion(syntax.allArguments.map(\.name))
            }
            for declaration in template.arguments where !names.contains(declaration.name) {
                sink.report(
                    .unusedArgument,
                    at: declaration.location,
                    locale: nil,
                    key: template.key,
                    "argument '\(declaration.name)' is declared but no message, apns, fcm, webpush or data string of "
                        + "template '\(template.key)' uses it"
                )
            }
        }
    }
}
