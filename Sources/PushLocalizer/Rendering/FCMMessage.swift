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
    /// The fitted text (`FCMShape`'s counted text): its strings in outline order, each ended by
    /// `JSONWriter.tokenEnd`: the fields' texts or their `loc-key` arguments (`leadingCount` of
    /// them), then each data key and value, which start at `dataStart`.
    private var text: [UInt8] = []
    private var leadingCount = 0
    private var dataStart = 0

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
    var dataTextBytes: Int { text.count - dataStart - 2 * compiled.data.count }

    /// Takes the counted text `FCMShape` wrote for this mode.
    /// - Throws: `format-failed` when it does not hold the strings the outline writes.
    mutating func take(countedText: [UInt8]) throws(RenderError) {
        let leading = leadingTokenCount
        let expected = leading + 2 * compiled.data.count
        var count = 0
        var dataStart = leading == 0 ? 0 : -1
        var endsWithToken = countedText.isEmpty
        countedText.withUnsafeBufferPointer { text in
            for (offset, byte) in text.enumerated() where byte == JSONWriter.tokenEnd {
                count += 1
                if count == leading { dataStart = offset + 1 }
            }
            endsWithToken = text.last.map { $0 == JSONWriter.tokenEnd } ?? true
        }
        guard count == expected, endsWithToken, dataStart >= 0 else {
            throw RenderError(
                RenderError.Code.formatFailed,
                "the message's text has \(count) strings where \(expected) were written"
            )
        }
        text = countedText
        leadingCount = leading
        self.dataStart = dataStart
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
                var strings = CountedStrings(text, from: 0)
                for field in compiled.fields where field != .subtitle {
                    writer.key(plain: field.key)
                    writer.string(contiguous: strings.next())
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
        guard !compiled.data.isEmpty || !pinned.entries.isEmpty || mode == .data else { return }
        writer.key(plain: "data")
        writer.beginObject()
        var strings = CountedStrings(text, from: dataStart)
        for _ in compiled.data {
            writer.key(contiguous: strings.next())
            writer.string(contiguous: strings.next())
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
        let strings = compiled.androidNotification
        let hasNotification = mode != .data && (badge != nil || mode == .locKey || !strings.isEmpty)
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
        var strings = CountedStrings(text, from: 0)
        for field in compiled.fields where field != .subtitle {
            writer.key(plain: field == .title ? "title_loc_key" : "body_loc_key")
            writer.string(compiled.template.androidStringName(field))
            let count = compiled.locArgumentNames[field]?.count ?? 0
            guard count > 0 else { continue }
            writer.key(plain: field == .title ? "title_loc_args" : "body_loc_args")
            writer.beginArray()
            for _ in 0..<count { writer.string(contiguous: strings.next()) }
            writer.endArray()
        }
    }

    /// A setting formatted with the request's arguments (never bidi-isolated).
    private func text(_ message: CompiledMessage) throws(RenderError) -> [UInt8] {
        try PayloadComposer.plainText(message, values, timeZone: timeZone)
    }
}

/// The strings of a counted text in order, from a string's start: each up to its
/// `JSONWriter.tokenEnd` (`FCMMessage.take` checked that every string has one).
private struct CountedStrings {
    let text: UnsafeBufferPointer<UInt8>
    var start: Int

    init(_ text: UnsafeBufferPointer<UInt8>, from start: Int) {
        self.text = text
        self.start = start
    }

    /// The next string, without its end byte.
    mutating func next() -> UnsafeBufferPointer<UInt8> {
        var end = start
        while end < text.count, text[end] != JSONWriter.tokenEnd { end += 1 }
        defer { start = end + 1 }
        return UnsafeBufferPointer(rebasing: text[start..<end])
    }
}
