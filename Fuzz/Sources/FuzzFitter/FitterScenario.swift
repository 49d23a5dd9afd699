import FuzzSupport
import MessageFormat
import PushLocalizer

/// One render request drawn from the fuzzer's input, with each argument's value kept both as
/// the request's JSON and as the prepared path's `ArgumentValue`.
struct FitterScenario {
    /// One argument's value in both forms.
    struct Value {
        var json: JSONValue
        var argument: ArgumentValue
    }

    static let tags = [
        "en", "pl-PL", "ar", "he", "ja", "zh-Hant-TW", "pt", "es-MX", "xx", "", "sr-Latn", "de-AT", "th", "ru",
        "fr-CA", "hi", "en_GB", "zh", "ko-KR", "uk",
    ]
    static let numbers = [
        "0", "1", "2", "5", "21", "-1", "1.5", "0.000001", "1e21", "-0", "9223372036854775807",
        "-9223372036854775808", "123456789012345678901234567890", "1e400", "3.14159",
    ]
    static let zones: [String?] = [
        nil, nil, nil, "America/Sao_Paulo", "Asia/Kolkata", "Pacific/Chatham", "Nowhere/Zone",
    ]

    var request: RenderRequest
    var values: [String: Value]

    init(_ input: inout FuzzInput, catalog: Catalog) {
        let keys = catalog.templateKeys
        let key = keys[Int(input.byte()) % keys.count]
        let template = catalog.template(key)
        var values: [String: Value] = [:]
        for declaration in template?.arguments ?? [] {
            let choice = input.byte()
            if choice % 32 == 31 { continue }  // missing
            values[declaration.name] =
                choice % 32 == 30
                ? Self.text(for: declaration.type, &input) : Self.value(of: declaration.type, &input)
        }
        if input.byte() % 16 == 15 {
            values["not_declared"] = Value(json: .string("x"), argument: .string("x"))
        }
        let locales = (0..<Int(input.byte()) % 4).map { _ in input.pick(Self.tags) }
        let mode = input.pick([RenderMode.resolved, .content, .locKey])  // APNs modes
        let budget = input.int(in: 200...5120)
        let overflow = input.pick([nil, OverflowPolicy.drop, .trim])
        let pushType = input.pick([nil, nil, nil, PushType.alert, .voip, .background, .liveactivity])
        request = RenderRequest(
            key: key,
            locales: locales,
            mode: mode,
            arguments: values.mapValues(\.json),
            budget: budget,
            pushType: pushType,
            timeZone: input.pick(Self.zones),
            overflow: overflow,
            now: 1_700_000_000
        )
        self.values = values
    }

    static func value(of type: ArgumentType, _ input: inout FuzzInput) -> Value {
        switch type {
        case .string:
            let text = input.text()
            return Value(json: .string(text), argument: .string(text))
        case .number:
            let text = input.pick(numbers)
            return Value(json: .number(text), argument: .decimal(text))
        case .date:
            let milliseconds = Int64(input.int(in: 0...65535)) * 1_000_000_000 - 30_000_000_000_000
            return Value(json: .number(String(milliseconds)), argument: .date(epochMilliseconds: Double(milliseconds)))
        }
    }

    /// Text given for an argument of any type: a request's JSON string, which a number or date
    /// argument reads as its text (`"4"`, ISO-8601); the prepared path takes that reading as a
    /// decimal or a date (its values are typed).
    static func text(for type: ArgumentType, _ input: inout FuzzInput) -> Value {
        let text = input.pick([input.text(), input.pick(numbers), "2024-05-01T12:00:00+02:00", "1700000000000"])
        switch type {
        case .string: return Value(json: .string(text), argument: .string(text))
        case .number: return Value(json: .string(text), argument: .decimal(text))
        case .date:
            let milliseconds = ISO8601Instant.epochMilliseconds(text)
            return Value(
                json: .string(text),
                argument: milliseconds.map { .date(epochMilliseconds: $0) } ?? .string(text)
            )
        }
    }

    /// The values by position for the prepared path, or nil when the request names an argument
    /// the template does not declare (that path has no way to pass one).
    func values(for names: [String]) -> [ArgumentValue?]? {
        guard values.keys.allSatisfy(names.contains) else { return nil }
        return names.map { values[$0]?.argument }
    }

    /// The pinned string arguments' texts, leaving out empty ones and those that another
    /// argument's text contains (a trimmed copy could not be told apart from them).
    func pinnedTexts(template: Template?) -> [(String, String)] {
        guard let template else { return [] }
        return template.arguments.compactMap { declaration in
            guard !declaration.truncate, declaration.type == .string,
                case .string(let text)? = values[declaration.name]?.argument, !text.isEmpty
            else { return nil }
            let shared = values.contains { name, value in
                guard name != declaration.name, case .string(let other) = value.argument else { return false }
                return PayloadChecks.contains(other, text)
            }
            return shared ? nil : (declaration.name, text)
        }
    }
}
