import Foundation
import ICUKit

extension Catalog {
    /// Renders one notification: negotiates the locale, formats every field, fits the budget and
    /// writes the exact payload bytes and APNs headers.
    /// - Parameter request: template key, user languages, arguments and options.
    /// - Returns: the payload, headers and a report of where the bytes went.
    /// - Throws: `RenderError` (`unknown-key`, `missing-argument`, `argument-type`,
    ///   `payloadTooLarge`, …) with a message that names the problem.
    public func render(_ request: RenderRequest) throws(RenderError) -> RenderedNotification {
        try render(request, fromPlans: true)
    }

    /// `render`; without `fromPlans`, the payload is always composed and fitted step by step, never
    /// written by the planned shortcuts (which must give the same bytes: tests compare the two).
    func render(_ request: RenderRequest, fromPlans: Bool) throws(RenderError) -> RenderedNotification {
        if request.badge != nil || !request.data.isEmpty {
            return try renderPinning(request, fromPlans: fromPlans)
        }
        return try renderTemplate(request, fromPlans: fromPlans)
    }

    /// `render` of the template alone (the request's `badge` and `data` are not read).
    func renderTemplate(_ request: RenderRequest, fromPlans: Bool) throws(RenderError) -> RenderedNotification {
        guard let compiled = templates[request.key] else {
            throw RenderError(RenderError.Code.unknownKey, "no template '\(request.key)' in the catalog")
        }
        let pushType = request.pushType ?? compiled.template.apns.pushType
        let budget = request.budget ?? compiled.template.budget ?? pushType.defaultBudget
        guard budget > 0 else {
            throw RenderError(
                RenderError.Code.invalidRequest,
                "budget must be a positive number of bytes, got \(budget)"
            )
        }
        try checkTimeZone(request.timeZone)
        let chain = negotiator.chain(for: request.locales)
        let locale = chain.first ?? settings.sourceLocale
        let cutter = TextCutter(ellipsis: ellipsisBytes, locale: locale)
        let bound = try ArgumentBinder(compiled: compiled, cutter: cutter).bind(request.arguments)
        var notification = try render(
            compiled,
            request,
            bound: bound,
            chain: chain,
            pushType: pushType,
            budget: budget,
            fromPlans: fromPlans
        )
        notification.report.negotiation = negotiator.matches(for: request.locales)
        return notification
    }

    /// The time zone checked: nil, or an id ICU knows.
    func checkTimeZone(_ zone: String?) throws(RenderError) {
        if let zone, !Self.validTimeZones.value(for: zone, compute: { TimeZones.isValid(zone) }) {
            throw RenderError(RenderError.Code.invalidTimeZone, "unknown time zone '\(zone)' (expected an IANA id)")
        }
    }

    /// `render` once the arguments are bound (`request.arguments` is not read again) and the
    /// user's chain negotiated.
    func render(
        _ compiled: CompiledTemplate,
        _ request: RenderRequest,
        bound: ArgumentBinder.Bound,
        chain: [String],
        pushType: PushType,
        budget: Int,
        fromPlans: Bool
    ) throws(RenderError) -> RenderedNotification {
        let locale = chain.first ?? settings.sourceLocale
        // A planned payload that fits, with its headers.
        func finished(_ payload: [UInt8], _ report: RenderReport) throws(RenderError) -> RenderedNotification {
            RenderedNotification(
                payload: payload,
                headers: try self.headers(
                    compiled,
                    pushType: pushType,
                    values: bound.values,
                    now: request.now,
                    timeZone: request.timeZone
                ),
                locale: locale,
                report: report
            )
        }
        // The usual render: a resolved payload in a locale with a plan, nothing cut to max-bytes,
        // fitting at once.
        var planned = false
        // (Not when the truncatable texts alone exceed the budget: fitting measures those without
        // writing them.)
        if fromPlans, request.mode == .resolved, bound.trimmedByCap.isEmpty, bound.truncatableBytes <= budget,
            let plan = compiled.plans[locale]
        {
            let payload = try plan.write(bound.values, timeZone: request.timeZone)
            if payload.count <= budget {
                return try finished(
                    payload,
                    RenderReport(fitAtOnce: payload.count, budget: budget, fieldLocales: plan.fieldLocales)
                )
            }
            planned = true
        }
        // Fitting reads at most a budget and a kilobyte of each truncatable text.
        let fitting = bound.limitingLongTexts(budget: budget)
        if fromPlans, request.mode == .content,
            let planned = try plannedContent(
                compiled,
                chain: chain,
                bound: fitting,
                budget: budget,
                overflow: request.overflow ?? settings.overflow,
                timeZone: request.timeZone
            )
        {
            return try finished(planned.payload, planned.report)
        }
        let composer = PayloadComposer(
            compiled: compiled,
            mode: request.mode,
            chain: chain,
            sourceLocale: settings.sourceLocale,
            timeZone: request.timeZone,
            isolation: settings.bidiIsolation
        )
        let content = request.mode == .content ? contentPlan(chain: chain, overflow: request.overflow) : nil
        let fitter = BudgetFitter(
            composer: composer,
            cutter: TextCutter(ellipsis: ellipsisBytes, locale: locale),
            budget: budget,
            truncatable: bound.truncatable,
            requiredLocales: content.map { Array($0.required) } ?? []
        )
        let fitted = try fitter.fit(fitting, content: content, mayFitAtOnce: !planned)
        let trimmedArguments = bound.cappedArguments(
            occurrences: fitted.composition.occurrences,
            in: compiled,
            then: fitted.trimmed
        )
        let headers = try self.headers(
            compiled,
            pushType: pushType,
            values: bound.values,
            now: request.now,
            timeZone: request.timeZone
        )
        return RenderedNotification(
            payload: fitted.composition.payload,
            headers: headers,
            locale: locale,
            report: RenderReport(
                bytes: fitted.composition.payload.count,
                budget: budget,
                fieldLocales: fitted.composition.fieldLocales,
                includedLocales: fitted.composition.contentLocales,
                droppedLocales: fitted.droppedLocales,
                trimmedArguments: trimmedArguments,
                bodyBytesTrimmed: fitted.bodyBytesTrimmed,
                steps: fitted.steps
            )
        )
    }

