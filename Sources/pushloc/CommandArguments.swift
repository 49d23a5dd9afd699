import PushLocalizer

/// Reads `--arg NAME=VALUE` and `--json-args JSON` into JSON values (later `--arg`s win).
enum CommandArguments {
    static func json(arguments: [String], jsonArguments: String?) throws -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        if let jsonArguments {
            let json: JSONValue
            do {
                json = try JSONParser.parse(jsonArguments)
            } catch {
                throw CommandFailure.usage("--json-args is not valid JSON: \(error)")
            }
            guard case .object(let members) = json else {
                throw CommandFailure.usage("--json-args must be a JSON object, got \(json.kindName)")
            }
            for member in members { values[member.key] = member.value }
        }
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw CommandFailure.usage("--arg expects NAME=VALUE, got '\(argument)'")
            }
            values[String(argument[..<equals])] = .string(String(argument[argument.index(after: equals)...]))
        }
        return values
    }
}
