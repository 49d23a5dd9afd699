/// FCM messages. The budget counts text, not JSON, so the render fits the counted text the
/// shape's outline writes (`FCMShape`: title, body or `loc-key` arguments, data keys and values,
/// as tokens) through the one route, or, for `data` messages, the content document
/// (`FCMContentShape`) to what the other data leaves; then `FCMMessage` writes the message
/// around the fitted text.
extension Catalog {
    /// `render` of a request with `platform` FCM.
    func renderFCM(_ request: RenderRequest) throws(RenderError) -> RenderedNotification {
        guard let compiled = templates(for: .fcm)[request.key] else {
            throw RenderError(RenderError.Code.unknownKey, "no template '\(request.key)' in the catalog")
        }
        let budget = request.budget ?? FCMShape.defaultBudget
        guard budget > 0 else {
            throw RenderError(
                RenderError.Code.invalidRequest,
                "budget must be a positive number of bytes, got \(budget)"
            )
        }
        let pinned = try FCMPinnedData(request.data, of: compiled)
        try checkTimeZone(request.timeZone)
        let negotiated = negotiator.negotiation(for: request.locales)
        let locale = negotiated.chain.first ?? settings.sourceLocale
        let bound = try ArgumentBinder(compiled: compiled, cutter: TextCutter(ellipsis: ellipsisBytes, locale: locale))
            .bind(request.arguments)
        // The usual message: `resolved`, fitting at once, written from its locale's plan.
        if request.mode == .resolved, pinned.entries.isEmpty, request.badge == nil, bound.trimmedByCap.isEmpty,
            let planned = compiled.messagePlans[locale]
        {
            var writer = JSONWriter(reservingCapacity: planned.plan.fixedSize + 256)
            FCMMessage.writeHead(target: request.target, into: &writer)
            let counted = try FCMMessage.writePlanned(
                planned,
                values: bound.values,
                timeZone: request.timeZone,
                into: &writer
            )
            if counted <= budget {
                let apns = compiled.template.hasAPNsSettings ? try apnsOfFCM(request) : nil
                FCMMessage.writeTail(apns: apns, into: &writer)
                return Self.plannedFCM(
                    writer.bytes,
                    locale: locale,
                    report: RenderReport(fitAtOnce: counted, budget: budget, fieldLocales: planned.plan.fieldLocales),
                    negotiation: negotiated.matches
                )
            }
        }
        var message = FCMMessage(compiled: compiled, values: bound.values, timeZone: request.timeZone)
        message.target = request.target
        message.pinned = pinned.entries
        message.badge = request.badge
        var report: RenderReport
        if request.mode == .data || request.mode == .content {
            message.mode = .data
            report = try fitContentDocument(
                request,
                compiled: compiled,
                bound: bound,
                negotiated: negotiated,
                budget: budget,
                pinned: pinned,
                into: &message
            )
        } else {
            message.mode = request.mode
            if request.mode == .locKey { try Self.checkAndroidStrings(compiled) }
            report = try fitCountedText(
                request,
                compiled: compiled,
                bound: bound,
                negotiated: negotiated,
                budget: budget,
                pinned: pinned,
                into: &message
            )
        }
        if compiled.template.hasAPNsSettings {
            message.apns = try apnsOfFCM(request)
        }
        let payload = try message.write()
        report.messageBytes = payload.count
        return RenderedNotification(payload: payload, headers: [], locale: locale, report: report)
    }

    /// A message written from its plan, with its report made whole (the report is taken, not
    /// copied).
    private static func plannedFCM(
        _ payload: consuming [UInt8],
        locale: String,
        report: consuming RenderReport,
        negotiation: [LocaleMatch]
    ) -> RenderedNotification {
        report.negotiation = negotiation
        report.messageBytes = payload.count
        return RenderedNotification(payload: payload, headers: [], locale: locale, report: report)
    }

    /// `resolved` and `loc-key`: the counted text fitted to the budget less the request's data.
    private func fitCountedText(
        _ request: RenderRequest,
        compiled: CompiledTemplate,
        bound: ArgumentBinder.Bound,
        negotiated: LocaleNegotiator.Negotiated,
        budget: Int,
        pinned: FCMPinnedData,
        into message: inout FCMMessage
    ) throws(RenderError) -> RenderReport {
        let tokens = message.tokenCount
        let textBudget = budget - pinned.textBytes
        guard textBudget > 0 else { throw Self.dataTakesBudget(pinned.textBytes, budget) }
        // Each token's end byte is in the counted text but not in FCM's count.
        var rendered = try fitted(
            compiled,
            request,
            mode: request.mode,
            budget: textBudget + tokens,
            uncountedBytes: tokens - pinned.textBytes,
            overflow: nil,
            bound: bound,
            negotiated: negotiated
        )
        try message.take(countedText: rendered.payload)
        rendered.report.bytes = rendered.payload.count - tokens + pinned.textBytes
        rendered.report.budget = budget
        return rendered.report
    }

