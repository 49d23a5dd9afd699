/// Example values for a template's arguments, so that `pushloc preview` can render every message.
///
/// Templates have no example field, so examples are made up from each argument's
/// declared type and name:
/// - `string`: a person's first name for `…name` arguments and people (`inviter_1`, `sender`):
///   `Alex`, `Sam`, `Robin`, … in declaration order; `Sample game` for `game_name`-like names of
///   things; a short sentence for `…text`, `…message`, `…comment`; an email or URL where the
///   name says so; `1234` for `…id`; otherwise `Example`;
/// - `number`: `42` for counts (`…count`, `…total`, `…number`, `…quantity`), otherwise `1234.5`
///   (which shows grouping and decimals);
/// - `date`: the fixed instant 2026-11-22T10:00:00Z, a Sunday, shown in UTC.
///
/// Arguments used in `plural`, `selectordinal` or `select` are varied by the preview itself.
/// Arguments a message uses without declaring them get an example from how they are used.
public struct ExampleArguments: Sendable, Hashable {
    /// The example for each declared argument, by name.
    public private(set) var values: [String: ArgumentValue]

    /// 2026-11-22T10:00:00Z in epoch milliseconds (20,779 days after 1970-01-01, plus 10 hours).
    public static let exampleInstant: Double = 1_795_341_600_000

    private static let personNames = ["Alex", "Sam", "Robin", "Kim", "Jordan", "Taylor"]
    private static let personWords: Set<String> = [
        "user", "sender", "friend", "liker", "inviter", "author", "follower", "commenter", "recipient",
        "host", "owner", "member", "player", "person", "contact", "organizer", "organiser", "buyer", "seller",
    ]
    private static let thingWords: Set<String> = [
        "game", "event", "group", "product", "app", "team", "channel", "place", "file", "item", "store",
        "shop", "list", "album", "playlist", "page", "project", "room", "course", "city", "venue",
    ]

    /// Examples for every declared argument of `template`.
    public init(for template: Template) {
        var values: [String: ArgumentValue] = [:]
        var people = 0
        for declaration in template.arguments {
            switch declaration.type {
            case .string:
                values[declaration.name] = .string(Self.text(for: declaration.name, people: &people))
            case .number:
                values[declaration.name] = Self.number(for: declaration.name)
            case .date:
                values[declaration.name] = .date(epochMilliseconds: Self.exampleInstant)
            }
        }
        self.values = values
    }

    /// Replaces examples with values the user gave.
    /// - Parameter given: values by argument name.
    public mutating func override(with given: [String: ArgumentValue]) {
        values.merge(given) { _, new in new }
    }

    /// An example for an undeclared argument, from how a message uses it.
    /// - Parameter usages: the ways the message uses it.
    /// - Returns: a date, a number or text.
    public static func value(forUndeclared name: String, usages: Set<ArgumentUsage>) -> ArgumentValue {
        if usages.contains(.date) { return .date(epochMilliseconds: exampleInstant) }
        if usages.contains(.number) { return number(for: name) }
        var people = 0
        return .string(text(for: name, people: &people))
    }

    private static func number(for name: String) -> ArgumentValue {
        let lower = name.lowercased()
        let counts = ["count", "total", "number", "quantity", "num"]
        return counts.contains(where: lower.contains) ? .int(42) : .double(1234.5)
    }

    private static func text(for name: String, people: inout Int) -> String {
        var words = name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        // `inviter_1`, `inviter_2`: the number only tells people apart.
        while let last = words.last, words.count > 1, last.allSatisfy(\.isNumber) { words.removeLast() }
        guard let last = words.last else { return "Example" }
        if personWords.contains(last) {
            defer { people += 1 }
            return personNames[people % personNames.count]
        }
        if last == "name" || last == "username" {
            if words.count > 1, thingWords.contains(words[words.count - 2]) {
                return "Sample " + words[words.count - 2]
            }
            defer { people += 1 }
            return personNames[people % personNames.count]
        }
        if ["text", "message", "comment", "reply", "body", "note", "caption"].contains(last) {
            return "Sounds good, see you there!"
        }
        if last == "email" { return "alex@example.com" }
        if ["url", "link", "uri"].contains(last) { return "https://example.com/x" }
        if last == "id" || last.hasSuffix("id") && words.count == 1 { return "1234" }
        return "Example"
    }
}
