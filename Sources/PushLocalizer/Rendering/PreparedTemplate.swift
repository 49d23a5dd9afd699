/// One template made ready for many renders, as a backend job sending it to many users wants:
/// the template is looked up and the options decided once, each render takes the argument values
/// by position (the template's declaration order, `argumentNames`) and writes the payload into a
/// buffer the caller keeps. A `resolved` render that fits at once then allocates nothing.
///
/// It renders exactly what `Catalog.render` renders for the same request.
///
/// ```swift
/// let likes = try catalog.prepare("photo_liked_by")       // argumentNames: ["name", "count"]
/// var payload: [UInt8] = []
/// var values: [ArgumentValue?] = [nil, nil]
/// for user in users {
///     values[0] = .string(user.friendName)
///     values[1] = .int(user.likeCount)
///     let rendered = try likes.render(values, locales: user.languages, into: &payload)
///     send(payload, headers: rendered.headers)
/// }
/// ```
public struct PreparedTemplate: Sendable {
    let catalog: Catalog
    let compiled: CompiledTemplate
    /// The render mode.
    public let mode: RenderMode
    let budget: Int?
    let pushType: PushType?
    let overflow: OverflowPolicy?

    /// The template's key.
    public var key: String { compiled.template.key }
    /// The template's arguments in declaration order: the order `render` takes their values in.
    public var argumentNames: [String] { compiled.bindings.map(\.name) }

    /// Renders the template for one user.
    /// - Parameters:
    ///   - values: one value per entry of `argumentNames`, in that order: text for a `string`
    ///     argument, `.int`, a finite `.double` or `.decimal` for a `number` (decimal text is read
    ///     as a request's JSON number is), a finite `.date` for a `date`; nil is a missing argument.
    ///   - locales: the user's languages, most preferred first.
    ///   - timeZone: IANA time zone for date arguments (nil: UTC).
    ///   - now: the render time in seconds since 1970, for `apns-expiration` (nil: the clock).
    ///   - payload: receives the payload, replacing what it held (its capacity is kept); after an
    ///     error its contents are unspecified.
    /// - Returns: the negotiated locale, the APNs headers and the report.
    /// - Throws: `RenderError` as `Catalog.render` does (`missing-argument`, `argument-type`,
    ///   `payloadTooLarge`, …); a wrong number of values is `invalid-request`.
    public func render(
        _ values: [ArgumentValue?],
        locales: [String],
        timeZone: String? = nil,
        now: Double? = nil,
        into payload: inout [UInt8]
    ) throws(RenderError) -> PreparedRender {
        let pushType = self.pushType ?? compiled.template.apns.pushType
        let budget = self.budget ?? compiled.template.budget ?? pushType.defaultBudget
        try catalog.checkTimeZone(timeZone)
        let chain = catalog.negotiator.chain(for: locales)
        let locale = chain.first ?? catalog.settings.sourceLocale
        let cutter = TextCutter(ellipsis: catalog.ellipsisBytes, locale: locale)
        let bound = try ArgumentBinder(compiled: compiled, cutter: cutter).bind(slots: values)
        // The usual render, as `Catalog.render` writes it: straight into the caller's buffer.
        if mode == .resolved, bound.trimmedByCap.isEmpty, bound.truncatableBytes <= budget,
            let plan = compiled.plans[locale]
        {
            payload.removeAll(keepingCapacity: true)
            var noCounts: [Int] = []
            try plan.append(bound.values, timeZone: timeZone, to: &payload, counting: &noCounts)
            if payload.count <= budget {
                return PreparedRender(
                    locale: locale,
                    headers: try catalog.headers(
                        compiled,
                        pushType: pushType,
                        values: bound.values,
                        now: now,
                        timeZone: timeZone
                    ),
                    report: RenderReport(fitAtOnce: payload.count, budget: budget, fieldLocales: plan.fieldLocales)
                )
            }
        }
        let request = RenderRequest(
            key: key,
            locales: locales,
            mode: mode,
            budget: budget,
            pushType: pushType,
            timeZone: timeZone,
            overflow: overflow,
            now: now
        )
        let rendered = try catalog.render(
            compiled,
            request,
            bound: bound,
            chain: chain,
            pushType: pushType,
            budget: budget,
            fromPlans: true
        )
        payload.removeAll(keepingCapacity: true)
        payload.append(contentsOf: rendered.payload)
        return PreparedRender(locale: rendered.locale, headers: rendered.headers, report: rendered.report)
    }
}

/// What a prepared render gives besides the payload (which it writes into the caller's buffer).
public struct PreparedRender: Sendable {
    /// The negotiated locale.
    public var locale: String
    /// APNs request headers, in the order `RenderedNotification.headers` has them.
    public var headers: [(name: String, value: String)]
    /// Where the bytes went.
    public var report: RenderReport
}

extension Catalog {
    /// Prepares template `key` for many renders with the same options (see `PreparedTemplate`).
    /// - Parameters:
    ///   - mode: the render mode.
    ///   - budget: the payload budget in bytes (nil: the template's, else the push type's limit).
    ///   - pushType: the APNs push type (nil: the template's).
    ///   - overflow: content mode's policy (nil: the catalog's).
    /// - Throws: `RenderError` `unknown-key`, or `invalid-request` for a budget that is not positive.
    public func prepare(
        _ key: String,
        mode: RenderMode = .resolved,
        budget: Int? = nil,
        pushType: PushType? = nil,
        overflow: OverflowPolicy? = nil
    ) throws(RenderError) -> PreparedTemplate {
        guard let compiled = templates[key] else {
            throw RenderError(RenderError.Code.unknownKey, "no template '\(key)' in the catalog")
        }
        if let budget, budget <= 0 {
            throw RenderError(
                RenderError.Code.invalidRequest,
                "budget must be a positive number of bytes, got \(budget)"
            )
        }
        return PreparedTemplate(
            catalog: self,
            compiled: compiled,
            mode: mode,
            budget: budget,
            pushType: pushType,
            overflow: overflow
        )
    }
}
