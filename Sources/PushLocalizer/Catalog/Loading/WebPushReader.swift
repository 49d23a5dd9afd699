/// Reads a template's `webpush` map (docs/catalog-format.md): the push service's headers and the
/// `showNotification` options.
struct WebPushReader {
    var reader: NodeReader

    static let fields = ["ttl", "urgency", "topic", "icon", "badge", "tag", "require-interaction"]

    mutating func readSettings(_ node: YAMLNode) -> WebPushSettings {
        var settings = WebPushSettings()
        guard
            let fields = reader.fields(
                of: node,
                known: Self.fields,
                requirement: "'webpush' must be a map",
                naming: "webpush field"
            )
        else { return settings }
        if let node = fields["ttl"]?.value {
            settings.ttl = reader.integer(
                node,
                in: 0...Int64(Int32.max),
                field: "ttl",
                requirement: "a non-negative integer (seconds)"
            )
        }
        if let node = fields["urgency"]?.value {
            settings.urgency = reader.choice(node, subject: "'urgency'", as: WebPushUrgency.self)
        }
        if let node = fields["topic"]?.value, let topic = reader.templatedText(node, field: "topic") {
            settings.topic = topic
            checkFixedTopic(topic)
        }
        settings.icon = fields["icon"].flatMap { reader.templatedText($0.value, field: "icon") }
        settings.badge = fields["badge"].flatMap { reader.templatedText($0.value, field: "badge") }
        settings.tag = fields["tag"].flatMap { reader.templatedText($0.value, field: "tag") }
        if let node = fields["require-interaction"]?.value {
            settings.requireInteraction = reader.bool(node, field: "require-interaction")
        }
        return settings
    }

    /// A topic without arguments is sent as written, so it is checked now (RFC 8030 §5.4: at most
    /// 32 characters of the URL-safe base64 alphabet); one with arguments is checked when rendered.
    /// An apostrophe is refused like any other character outside the alphabet, so ICU's quoting
    /// cannot change the text.
    private mutating func checkFixedTopic(_ topic: SourceText) {
        let text = topic.text
        guard !text.contains("{") else { return }
        let limit = WebPushSettings.maximumTopicLength
        if let offending = text.unicodeScalars.firstIndex(where: { !Self.isTopicCharacter($0) }) {
            let offset = text.unicodeScalars[..<offending].reduce(0) { $0 + $1.utf8.count }
            let scalar = text.unicodeScalars[offending]
            let invisible = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            let shown =
                invisible ? "U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))" : "'\(scalar)'"
            reader.report(
                CatalogError.Code.invalidValue,
                "'topic' may use only A-Z, a-z, 0-9, '-' and '_' (the URL-safe base64 alphabet), found \(shown)",
                at: topic.location(ofByteOffset: offset)
            )
            return
        }
        let length = text.unicodeScalars.count
        guard length > limit else { return }
        reader.report(
            CatalogError.Code.invalidValue,
            "'topic' is \(length) characters; Web Push allows at most \(limit)",
            at: topic.location
        )
    }

    static func isTopicCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "-", "_": true
        default: false
        }
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
