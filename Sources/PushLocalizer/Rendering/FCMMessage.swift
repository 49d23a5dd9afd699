import MessageFormat

/// Writes an FCM HTTP v1 message (`{"message": {…}}`) around its fitted text: the counted text
/// `FCMShape` wrote (one token per string, split at `JSONWriter.tokenEnd`) and, for `data`
/// messages, the content document. Members appear only when they have a value:
///
/// - `token` / `topic` / `condition`: the request's target;
/// - `notification`: `title` and `body` (`resolved`);
/// - `data`: the template's data, then the request's, every value a string; `data` messages add
///   `locale` (the negotiated tag) and `localization_content` (the content document's JSON text);
/// - `android`: `priority`, `ttl`, `collapse_key` and, except in `data` messages, `notification`
///   (`channel_id`, `tag`, `icon`, `color`, `sound`, `click_action`, the `loc-key` keys and
///   arguments, `notification_count` from the request's badge);
/// - `apns`: the APNs payload and headers of the same request, when the template has `apns`.
struct FCMMessage {
    let compiled: CompiledTemplate
    let values: [ArgumentValue?]
    let timeZone: String?
    var target: FCMTarget?
    var pinned = FCMPinnedData()
    var badge: Int?
    /// `resolved`, `loc-key` or `data`.
    var mode = RenderMode.resolved
    /// `data` messages: the negotiated locale and the content document.
    var locale = ""
    var content: [UInt8] = []
    var apns: RenderedNotification?
    /// The fitted text (`FCMShape`'s counted text) and where each of its strings is in it, in
    /// outline order: the fields' texts or their `loc-key` arguments (`leadingCount` of them),
    /// then each data key and value.
    private var text: [UInt8] = []
    private var tokens: [Range<Int>] = []
    private var leadingCount = 0

    init(compiled: CompiledTemplate, values: [ArgumentValue?], timeZone: String?) {
        self.compiled = compiled
        self.values = values
        self.timeZone = timeZone
    }

    /// `data` messages: the bytes of the keys `locale` and `localization_content`, which FCM counts.
    static let contentKeysBytes = "locale".utf8.count + "localization_content".utf8.count

    /// How many strings `FCMShape`'s outline writes for the fields (their texts, or their `loc-key`
    /// arguments) in this mode. (An FCM notification has no subtitle.)
    private var leadingTokenCount: Int {
        var count = 0
        for field in compiled.fields where field != .subtitle {
            switch mode {
            case .resolved: count += 1
            case .locKey: count += compiled.locArgumentNames[field]?.count ?? 0
            case .content, .data: break
            }
        }
        return count
    }

    /// How many strings `FCMShape`'s outline writes in this mode.
    var tokenCount: Int { leadingTokenCount + 2 * compiled.data.count }

    /// The UTF-8 of the template's data keys and values, as taken.
    var dataTextBytes: Int { tokens[leadingCount...].reduce(0) { $0 + $1.count } }

    /// Takes the counted text `FCMShape` wrote for this mode.
    /// - Throws: `format-failed` when it does not hold the strings the outline writes.
    mutating func take(countedText: [UInt8]) throws(RenderError) {
        text = countedText
        let leading = leadingTokenCount
        let expected = leading + 2 * compiled.data.count
        tokens.removeAll(keepingCapacity: true)
        tokens.reserveCapacity(expected)
        var start = 0
        for (offset, byte) in text.enumerated() where byte == JSONWriter.tokenEnd {
            tokens.append(start..<offset)
            start = offset + 1
        }
        guard tokens.count == expected, start == text.count else {
            throw RenderError(
                RenderError.Code.formatFailed,
                "the message's text has \(tokens.count) strings where \(expected) were written"
            )
        }
        leadingCount = leading
    }

