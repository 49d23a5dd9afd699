/// Reads a template's `fcm` map (docs/catalog-format.md): the Android fields of an FCM HTTP v1
/// message. Keys are kebab-case like the rest of the catalog; the message spells them in
/// snake_case, which the field errors point out.
struct FCMReader {
    var reader: NodeReader

    static let fields = [
        "priority", "ttl", "collapse-key", "channel-id", "tag", "icon", "color", "sound", "click-action",
    ]

    mutating func readSettings(_ node: YAMLNode) -> FCMSettings {
        var settings = FCMSettings()
        guard
            let fields = reader.fields(
                of: node,
                known: Self.fields,
                requirement: "'fcm' must be a map",
                naming: "fcm field"
            )
        else { return settings }
        if let node = fields["priority"]?.value {
            settings.priority = reader.choice(node, subject: "'priority'", as: FCMPriority.self)
        }
        if let node = fields["ttl"]?.value,
            let ttl = reader.integer(
                node,
                in: 0...Int64(Int32.max),
                field: "ttl",
                requirement: "a non-negative integer (seconds)"
            )
        {
            settings.ttl = ttl
            settings.ttlLocation = reader.location(of: node)
        }
        settings.collapseKey = fields["collapse-key"].flatMap { reader.templatedText($0.value, field: "collapse-key") }
        settings.channelID = fields["channel-id"].flatMap { reader.templatedText($0.value, field: "channel-id") }
        settings.tag = fields["tag"].flatMap { reader.templatedText($0.value, field: "tag") }
        settings.icon = fields["icon"].flatMap { reader.templatedText($0.value, field: "icon") }
        settings.color = fields["color"].flatMap { reader.templatedText($0.value, field: "color") }
        settings.sound = fields["sound"].flatMap { reader.templatedText($0.value, field: "sound") }
        settings.clickAction = fields["click-action"].flatMap { reader.templatedText($0.value, field: "click-action") }
        return settings
    }
}
