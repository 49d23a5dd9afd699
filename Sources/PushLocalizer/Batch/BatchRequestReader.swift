/// Reads one batch line straight into a render request, without building a `JSONValue` tree for
/// the line: the request's own members are decoded in place, only `id` and argument values become
/// `JSONValue`s. The whole line is still validated as strict JSON first (a syntax error anywhere
/// wins over a bad field), and every error reads as the batch request's field checks say (docs/cli.md).
enum BatchRequestReader {
    /// The request's `id` (any JSON value; null when absent or unreadable) and the request.
    static func read(
        _ line: UnsafeBufferPointer<UInt8>,
        now: Double
    ) -> (id: JSONValue, request: Result<RenderRequest, RenderError>) {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            return (.null, .failure(RenderError("invalid-json", "empty line")))
        }
        var members = BatchRequestMembers()
        var parser = JSONParser(line, limits: BatchLimits.json)
        var notObject: String?
        do throws(JSONParseError) {
            parser.skipWhiteSpace()
            if parser.index < line.count, line[parser.index] == UInt8(ascii: "{") {
                try parser.parseRequestMembers(into: &members)
            } else {
                notObject = parser.index < line.count ? kindName(of: line[parser.index]) : nil
                try parser.skipValue()
            }
            parser.skipWhiteSpace()
            guard parser.index == line.count else {
                throw JSONParseError("unexpected text after the JSON value", at: parser.index)
            }
        } catch {
            if error.isLimit {
                return (.null, .failure(RenderError(RenderError.Code.limitExceeded, "is over a limit: \(error)")))
            }
            return (.null, .failure(RenderError("invalid-json", "not valid JSON: \(error)")))
        }
        if let notObject {
            return (.null, .failure(invalid("a batch line must be a JSON object, got \(notObject)")))
        }
        return (members.id, members.request(now: now))
    }

    /// The names `unknown field` lists, sorted.
    static let knownFieldList = BatchRequestMembers.Field.allCases.filter { $0 != .unknown }.map(\.rawValue).sorted()
        .joined(separator: ", ")

    /// `JSONValue.kindName` of the valid value that starts with `byte`.
    private static func kindName(of byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }

    static func invalid(_ message: String) -> RenderError {
        RenderError(RenderError.Code.invalidRequest, message)
    }
}

/// What a batch line's members said, before the request's field checks. A repeated member replaces the
/// earlier one, as a lookup of the last member would.
struct BatchRequestMembers {
    /// A member's state: not given, given with a usable value, or given with a wrong kind of value.
    enum Slot<Value> {
        case absent
        case value(Value)
        case invalid

        var isGiven: Bool {
            if case .absent = self { return false }
            return true
        }
    }

    /// The members a request may have.
    enum Field: String, CaseIterable {
        case id, key, locales, mode, args, budget, pushType, timeZone, overflow, badge, data, platform, token, topic
        case condition
        case unknown = ""
    }

    var id: JSONValue = .null
    var key: Slot<String> = .absent
    var locales: Slot<[String]> = .absent
    var mode: Slot<String> = .absent
    var arguments: Slot<[String: JSONValue]> = .absent
    var budget: JSONValue?
    var pushType: Slot<String> = .absent
    var timeZone: Slot<String> = .absent
    var overflow: Slot<String> = .absent
    var badge: JSONValue?
    var data: JSONValue?
    var platform: Slot<String> = .absent
    var token: Slot<String> = .absent
    var topic: Slot<String> = .absent
    var condition: Slot<String> = .absent
    /// The first member the request does not define.
    var firstUnknown: String?

    /// The request, or the first failed check, in the documented order of field checks.
    func request(now: Double) -> Result<RenderRequest, RenderError> {
        let invalid = BatchRequestReader.invalid
        if let firstUnknown {
            return .failure(invalid("unknown field '\(firstUnknown)' (known: \(BatchRequestReader.knownFieldList))"))
        }
        guard case .value(let key) = key else { return .failure(invalid("'key' is required and must be a string")) }
        guard case .value(let locales) = locales else {
            return .failure(invalid("'locales' is required and must be an array of strings"))
        }
        var request = RenderRequest(key: key, locales: locales, now: now)
        if mode.isGiven {
            guard case .value(let text) = mode, let value = RenderMode(rawValue: text) else {
                return .failure(invalid("'mode' must be \"resolved\", \"content\", \"loc-key\" or \"data\""))
            }
            request.mode = value
        }
        if arguments.isGiven {
            guard case .value(let values) = arguments else { return .failure(invalid("'args' must be an object")) }
            request.arguments = values
        }
        if let budget {
            guard let bytes = budget.integerValue, bytes > 0, bytes <= Int64(RenderRequest.maximumBudget) else {
                return .failure(
                    invalid(
                        "'budget' must be a whole number of bytes from 1 to \(RenderRequest.maximumBudget) "
                            + "(APNs refuses larger payloads)"
                    )
                )
            }
            request.budget = Int(bytes)
        }
        if pushType.isGiven {
            guard case .value(let text) = pushType, let type = PushType(rawValue: text) else {
                let names = PushType.allCases.map(\.rawValue).joined(separator: ", ")
                return .failure(invalid("'pushType' must be one of \(names)"))
            }
            request.pushType = type
        }
        if timeZone.isGiven {
            guard case .value(let text) = timeZone else { return .failure(invalid("'timeZone' must be a string")) }
            request.timeZone = text
        }
        if overflow.isGiven {
            guard case .value(let text) = overflow, let policy = OverflowPolicy(rawValue: text) else {
                return .failure(invalid("'overflow' must be \"drop\" or \"trim\""))
            }
            request.overflow = policy
        }
        if let badge {
            guard let count = badge.integerValue, count >= 0, count <= Int64(RenderRequest.maximumBadge) else {
                return .failure(invalid("'badge' must be a whole number from 0 to \(RenderRequest.maximumBadge)"))
            }
            request.badge = Int(count)
        }
        if let data {
            guard case .object(let members) = data else {
                return .failure(invalid("'data' must be an object, got \(data.kindName)"))
            }
            request.data = members
        }
        if platform.isGiven {
            guard case .value(let text) = platform, let value = Platform(rawValue: text) else {
                return .failure(invalid("'platform' must be \"apns\", \"fcm\" or \"webpush\""))
            }
            request.platform = value
        }
        // The three targets in this order (no list of them made per line).
        if let error = Self.take("token", token, as: FCMTarget.token, into: &request)
            ?? Self.take("topic", topic, as: FCMTarget.topic, into: &request)
            ?? Self.take("condition", condition, as: FCMTarget.condition, into: &request)
        {
            return .failure(error)
        }
        return .success(request)
    }

    /// Sets `request`'s target from the field `name` when it is given.
    /// - Returns: the error for an empty value or a second target; nil otherwise.
    private static func take(
        _ name: String,
        _ slot: Slot<String>,
        as make: (String) -> FCMTarget,
        into request: inout RenderRequest
    ) -> RenderError? {
        guard slot.isGiven else { return nil }
        guard case .value(let text) = slot, !text.isEmpty else {
            return BatchRequestReader.invalid("'\(name)' must be a non-empty string")
        }
        guard request.target == nil else {
            return BatchRequestReader.invalid("give at most one of 'token', 'topic' and 'condition'")
        }
        request.target = make(text)
        return nil
    }
}