    /// The message's JSON.
    /// - Throws: `RenderError` when a setting's `{args}` do not format.
    func write() throws(RenderError) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256 + text.count + content.count + (apns?.payload.count ?? 0))
        try text.withUnsafeBufferPointer { (text) throws(RenderError) in
            writer.beginObject()
            writer.key(plain: "message")
            writer.beginObject()
            switch target {
            case .token(let token)?:
                writer.key(plain: "token")
                writer.string(token)
            case .topic(let topic)?:
                writer.key(plain: "topic")
                writer.string(topic)
            case .condition(let condition)?:
                writer.key(plain: "condition")
                writer.string(condition)
            case nil:
                break
            }
            if mode == .resolved, leadingCount > 0 {
                writer.key(plain: "notification")
                writer.beginObject()
                var next = 0
                for field in compiled.fields where field != .subtitle {
                    writer.key(plain: field.key)
                    writer.string(contiguous: UnsafeBufferPointer(rebasing: text[tokens[next]]))
                    next += 1
                }
                writer.endObject()
            }
            writeData(text, into: &writer)
            try writeAndroid(text, into: &writer)
            if let apns {
                writer.key(plain: "apns")
                writer.beginObject()
                writer.key(plain: "headers")
                apns.writeHeaders(&writer)
                writer.key(plain: "payload")
                writer.rawValue(apns.payload)
                writer.endObject()
            }
            writer.endObject()
            writer.endObject()
        }
        return writer.bytes
    }

    private func writeData(_ text: UnsafeBufferPointer<UInt8>, into writer: inout JSONWriter) {
        guard tokens.count > leadingCount || !pinned.entries.isEmpty || mode == .data else { return }
        writer.key(plain: "data")
        writer.beginObject()
        for index in stride(from: leadingCount, to: tokens.count, by: 2) {
            writer.key(String(decoding: UnsafeBufferPointer(rebasing: text[tokens[index]]), as: UTF8.self))
            writer.string(contiguous: UnsafeBufferPointer(rebasing: text[tokens[index + 1]]))
        }
        for (key, value) in pinned.entries {
            writer.key(key)
            writer.string(value)
        }
        if mode == .data {
            writer.key(plain: "locale")
            writer.string(locale)
            writer.key(plain: "localization_content")
            content.withUnsafeBufferPointer { writer.string(contiguous: $0) }
        }
        writer.endObject()
    }

    /// `android`: the template's `fcm` settings, the `loc-key` keys and arguments and the badge.
    private func writeAndroid(_ text: UnsafeBufferPointer<UInt8>, into writer: inout JSONWriter) throws(RenderError) {
        let settings = compiled.template.fcm
        let messages = compiled.parts.platforms
        let strings: [(key: StaticString, message: CompiledMessage?)] = [
            ("channel_id", messages.fcmChannelID), ("tag", messages.fcmTag), ("icon", messages.fcmIcon),
            ("color", messages.fcmColor), ("sound", messages.fcmSound), ("click_action", messages.fcmClickAction),
        ]
        let hasNotification =
            mode != .data && (badge != nil || mode == .locKey || strings.contains { $0.message != nil })
        guard settings.priority != nil || settings.ttl != nil || messages.fcmCollapseKey != nil || hasNotification
        else { return }
        writer.key(plain: "android")
        writer.beginObject()
        if let priority = settings.priority {
            writer.key(plain: "priority")
            writer.string(priority == .high ? "HIGH" : "NORMAL")
        }
        if let ttl = settings.ttl {
            writer.key(plain: "ttl")
            writer.string("\(ttl)s")
        }
        if let collapseKey = messages.fcmCollapseKey {
            writer.key(plain: "collapse_key")
            let value = try self.text(collapseKey)
            value.withUnsafeBufferPointer { writer.string(contiguous: $0) }
        }
        if hasNotification {
            writer.key(plain: "notification")
            writer.beginObject()
            for (key, message) in strings {
                guard let message else { continue }
                writer.key(plain: key)
                let value = try self.text(message)
                value.withUnsafeBufferPointer { writer.string(contiguous: $0) }
            }
            if mode == .locKey { writeLocalizationKeys(text, into: &writer) }
            if let badge {
                writer.key(plain: "notification_count")
                writer.integer(badge)
            }
            writer.endObject()
        }
        writer.endObject()
    }

    /// `loc-key` mode: each field's Android string name and its arguments (as fitted).
    private func writeLocalizationKeys(_ text: UnsafeBufferPointer<UInt8>, into writer: inout JSONWriter) {
        var next = 0
        for field in compiled.fields where field != .subtitle {
            writer.key(plain: field == .title ? "title_loc_key" : "body_loc_key")
            writer.string(compiled.template.androidStringName(field))
            let count = compiled.locArgumentNames[field]?.count ?? 0
            guard count > 0 else { continue }
            writer.key(plain: field == .title ? "title_loc_args" : "body_loc_args")
            writer.beginArray()
            for index in next..<(next + count) {
                writer.string(contiguous: UnsafeBufferPointer(rebasing: text[tokens[index]]))
            }
            writer.endArray()
            next += count
        }
    }

    /// A setting formatted with the request's arguments (never bidi-isolated).
    private func text(_ message: CompiledMessage) throws(RenderError) -> [UInt8] {
        try PayloadComposer.plainText(message, values, timeZone: timeZone)
    }
}
