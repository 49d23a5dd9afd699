import PushLocalizer

/// Reads `--arg NAME=VALUE` and `--json-args JSON` (later `--arg`s win).
enum CommandArguments {
    /// Both kinds as JSON values: `--arg` values become JSON strings.
    static func json(arguments: [String], jsonArguments: String?) throws -> [String: JSONValue] {
        var values = try jsonObject(jsonArguments)
        for argument in arguments {
            let (name, text) = try split(argument)
            values[name] = .string(text)
        }
        return values
    }

    /// The members of `--json-args` (empty when not given).
    static func jsonObject(_ jsonArguments: String?) throws -> [String: JSONValue] {
        guard let jsonArguments else { return [:] }
        let json: JSONValue
        do {
            json = try JSONParser.parse(jsonArguments)
        } catch {
            throw CommandFailure.usage("--json-args is not valid JSON: \(error)")
        }
        guard case .object(let members) = json else {
            throw CommandFailure.usage("--json-args must be a JSON object, got \(json.kindName)")
        }
        var values: [String: JSONValue] = [:]
        for member in members { values[member.key] = member.value }
        return values
    }

    /// One `--arg NAME=VALUE`.
    static func split(_ argument: String) throws -> (name: String, value: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw CommandFailure.usage("--arg expects NAME=VALUE, got '\(argument)'")
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
