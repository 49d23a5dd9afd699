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
        try request.checkPlatformFields()
        if request.platform == .fcm {
            return try renderFCM(request)
        }
        if request.badge != nil || !request.data.isEmpty {
            return try renderPinning(request)
        }
        return try renderTemplate(request)
    }

    /// `render` of the template alone (the request's `badge` and `data` are not read): the
    /// request's shape, its arguments bound by name, then the shape's one render.
    @inline(__always)
    func renderTemplate(_ request: RenderRequest) throws(RenderError) -> RenderedNotification {
        let shape = try RenderShape(self, request: request)
        return try render(request, shape: shape)
    }

    /// `render` of the template alone with its shape made: arguments bound by name, the locale
    /// negotiated, then the shape's one render.
    @inline(__always)
    func render(_ request: RenderRequest, shape: RenderShape) throws(RenderError) -> RenderedNotification {
        try checkTimeZone(request.timeZone)
        let (chain, matches) = negotiator.negotiation(for: request.locales).parts()
        let locale = chain.first ?? settings.sourceLocale
        let cutter = TextCutter(ellipsis: ellipsisBytes, locale: locale)
        let bound = try ArgumentBinder(compiled: shape.compiled, cutter: cutter).bind(request.arguments)
        var payload: [UInt8] = []
        return try shape.render(
            bound,
            in: self,
            chain: chain,
            negotiation: matches,
            timeZone: request.timeZone,
            now: request.now,
            into: &payload
        )
    }

    /// The time zone checked: nil, or an id ICU knows.
    @inline(__always)
    func checkTimeZone(_ zone: String?) throws(RenderError) {
        if let zone { try checkTimeZone(named: zone) }
    }

    /// `checkTimeZone` of a given id.
    private func checkTimeZone(named zone: String) throws(RenderError) {
        if !Self.validTimeZones.value(for: zone, compute: { TimeZones.isValid(zone) }) {
            throw RenderError(RenderError.Code.invalidTimeZone, "unknown time zone '\(zone)' (expected an IANA id)")
        }
    }

    /// Content mode's locales: the negotiated one (falling back along the user's own chain) and the
    /// source locale are required; every other catalog locale is optional, in `locale-priority`
    /// order, then alphabetically (`contentOrders`, decided at load).
    func contentPlan(chain: [String], overflow: OverflowPolicy) -> BudgetFitter.ContentPlan {
        let sourceLocale = settings.sourceLocale
        let negotiated = chain.first ?? sourceLocale
        let requiredCount = negotiated == sourceLocale ? 1 : 2
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

    /// The headers of a render of `compiled` with `values` (the shape's, fixed ones shared).
    func headers(
        _ compiled: CompiledTemplate,
        pushType: PushType,
        values: [ArgumentValue?],
        now: Double?,
        timeZone: String?
    ) throws(RenderError) -> [(name: String, value: String)] {
        if pushType == compiled.template.apns.pushType, let fixed = compiled.fixedHeaders { return fixed }
        return try compiled.shape.headers(
            of: compiled.parts,
            pushType: pushType,
            renderTime: { now ?? Date().timeIntervalSince1970 },
            setting: { (message) throws(RenderError) in
                try PayloadComposer.plainString(message, values, timeZone: timeZone)
            }
        )
    }
}
