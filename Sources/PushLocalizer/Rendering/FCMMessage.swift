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
    /// The fitted text, by what it is.
    private var fieldTexts: [(field: MessageField, text: ArraySlice<UInt8>)] = []
    private var locArguments: [(field: MessageField, texts: [ArraySlice<UInt8>])] = []
    private var dataTexts: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []

    init(compiled: CompiledTemplate, values: [ArgumentValue?], timeZone: String?) {
        self.compiled = compiled
        self.values = values
        self.timeZone = timeZone
    }

    /// `data` messages: the bytes of the keys `locale` and `localization_content`, which FCM counts.
    static let contentKeysBytes = "locale".utf8.count + "localization_content".utf8.count

    /// The text fields an FCM notification has (it has no subtitle).
    private var fields: [MessageField] { compiled.fields.filter { $0 != .subtitle } }

    /// How many strings `FCMShape`'s outline writes in this mode.
    var tokenCount: Int {
        let data = 2 * compiled.data.count
        switch mode {
        case .resolved: return fields.count + data
        case .locKey: return fields.reduce(data) { $0 + (compiled.locArgumentNames[$1]?.count ?? 0) }
        case .content, .data: return data
        }
    }

    /// The UTF-8 of the template's data keys and values, as taken.
    var dataTextBytes: Int { dataTexts.reduce(0) { $0 + $1.key.count + $1.value.count } }

    /// Takes the counted text `FCMShape` wrote for this mode.
    /// - Throws: `format-failed` when it does not hold the strings the outline writes.
    mutating func take(countedText text: [UInt8]) throws(RenderError) {
        var tokens = text.split(separator: JSONWriter.tokenEnd, omittingEmptySubsequences: false)
        if tokens.last?.isEmpty == true { tokens.removeLast() }
        guard tokens.count == tokenCount else {
            throw RenderError(
                RenderError.Code.formatFailed,
                "the message's text has \(tokens.count) strings where \(tokenCount) were written"
            )
        }
        var next = 0
        switch mode {
        case .resolved:
            fieldTexts = fields.map { field in
                defer { next += 1 }
                return (field, tokens[next])
            }
        case .locKey:
            locArguments = fields.map { field in
                let count = compiled.locArgumentNames[field]?.count ?? 0
                defer { next += count }
                return (field, Array(tokens[next..<(next + count)]))
            }
        case .content, .data:
            break
        }
        dataTexts = stride(from: next, to: tokens.count, by: 2).map { (key: tokens[$0], value: tokens[$0 + 1]) }
    }

    /// The message's JSON.
    /// - Throws: `RenderError` when a setting's `{args}` do not format.
    func write() throws(RenderError) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 512 + content.count + (apns?.payload.count ?? 0))
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
        if mode == .resolved, !fieldTexts.isEmpty {
            writer.key(plain: "notification")
            writer.beginObject()
            for (field, text) in fieldTexts {
                writer.key(plain: field.key)
                writer.string(text)
            }
            writer.endObject()
        }
        writeData(&writer)
        try writeAndroid(&writer)
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
        return writer.bytes
    }

    private func writeData(_ writer: inout JSONWriter) {
        guard !dataTexts.isEmpty || !pinned.entries.isEmpty || mode == .data else { return }
        writer.key(plain: "data")
        writer.beginObject()
        for (key, value) in dataTexts {
            writer.key(String(decoding: key, as: UTF8.self))
            writer.string(value)
        }
        for (key, value) in pinned.entries {
            writer.key(key)
            writer.string(value)
        }
        if mode == .data {
            writer.key(plain: "locale")
            writer.string(locale)
            writer.key(plain: "localization_content")
            writer.string(content)
        }
        writer.endObject()
    }

    /// `android`: the template's `fcm` settings, the `loc-key` keys and arguments and the badge.
    private func writeAndroid(_ writer: inout JSONWriter) throws(RenderError) {
        let settings = compiled.template.fcm
        let messages = compiled.parts.platforms
        var members = JSONWriter(reservingCapacity: 256)
        if let priority = settings.priority {
            members.key(plain: "priority")
            members.string(priority.rawValue.uppercased())
        }
        if let ttl = settings.ttl {
            members.key(plain: "ttl")
            members.string("\(ttl)s")
        }
        if let collapseKey = messages.fcmCollapseKey {
            members.key(plain: "collapse_key")
            members.string(try text(collapseKey))
        }
        if mode != .data {
            var notification = JSONWriter(reservingCapacity: 256)
            let strings: [(key: StaticString, message: CompiledMessage?)] = [
                ("channel_id", messages.fcmChannelID), ("tag", messages.fcmTag), ("icon", messages.fcmIcon),
                ("color", messages.fcmColor), ("sound", messages.fcmSound), ("click_action", messages.fcmClickAction),
            ]
            for (key, message) in strings {
                guard let message else { continue }
                notification.key(plain: key)
                notification.string(try text(message))
            }
            for (field, texts) in locArguments {
                notification.key(plain: field == .title ? "title_loc_key" : "body_loc_key")
                notification.string(compiled.template.androidStringName(field))
                guard !texts.isEmpty else { continue }
                notification.key(plain: field == .title ? "title_loc_args" : "body_loc_args")
                notification.beginArray()
                for text in texts { notification.string(text) }
                notification.endArray()
            }
            if let badge {
                notification.key(plain: "notification_count")
                notification.integer(badge)
            }
            if !notification.bytes.isEmpty {
                members.key(plain: "notification")
                members.rawValue([UInt8(ascii: "{")] + notification.bytes + [UInt8(ascii: "}")])
            }
        }
        guard !members.bytes.isEmpty else { return }
        writer.key(plain: "android")
        writer.rawValue([UInt8(ascii: "{")] + members.bytes + [UInt8(ascii: "}")])
    }

    /// A setting formatted with the request's arguments (never bidi-isolated).
    private func text(_ message: CompiledMessage) throws(RenderError) -> [UInt8] {
        try PayloadComposer.plainText(message, values, timeZone: timeZone)
    }
}
