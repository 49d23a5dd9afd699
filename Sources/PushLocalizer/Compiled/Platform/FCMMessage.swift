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
///
/// The same writer plans (`plan(_:locale:isolation:)`): in planning mode it writes the members
/// between the target and `apns` with each string's message in place of its fitted text, so a
/// `resolved` message that fits at once is written from its locale's plan (`writeHead`,
/// `writePlanned`, `writeTail`), the fitted text never made. `FCMPlannedMessageTests` checks that
/// both routes write the same messages (against a catalog compiled without plans).
struct FCMMessage {
    let compiled: CompiledTemplate
    let values: [ArgumentValue?]
    let timeZone: String?
    var target: FCMTarget?
    /// The request's data: keys and string values, in order.
    var pinned: [(key: String, value: String)] = []
    var badge: Int?
    /// `resolved`, `loc-key` or `data`.
    var mode = RenderMode.resolved
    /// `data` messages: the negotiated locale and the content document.
    var locale = ""
    var content: [UInt8] = []
    var apns: RenderedNotification?
    /// The fitted text (`FCMShape`'s counted text): its strings in outline order, each ended by
    /// `JSONWriter.tokenEnd`: the fields' texts or their `loc-key` arguments, then each data key
    /// and value, which start at `dataStart`.
    private var text: [UInt8] = []
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
        self.dataStart = dataStart
    }

    /// The message's JSON, around the fitted text taken.
    /// - Throws: `RenderError` when a setting's `{args}` do not format.
    func write() throws(RenderError) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256 + text.count + content.count + (apns?.payload.count ?? 0))
        try text.withUnsafeBufferPointer { (text) throws(RenderError) in
            Self.writeHead(target: target, into: &writer)
            var strings = Strings(fitted: text)
            try writeMembers(&strings, into: &writer)
            Self.writeTail(apns: apns, into: &writer)
        }
        return writer.bytes
    }

    /// `{"message":{` and the target.
    static func writeHead(target: FCMTarget?, into writer: inout JSONWriter) {
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
    }

    /// `apns`, when the message carries it, and the two closing braces.
    static func writeTail(apns: RenderedNotification?, into writer: inout JSONWriter) {
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

    /// The members between the target and `apns`: `notification`, `data` and `android`.
    private func writeMembers(_ strings: inout Strings, into writer: inout JSONWriter) throws(RenderError) {
        if mode == .resolved, compiled.fields.contains(where: { $0 != .subtitle }) {
            writer.key(plain: "notification")
            writer.beginObject()
            var fitted = CountedStrings(strings.fitted, from: 0)
            for field in compiled.fields where field != .subtitle {
                writer.key(plain: field.key)
                if strings.planning != nil {
                    try strings.planning?.field(field, of: compiled, into: &writer)
                } else {
                    writer.string(contiguous: fitted.next())
                }
            }
            writer.endObject()
        }
        try writeData(&strings, into: &writer)
        try writeAndroid(&strings, into: &writer)
    }

    private func writeData(_ strings: inout Strings, into writer: inout JSONWriter) throws(RenderError) {
        guard !compiled.data.isEmpty || !pinned.isEmpty || mode == .data else { return }
        writer.key(plain: "data")
        writer.beginObject()
        var fitted = CountedStrings(strings.fitted, from: dataStart)
        for entry in compiled.data {
            if strings.planning != nil {
                try strings.planning?.data(entry, into: &writer)
            } else {
                writer.key(contiguous: fitted.next())
                writer.string(contiguous: fitted.next())
            }
        }
        for (key, value) in pinned {
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
    private func writeAndroid(_ strings: inout Strings, into writer: inout JSONWriter) throws(RenderError) {
        let settings = compiled.template.fcm
        let messages = compiled.parts.platforms
        let notification = compiled.androidNotification
        let hasNotification = mode != .data && (badge != nil || mode == .locKey || !notification.isEmpty)
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
            try writeSetting(collapseKey, &strings, into: &writer)
        }
        if hasNotification {
            writer.key(plain: "notification")
            writer.beginObject()
            for (key, message) in notification {
                writer.key(plain: key)
                try writeSetting(message, &strings, into: &writer)
            }
            if mode == .locKey { writeLocalizationKeys(strings.fitted, into: &writer) }
            if let badge {
                writer.key(plain: "notification_count")
                writer.integer(badge)
            }
            writer.endObject()
        }
        writer.endObject()
    }

    /// A setting's string: formatted with the request's arguments, or planned.
    private func writeSetting(
        _ message: CompiledMessage,
        _ strings: inout Strings,
        into writer: inout JSONWriter
    )
        throws(RenderError)
    {
        if strings.planning != nil {
            strings.planning?.string(message, isolate: false, counted: false, into: &writer)
            return
        }
        let value = try text(message)
        value.withUnsafeBufferPointer { writer.string(contiguous: $0) }
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

extension FCMMessage {
    /// A `resolved` message planned for one locale: the members between the target and `apns`
    /// with no request data and no badge (`notification`, `data`, `android`), and what FCM
    /// counts of them.
    struct Plan: Sendable {
        let plan: PayloadPlan
        /// The UTF-8 of the counted strings that are constant (data keys, literal texts).
        let countedBytes: Int
        /// The plan's messages (by their order in it) whose text FCM counts: the title, the body and
        /// data values (not the `android` settings).
        let countedMessages: [Int]
    }

    /// The plan of `compiled`'s `resolved` message for chains that start with `locale` (which
    /// must translate every field): written by this writer in planning mode. Nil where a string
    /// cannot be planned (a data array or object) or nothing is written.
    static func plan(_ compiled: CompiledTemplate, locale: String, isolation: BidiIsolation) -> Plan? {
        let composer = PayloadComposer(
            compiled: compiled,
            mode: .resolved,
            chain: [locale],
            sourceLocale: compiled.sourceLocale,
            timeZone: nil,
            isolation: isolation
        )
        let message = FCMMessage(compiled: compiled, values: [], timeZone: nil)
        var strings = Strings(fitted: UnsafeBufferPointer(start: nil, count: 0))
        strings.planning = Planning(composer: composer)
        var writer = JSONWriter.planning()
        do {
            try message.writeMembers(&strings, into: &writer)
        } catch {
            return nil
        }
        let segments = writer.finishPlan()
        guard let planning = strings.planning, !segments.isEmpty else { return nil }
        return Plan(
            plan: PayloadPlan(segments: segments, fieldLocales: planning.fieldLocales),
            countedBytes: planning.countedBytes,
            countedMessages: planning.countedMessages
        )
    }

    /// Writes the planned members of a message (after `writeHead`, before `writeTail`) from
    /// `planned`, made for the negotiated locale, with argument values by slot. Only for a
    /// `resolved` message without request data or badge.
    /// - Returns: the bytes FCM counts. Over the budget, the text must be fitted instead
    ///   (`take(countedText:)` and `write()`).
    static func writePlanned(
        _ planned: Plan,
        values: [ArgumentValue?],
        timeZone: String?,
        into writer: inout JSONWriter
    ) throws(RenderError) -> Int {
        var counted = planned.countedBytes
        let plan = planned.plan
        try writer.members { (output: inout [UInt8]) throws(RenderError) in
            try withUnsafeTemporaryAllocation(of: PayloadPlan.Formatted.self, capacity: plan.messageCount) {
                formatted throws(RenderError) in
                var noCounts: [Int] = []
                try plan.append(values, timeZone: timeZone, to: &output, counting: &noCounts, recording: formatted)
                output.withUnsafeBufferPointer { bytes in
                    for index in planned.countedMessages {
                        counted += JSONEscaping.textSize(
                            ofEscaped: UnsafeBufferPointer(rebasing: bytes[formatted[index].range])
                        )
                    }
                }
            }
        }
        return counted
    }

    /// Where the strings of `notification`, `data` and `android` come from: the fitted text, or
    /// (planning) the messages that make them.
    fileprivate struct Strings {
        /// The fitted text taken (`take(countedText:)`).
        var fitted: UnsafeBufferPointer<UInt8>
        var planning: Planning?
    }

    /// Planning: each string's message planned in place of its text, and what FCM will count.
    fileprivate struct Planning {
        let composer: PayloadComposer
        var countedBytes = 0
        var countedMessages: [Int] = []
        var messageCount = 0
        var fieldLocales = FieldLocales()

        /// A title or body in the first locale of the chain that translates it (none: no plan).
        mutating func field(
            _ field: MessageField,
            of compiled: CompiledTemplate,
            into writer: inout JSONWriter
        ) throws(RenderError) {
            guard let (locale, message, rightToLeft) = compiled.message(for: field, along: composer.chain) else {
                throw RenderError(RenderError.Code.formatFailed, "no \(field.rawValue) along the chain is planned")
            }
            fieldLocales[field] = locale
            string(message, isolate: composer.isolates(rightToLeft: rightToLeft), counted: true, into: &writer)
        }

        /// A data key and its value as a string (the value's text as `FCMShape`'s outline writes it).
        mutating func data(_ entry: CompiledDataEntry, into writer: inout JSONWriter) throws(RenderError) {
            writer.key(entry.key)
            countedBytes += entry.key.utf8.count
            switch entry.value {
            case .string(let message):
                string(message, isolate: false, counted: true, into: &writer)
            case .literal(let json):
                var text = JSONWriter.countedText(reservingCapacity: 64)
                text.value(json)
                let value = text.bytes.dropLast()
                countedBytes += value.count
                writer.string(value)
            case .array, .object:
                throw RenderError(RenderError.Code.formatFailed, "a data array or object is not planned")
            }
        }

        /// `message`'s string, planned (or written, when it is literal text).
        mutating func string(_ message: CompiledMessage, isolate: Bool, counted: Bool, into writer: inout JSONWriter) {
            if let literal = message.literalText {
                writer.string(literal)
                if counted { countedBytes += literal.count }
                return
            }
            writer.plannedString(message, isolate: isolate)
            if counted {
                countedMessages.append(messageCount)
                // A plan writes a message's constant text at its edges with its own bytes: that
                // text is not in the message's formatted range.
                let (leading, trailing) = message.edgeLiterals
                countedBytes += leading.count + trailing.count
            }
            messageCount += 1
        }
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