    /// Content mode's locales: the negotiated one (falling back along the user's own chain) and the
    /// source locale are required; every other catalog locale is optional, in `locale-priority`
    /// order, then alphabetically (`contentOrders`, decided at load).
    private func contentPlan(chain: [String], overflow: OverflowPolicy?) -> BudgetFitter.ContentPlan {
        let sourceLocale = settings.sourceLocale
        let negotiated = chain.first ?? sourceLocale
        let requiredCount = negotiated == sourceLocale ? 1 : 2
        let overflow = overflow ?? settings.overflow
        if let order = contentOrders[negotiated]?.locales, order[0].chain == chain {
            return BudgetFitter.ContentPlan(all: order, requiredCount: requiredCount, overflow: overflow)
        }
        // The user's chain differs from the catalog's for this tag: the first entry follows it.
        var all = [PayloadComposer.ContentLocale(tag: negotiated, chain: chain)]
        if negotiated != sourceLocale {
            all.append(PayloadComposer.ContentLocale(tag: sourceLocale, chain: [sourceLocale]))
        }
        all += optionalContentLocales.filter { $0.tag != negotiated }
        return BudgetFitter.ContentPlan(all: all, requiredCount: requiredCount, overflow: overflow)
    }

    /// Time zone ids already checked with ICU (a check creates an ICU time zone).
    /// Only ASCII ids are cached (see `String.isASCII`).
    private static let validTimeZones = BoundedCache<String, Bool>(capacity: 1024, isCacheable: \.isASCII)

    func headers(
        _ compiled: CompiledTemplate,
        pushType: PushType,
        values: [ArgumentValue?],
        now: Double?,
        timeZone: String?
    ) throws(RenderError) -> [(name: String, value: String)] {
        if pushType == compiled.template.apns.pushType, let fixed = compiled.fixedHeaders { return fixed }
        var headers: [(name: String, value: String)] = []
        // At most four headers: room for them at once, not one reallocation per header.
        headers.reserveCapacity(4)
        headers.append(("apns-push-type", pushType.rawValue))
        if let priority = compiled.template.apns.priority {
            headers.append(("apns-priority", String(priority)))
        }
        if let expiration = compiled.template.apns.expiration {
            let renderTime = now ?? Date().timeIntervalSince1970
            headers.append(("apns-expiration", String(Int64(renderTime.rounded(.down)) + Int64(expiration))))
        }
        if let collapse = compiled.collapseID {
            let text = try PayloadComposer.plainText(collapse, values, timeZone: timeZone)
            guard text.count <= 64 else {
                throw RenderError(
                    RenderError.Code.collapseID,
                    "apns-collapse-id is \(text.count) bytes; APNs allows at most 64"
                )
            }
            headers.append(("apns-collapse-id", String(decoding: text, as: UTF8.self)))
        }
        return headers
    }
}