    /// `data`: the content document fitted to the budget less the message's other data.
    private func fitContentDocument(
        _ request: RenderRequest,
        compiled: CompiledTemplate,
        bound: ArgumentBinder.Bound,
        negotiated: LocaleNegotiator.Negotiated,
        budget: Int,
        pinned: FCMPinnedData,
        into message: inout FCMMessage
    ) throws(RenderError) -> RenderReport {
        let locale = negotiated.chain.first ?? settings.sourceLocale
        // The template's data (its text, tokens as `FCMShape` writes them), written whole.
        let composer = PayloadComposer(
            compiled: compiled,
            mode: .content,
            chain: negotiated.chain,
            sourceLocale: settings.sourceLocale,
            timeZone: request.timeZone,
            isolation: settings.bidiIsolation
        )
        var quick = composer
        quick.measures = false
        try message.take(countedText: try quick.compose(bound.values).payload)
        message.locale = locale
        let fixed = message.dataTextBytes + pinned.textBytes + FCMMessage.contentKeysBytes + locale.utf8.count
        guard let document = fcmContentTemplates[request.key] else {
            throw RenderError(RenderError.Code.unknownKey, "no template '\(request.key)' in the catalog")
        }
        guard budget - fixed > 0 else { throw Self.dataTakesBudget(fixed, budget) }
        var rendered = try fitted(
            document,
            request,
            mode: .content,
            budget: budget - fixed,
            uncountedBytes: -fixed,
            overflow: request.overflow,
            bound: bound,
            negotiated: negotiated
        )
        message.content = rendered.payload
        rendered.report.bytes = rendered.payload.count + fixed
        rendered.report.budget = budget
        return rendered.report
    }

    /// `compiled` rendered and fitted to `budget` through the one route.
    /// - Parameter uncountedBytes: what the budget holds beside what FCM counts (see
    ///   `RenderShape.uncountedBytes`).
    private func fitted(
        _ compiled: CompiledTemplate,
        _ request: RenderRequest,
        mode: RenderMode,
        budget: Int,
        uncountedBytes: Int,
        overflow: OverflowPolicy?,
        bound: ArgumentBinder.Bound,
        negotiated: LocaleNegotiator.Negotiated
    ) throws(RenderError) -> RenderedNotification {
        var shape = try RenderShape(
            compiled: compiled,
            mode: mode,
            budget: budget,
            pushType: request.pushType,
            overflow: overflow
        )
        shape.uncountedBytes = uncountedBytes
        var bytes: [UInt8] = []
        return try shape.render(
            bound,
            in: self,
            chain: negotiated.chain,
            negotiation: negotiated.matches,
            timeZone: request.timeZone,
            now: request.now,
            into: &bytes
        )
    }

    /// The APNs payload and headers of the same request, for `message.apns`: `data` messages
    /// carry content mode's, fitted to APNs's budget.
    private func apnsOfFCM(_ request: RenderRequest) throws(RenderError) -> RenderedNotification {
        var apns = request
        apns.platform = .apns
        apns.target = nil
        apns.budget = nil
        if apns.mode == .data { apns.mode = .content }
        do {
            return try render(apns)
        } catch {
            throw RenderError(error.code, "message.apns: " + error.message)
        }
    }

    /// `loc-key`: the source text of the title and body must be what an Android string with
    /// `%n$s` placeholders can say (Android's loc keys cannot do plurals or selects).
    private static func checkAndroidStrings(_ compiled: CompiledTemplate) throws(RenderError) {
        for field in compiled.fields where field != .subtitle {
            guard let message = compiled.messages[compiled.sourceLocale]?[field],
                let problem = LocKeyCompatibility.problem(in: message.syntax)
            else { continue }
            throw RenderError(
                RenderError.Code.locKeyIncompatible,
                "template '\(compiled.template.key)' \(field.rawValue): \(problem.reason); an FCM loc-key message "
                    + "names an Android string, which cannot: render it 'resolved' or 'data'"
            )
        }
    }

    private static func dataTakesBudget(_ bytes: Int, _ budget: Int) -> RenderError {
        RenderError(
            RenderError.Code.payloadTooLarge,
            "the message's data take \(bytes) of the \(budget)-byte budget, which leaves nothing for the notification"
        )
    }
}

/// A request's per-user `data` for an FCM message: every value a string (a string as it is, any
/// other value as its JSON text), checked against the keys FCM and the template keep.
struct FCMPinnedData {
    /// Keys and string values, in order (a repeated key keeps its last value, at its first place).
    let entries: [(key: String, value: String)]
    /// The UTF-8 of every key and value: what FCM counts of them.
    let textBytes: Int

    /// The request's `data` for a message of `compiled`, checked against the keys FCM and the
    /// template keep (read only when there is data: most requests have none).
    @inline(__always)
    init(_ data: [(key: String, value: JSONValue)], of compiled: CompiledTemplate) throws(RenderError) {
        guard !data.isEmpty else {
            entries = []
            textBytes = 0
            return
        }
        (entries, textBytes) = try Self.checked(data, of: compiled)
    }

    /// `init(_:of:)` of data that is not empty: its entries and their text bytes.
    private static func checked(
        _ data: [(key: String, value: JSONValue)],
        of compiled: CompiledTemplate
    ) throws(RenderError) -> (entries: [(key: String, value: String)], textBytes: Int) {
        let reservedKeys = compiled.shape.reservedRootKeys
        let checked = try PinnedValues.checkedData(
            data,
            refusing: { key in
                FCMSettings.reservation(of: key) ?? (reservedKeys.contains(key) ? "is reserved for the message" : nil)
            },
            templateKeys: compiled.data.map(\.key),
            template: "the template"
        )
        // Every value a string: a string as it is, any other value as its JSON text.
        let entries = checked.map { entry in
            guard case .string(let text) = entry.value else {
                var writer = JSONWriter(reservingCapacity: 64)
                writer.value(entry.value)
                return (key: entry.key, value: String(decoding: writer.bytes, as: UTF8.self))
            }
            return (key: entry.key, value: text)
        }
        return (entries, entries.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count })
    }
}
