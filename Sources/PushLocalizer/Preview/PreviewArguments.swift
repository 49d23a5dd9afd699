/// Reads the argument values a user gives `pushloc preview` (`--arg`, `--json-args`) against the
/// template's declarations, as a render reads a request's arguments: text for `string`, a number
/// (or numeric text) for `number`, an ISO-8601 instant with an offset or epoch milliseconds for `date`.
enum PreviewArguments {
    /// The given values by name, converted to their declared types.
    /// - Throws: ``PreviewError/unknownArgument(_:key:declared:)`` for a name the template does not
    ///   declare, ``PreviewError/argumentType(_:expected:got:)`` for a value that does not convert.
    static func values(
        _ given: [String: JSONValue],
        for template: Template
    ) throws(PreviewError) -> [String: ArgumentValue] {
        var values: [String: ArgumentValue] = [:]
        for name in given.keys.sorted() {
            guard let json = given[name] else { continue }
            guard let declaration = template.arguments.first(where: { $0.name == name }) else {
                throw .unknownArgument(name, key: template.key, declared: template.arguments.map(\.name))
            }
            guard let value = convert(json, to: declaration.type) else {
                throw .argumentType(name, expected: declaration.type, got: describe(json))
            }
            values[name] = value
        }
        return values
    }

    private static func convert(_ json: JSONValue, to type: ArgumentType) -> ArgumentValue? {
        switch (type, json) {
        case (.string, .string(let text)), (.string, .number(let text)): return .string(text)
        case (.string, .bool(let flag)): return .string(flag ? "true" : "false")
        case (.number, .number(let text)), (.number, .string(let text)):
            return ArgumentConversion.number(fromText: text)
        case (.date, .string(let text)):
            if let milliseconds = ArgumentConversion.epochMilliseconds(fromISO8601: text) {
                return .date(epochMilliseconds: milliseconds)
            }
            return epochMilliseconds(text)
        case (.date, .number(let text)): return epochMilliseconds(text)
        default: return nil
        }
    }

    private static func epochMilliseconds(_ text: String) -> ArgumentValue? {
        guard let milliseconds = Double(text), milliseconds.isFinite else { return nil }
        return .date(epochMilliseconds: milliseconds)
    }

    private static func describe(_ json: JSONValue) -> String {
        switch json {
        case .string(let text): "\"\(text)\""
        case .number(let text): text
        default: json.kindName
        }
    }
}
