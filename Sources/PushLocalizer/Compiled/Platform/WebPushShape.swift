import MessageFormat

/// Web Push: the JSON object a service worker passes to `showNotification`, split as
/// `const {title, ...options} = event.data.json()`: `title`, `body`, `lang` (the negotiated
/// locale), the template's `webpush` options (`icon`, `badge`, `tag`, `requireInteraction`), and
/// `data` (the template's custom data, then the request's). Content mode puts every locale's text
/// in `data.localization_content`. The budget is the whole plaintext: 3993 bytes, the most one
/// RFC 8291 `aes128gcm` record of 4096 bytes carries. Headers `TTL`, `Urgency`, `Topic`.
struct WebPushShape: PayloadShape {
    func outline(of template: CompiledTemplate.Parts, mode: RenderMode) -> PayloadOutline {
        // `showNotification` needs a title: a template without one shows an empty title.
        let titleKey = PayloadOutline.key("title")
        let title: PayloadOutline.Member =
            template.template.messages[.title] != nil
            ? .textField(.title, key: titleKey) : .keyed(titleKey, .constant(Array(#""""#.utf8)))
        var head: [PayloadOutline.Member] = [
            title,
            .textField(.body, key: PayloadOutline.key("body")),
            .negotiatedLocale(key: PayloadOutline.key("lang")),
        ]
        let settings = template.platforms
        let options: [(key: String, message: CompiledMessage?)] = [
            ("icon", settings.webPushIcon), ("badge", settings.webPushBadge), ("tag", settings.webPushTag),
        ]
        for (key, message) in options {
            if let message { head.append(.keyed(PayloadOutline.key(key), .setting(message))) }
        }
        if let requireInteraction = template.template.webpush.requireInteraction {
            head.append(
                .keyed(PayloadOutline.key("requireInteraction"), .constant(Array("\(requireInteraction)".utf8)))
            )
        }
        if mode == .content {
            return PayloadOutline(
                head: head,
                content: .nested(parentKey: Self.dataKey, members: [.customData], key: Self.contentKey)
            )
        }
        if !template.template.data.isEmpty { head.append(.keyed(Self.dataKey, .object([.customData]))) }
        return PayloadOutline(head: head)
    }

    func defaultBudget(pushType: PushType) -> Int {
        Self.defaultBudget
    }

    /// The plaintext one `aes128gcm` record of 4096 bytes carries: 4096 less the 16-byte
    /// authentication tag, the padding delimiter, and the 86-byte header with a 65-byte key.
    static let defaultBudget = 3993

    /// The `TTL` header when the template sets none: 28 days, as common Web Push libraries send.
    static let defaultTTL = 2_419_200

    func headers(
        of template: CompiledTemplate.Parts,
        pushType: PushType,
        renderTime: () -> Double,
        setting: (CompiledMessage) throws(RenderError) -> String
    ) throws(RenderError) -> [(name: String, value: String)] {
        let settings = template.template.webpush
        var headers: [(name: String, value: String)] = [("TTL", String(settings.ttl ?? Self.defaultTTL))]
        if let urgency = settings.urgency { headers.append(("Urgency", urgency.rawValue)) }
        if let topic = template.platforms.webPushTopic {
            let text = try setting(topic)
            guard text.utf8.count <= WebPushSettings.maximumTopicLength, text.utf8.allSatisfy(Self.isURLSafeBase64)
            else {
                throw RenderError(
                    RenderError.Code.webPushTopic,
                    "the Topic header '\(text)' must be at most "
                        + "\(WebPushSettings.maximumTopicLength) characters of A-Z, a-z, 0-9, '-' and '_'"
                )
            }
            headers.append(("Topic", text))
        }
        return headers
    }

    func fixedHeaders(of template: CompiledTemplate.Parts) -> [(name: String, value: String)]? {
        guard template.platforms.webPushTopic == nil else { return nil }
        return try? headers(
            of: template,
            pushType: template.template.apns.pushType,
            renderTime: { 0 },
            setting: { (_) throws(RenderError) in "" }
        )
    }

    let reservedRootKeys: Set<String> = ["localization_content"]

    /// A request's data goes into `data`, the payload's last member when the template has data or
    /// the mode content (which writes `data.localization_content`), else a `data` added for it.
    func requestDataObject(of template: CompiledTemplate.Parts, mode: RenderMode) -> Bool? {
        !template.template.data.isEmpty || mode == .content
    }

    /// Whether `byte` is in the URL-safe base64 alphabet (RFC 4648 §5), which `Topic` allows.
    static func isURLSafeBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static let dataKey = PayloadOutline.key("data")
    private static let contentKey = PayloadOutline.key("localization_content")
}
