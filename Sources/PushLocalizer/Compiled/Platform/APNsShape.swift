import MessageFormat

/// Apple Push Notification service: `{"aps":{"alert":{…},…},…custom data…}`, content mode's
/// `localization_content` last; the budget is the whole payload (4096 bytes, 5120 for VoIP);
/// headers `apns-push-type`, `apns-priority`, `apns-expiration` and `apns-collapse-id`.
struct APNsShape: PayloadShape {
    func outline(of template: CompiledTemplate.Parts, mode: RenderMode) -> PayloadOutline {
        let alert: PayloadOutline.Node = mode == .locKey ? .localizationKeys : .textFields
        var aps: [PayloadOutline.Member] = [.keyed(Self.alertKey, alert)]
        let settings = template.template.apns
        if let badge = settings.badge {
            var text: [UInt8] = []
            JSONWriter.appendInteger(Int64(badge), to: &text)
            aps.append(.keyed(PayloadOutline.key("badge"), .constant(text)))
        }
        let strings: [(key: String, message: CompiledMessage?)] = [
            ("sound", template.sound), ("thread-id", template.threadID), ("category", template.category),
        ]
        for (key, message) in strings {
            if let message { aps.append(.keyed(PayloadOutline.key(key), .setting(message))) }
        }
        if mode == .content {
            // Tells iOS to run the app's Notification Service Extension, which picks the entry.
            aps.append(.keyed(PayloadOutline.key("mutable-content"), .constant(Array("1".utf8))))
        }
        if let target = template.targetContentID {
            aps.append(.keyed(PayloadOutline.key("target-content-id"), .setting(target)))
        }
        if let level = settings.interruptionLevel {
            aps.append(.keyed(PayloadOutline.key("interruption-level"), .constant(Self.jsonString(level.rawValue))))
        }
        if let score = settings.relevanceScore {
            aps.append(.keyed(PayloadOutline.key("relevance-score"), .constant(Array(JSONNumber.text(score).utf8))))
        }
        return PayloadOutline(
            head: [.keyed(Self.apsKey, .object(aps)), .customData],
            content: mode == .content ? .member(key: Self.contentKey) : nil
        )
    }

    func defaultBudget(pushType: PushType) -> Int {
        pushType.defaultBudget
    }

    func headers(
        of template: CompiledTemplate.Parts,
        pushType: PushType,
        renderTime: () -> Double,
        setting: (CompiledMessage) throws(RenderError) -> String
    ) throws(RenderError) -> [(name: String, value: String)] {
        let settings = template.template.apns
        var headers: [(name: String, value: String)] = []
        // At most four headers: room for them at once, not one reallocation per header.
        headers.reserveCapacity(4)
        headers.append(("apns-push-type", pushType.rawValue))
        if let priority = settings.priority {
            headers.append(("apns-priority", Self.decimal(priority)))
        }
        if let expiration = settings.expiration {
            headers.append(("apns-expiration", try Self.expiry(expiration, at: renderTime())))
        }
        if let collapse = template.collapseID {
            let text = try setting(collapse)
            guard text.utf8.count <= 64 else {
                throw RenderError(
                    RenderError.Code.collapseID,
                    "apns-collapse-id is \(text.utf8.count) bytes; APNs allows at most 64"
                )
            }
            headers.append(("apns-collapse-id", text))
        }
        return headers
    }

    func fixedHeaders(of template: CompiledTemplate.Parts) -> [(name: String, value: String)]? {
        let settings = template.template.apns
        guard settings.expiration == nil, template.collapseID == nil else { return nil }
        // Without those two, `headers` reads neither the time nor a setting, and cannot fail.
        return try? headers(
            of: template,
            pushType: settings.pushType,
            renderTime: { 0 },
            setting: { (_) throws(RenderError) in "" }
        )
    }

    /// Header `apns-expiration`: the render time `now` (seconds since 1970, rounded down) plus the
    /// template's `expiration` seconds, refused rather than trapping when `now` is not a finite
    /// number a 64-bit integer holds, or the sum does not fit in one.
    static func expiry(_ expiration: Int, at now: Double) throws(RenderError) -> String {
        guard let seconds = Int64(exactly: now.rounded(.down)) else {
            throw RenderError(
                RenderError.Code.invalidRequest,
                "the render time \(now) is not a number of seconds since 1970 that apns-expiration can hold"
            )
        }
        let (sum, overflow) = seconds.addingReportingOverflow(Int64(expiration))
        guard !overflow else {
            throw RenderError(
                RenderError.Code.invalidRequest,
                "the render time \(now) plus the template's expiration of \(expiration) seconds is beyond 64 bits"
            )
        }
        return String(sum)
    }

    /// `value` in decimal; the three priorities APNs takes are literals (`String(_:)` formats
    /// through a generic description, about 300 instructions for two digits).
    private static func decimal(_ value: Int) -> String {
        switch value {
        case 10: "10"
        case 5: "5"
        case 1: "1"
        default: String(value)
        }
    }

    let reservedRootKeys: Set<String> = ["aps", "localization_content"]

    var takesTemplateBudget: Bool { true }

    /// How every APNs payload starts: the root object and the `aps` key.
    static let payloadStart = Array(#"{"aps":{"#.utf8)

    private static let apsKey = PayloadOutline.key("aps")
    private static let alertKey = PayloadOutline.key("alert")
    private static let contentKey = PayloadOutline.key("localization_content")

    private static func jsonString(_ text: String) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: text.utf8.count + 2)
        writer.string(text)
        return writer.bytes
    }
}
