/// The readable part of a payload's `localization_content` object and its `aps.alert`.
///
/// Reading never fails: anything malformed is left out, entry by entry, and what is left may be
/// empty. Values come from `JSONSerialization` on Apple platforms (`NSDictionary`, `NSString`,
/// `NSNumber`) or from plain Swift collections; both cast the same way.
struct LocalizationContent {
    /// The text of one locale. At least one field is present.
    struct Text: Equatable {
        var title: String?
        var subtitle: String?
        var body: String?
    }

    /// Payload key → text, aliases resolved; only well-formed entries.
    let entries: [String: Text]

    /// Reads `userInfo["localization_content"]`.
    ///
    /// An entry is kept when it is an object whose `title`, `subtitle` and `body` are strings when
    /// present, with at least one of them present (other keys are ignored, for later additions), or
    /// a string naming another key whose value is such an object. An alias to a missing key, to an
    /// alias (only one hop) or to a malformed object is dropped, and so is every other value.
    init(userInfo: [AnyHashable: Any]) {
        guard let raw = userInfo["localization_content"], let object = LocalizationContent.dictionary(raw) else {
            entries = [:]
            return
        }
        var texts: [String: Text] = [:]
        for (key, value) in object {
            if let fields = LocalizationContent.dictionary(value), let text = LocalizationContent.text(fields) {
                texts[key] = text
            }
        }
        var entries = texts
        for (key, value) in object {
            // An alias never points at an alias: `texts` holds objects only.
            if let target = value as? String, let text = texts[target] {
                entries[key] = text
            }
        }
        self.entries = entries
    }

    /// The original `aps.alert`: a string is the body; an object gives its string `title`,
    /// `subtitle` and `body`. Absent or malformed: no text at all.
    static func alert(userInfo: [AnyHashable: Any]) -> Text {
        guard let raw = userInfo["aps"], let aps = dictionary(raw), let alert = aps["alert"] else {
            return Text()
        }
        if let body = alert as? String {
            return Text(body: body)
        }
        guard let fields = dictionary(alert) else { return Text() }
        return Text(
            title: fields["title"] as? String,
            subtitle: fields["subtitle"] as? String,
            body: fields["body"] as? String
        )
    }

    /// A well-formed locale object's text, or nil.
    private static func text(_ fields: [String: Any]) -> Text? {
        var text = Text()
        for (name, path) in [("title", \Text.title), ("subtitle", \Text.subtitle), ("body", \Text.body)] {
            guard let value = fields[name] else { continue }
            guard let string = value as? String else { return nil }
            text[keyPath: path] = string
        }
        return text == Text() ? nil : text
    }

    /// A JSON object with string keys, whichever way the platform bridged it; nil for anything else.
    /// Non-string keys cannot come from JSON and are skipped.
    static func dictionary(_ value: Any) -> [String: Any]? {
        if let object = value as? [String: Any] { return object }
        guard let object = value as? [AnyHashable: Any] else { return nil }
        var result: [String: Any] = [:]
        for (key, value) in object {
            if let key = key.base as? String { result[key] = value }
        }
        return result
    }
}
