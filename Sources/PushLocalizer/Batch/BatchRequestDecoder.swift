/// Reads one batch line into a render request.
enum BatchRequestDecoder {
    static let knownFields: Set<String> = [
        "id", "key", "locales", "mode", "args", "budget", "pushType", "timeZone", "overflow",
    ]

    /// The request's `id` (any JSON value; null when absent or unreadable) and the request.
    static func decode(_ json: JSONValue, now: Double) -> (id: JSONValue, request: Result<RenderRequest, RenderError>) {
        guard case .object(let members) = json else {
            return (.null, .failure(invalid("a batch line must be a JSON object, got \(json.kindName)")))
        }
        let id = json["id"] ?? .null
        if let unknown = members.first(where: { !knownFields.contains($0.key) }) {
            return (
                id,
                .failure(
                    invalid("unknown field '\(unknown.key)' (known: \(knownFields.sorted().joined(separator: ", ")))")
                )
            )
        }
        guard case .string(let key)? = json["key"] else {
            return (id, .failure(invalid("'key' is required and must be a string")))
        }
        guard case .array(let tags)? = json["locales"], let locales = strings(tags) else {
            return (id, .failure(invalid("'locales' is required and must be an array of strings")))
        }
        var request = RenderRequest(key: key, locales: locales, now: now)
        if let mode = json["mode"] {
            guard let text = mode.stringValue, let value = RenderMode(rawValue: text) else {
                return (id, .failure(invalid("'mode' must be \"resolved\", \"content\" or \"loc-key\"")))
            }
            request.mode = value
        }
        if let args = json["args"] {
            guard case .object(let values) = args else {
                return (id, .failure(invalid("'args' must be an object")))
            }
            for value in values { request.arguments[value.key] = value.value }
        }
        if let budget = json["budget"] {
            guard let bytes = budget.integerValue, bytes > 0, bytes <= Int64(RenderRequest.maximumBudget) else {
                return (
                    id,
                    .failure(
                        invalid(
                            "'budget' must be a whole number of bytes from 1 to \(RenderRequest.maximumBudget) "
                                + "(APNs refuses larger payloads)"
                        )
                    )
                )
            }
            request.budget = Int(bytes)
        }
        if let pushType = json["pushType"] {
            guard let text = pushType.stringValue, let type = PushType(rawValue: text) else {
                return (
                    id,
                    .failure(
                        invalid(
                            "'pushType' must be one of \(PushType.allCases.map(\.rawValue).joined(separator: ", "))"
                        )
                    )
                )
            }
            request.pushType = type
        }
        if let zone = json["timeZone"] {
            guard let text = zone.stringValue else { return (id, .failure(invalid("'timeZone' must be a string"))) }
            request.timeZone = text
        }
        if let overflow = json["overflow"] {
            guard let text = overflow.stringValue, let policy = OverflowPolicy(rawValue: text) else {
                return (id, .failure(invalid("'overflow' must be \"drop\" or \"trim\"")))
            }
            request.overflow = policy
        }
        return (id, .success(request))
    }

    private static func strings(_ values: [JSONValue]) -> [String]? {
        var result: [String] = []
        for value in values {
            guard let text = value.stringValue else { return nil }
            result.append(text)
        }
        return result
    }

    private static func invalid(_ message: String) -> RenderError {
        RenderError(RenderError.Code.invalidRequest, message)
    }
}
