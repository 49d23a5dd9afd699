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
    /// The catalog the template is rendered from.
    let catalog: Catalog
    /// The request's shape: template, mode, budget, push type and overflow, decided at `prepare`.
    let shape: RenderShape
    /// The usual render's decisions, made once.
    let direct: DirectLane

    /// The render mode.
    public var mode: RenderMode { shape.mode }
    /// The template's key.
    public var key: String { compiled.template.key }
    /// The template's arguments in declaration order: the order `render` takes their values in.
    public var argumentNames: [String] { compiled.bindings.map(\.name) }

    var compiled: CompiledTemplate { shape.compiled }
    /// The payload budget and push type every render uses (the template's unless given at `prepare`).
    var budget: Int { shape.budget }
    var pushType: PushType { shape.pushType }

    /// Renders the template for one user.
    /// - Parameters:
    ///   - values: one value per entry of `argumentNames`, in that order: text for a `string`
    ///     argument, `.int`, a finite `.double` or `.decimal` for a `number` (decimal text is read
    ///     as a request's JSON number is), a finite `.date` for a `date`; nil is a missing argument.
    ///   - locales: the user's languages, most preferred first.
    ///   - timeZone: IANA time zone for date arguments (nil: UTC).
    ///   - now: the render time in seconds since 1970, for `apns-expiration` (nil: the clock); see
    ///     `RenderRequest.now` for the times refused.
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
        if timeZone == nil, let entry = direct.entry(for: values, locales: locales),
            try writeDirectly(values, plan: entry.plan, into: &payload)
        {
            if let outcome = entry.outcome {
                return PreparedRender(outcome.takeUnretainedValue(), bytes: payload.count)
            }
            let headers = try catalog.headers(compiled, pushType: pushType, values: values, now: now, timeZone: nil)
            return PreparedRender(entry.entry.takeUnretainedValue().outcome(headers: headers), bytes: payload.count)
        }
        try catalog.checkTimeZone(timeZone)
        let (chain, matches) = catalog.negotiator.negotiation(for: locales).parts()
        let locale = chain.first ?? catalog.settings.sourceLocale
        let cutter = TextCutter(ellipsis: catalog.ellipsisBytes, locale: locale)
        let bound = try ArgumentBinder(compiled: compiled, cutter: cutter).bind(slots: values)
        var rendered = try shape.render(
            bound,
            in: catalog,
            chain: chain,
            negotiation: matches,
            timeZone: timeZone,
            now: now,
            into: &payload
        )
        swap(&payload, &rendered.payload)  // the caller keeps its buffer
        return PreparedRender(
            RenderOutcome(locale: rendered.locale, headers: rendered.headers, report: rendered.report),
            bytes: payload.count
        )
    }

    /// Writes the lane's payload straight into `payload`'s spare capacity (cleared first), as much
    /// of it as the budget allows; returns false, with `payload` empty, when it does not fit: the
    /// general steps then fit it.
    @inline(__always)
    private func writeDirectly(
        _ values: [ArgumentValue?],
        plan: Unmanaged<PayloadPlan>,
        into payload: inout [UInt8]
    ) throws(RenderError) -> Bool {
        payload.removeAll(keepingCapacity: true)
        // Room for any payload within the budget, up to the capacity the buffer already has (a
        // larger payload, under a larger budget, is written by the general steps, which grow it).
        let room = min(budget, max(payload.capacity, Self.directRoom))
        var fits = false
        try payload.append(addingCapacity: room) { (span: inout OutputSpan<UInt8>) throws(RenderError) in
            try span.withUnsafeMutableBufferPointer { (buffer, initialized) throws(RenderError) in
                guard var output = FixedByteOutput(UnsafeMutableBufferPointer(rebasing: buffer.prefix(room))) else {
                    return
                }
                try plan._withUnsafeGuaranteedRef { plan in
                    Result { () throws(RenderError) in try Self.write(plan, values, into: &output) }
                }.get()
                guard !output.overflowed else { return }
                initialized = output.count
                fits = true
            }
        }
        return fits
    }

    /// The plan's writer into the caller's buffer, kept out of the closures above (inlined into
    /// them, it made the prepared render 70 instructions longer under callgrind).
    @inline(never)
    private static func write(
        _ plan: PayloadPlan,
        _ values: [ArgumentValue?],
        into output: inout FixedByteOutput
    ) throws(RenderError) {
        try plan.write(values, timeZone: nil, into: &output)
    }

    /// The room a direct render asks of a buffer that has less (bytes): APNs' largest payload.
    private static let directRoom = 5_120
}

/// What a prepared render gives besides the payload (which it writes into the caller's buffer).
///
/// Renders that differ only in their payload's size share one outcome, so that handing this back
/// costs one reference, not the strings and arrays of a report.
public struct PreparedRender: Sendable {
    let outcome: RenderOutcome
    let bytes: Int

    init(_ outcome: RenderOutcome, bytes: Int) {
        self.outcome = outcome
        self.bytes = bytes
    }

    /// The negotiated locale.
    public var locale: String { outcome.locale }
    /// APNs request headers, in the order `RenderedNotification.headers` has them.
    public var headers: [(name: String, value: String)] { outcome.headers }
    /// Where the bytes went.
    public var report: RenderReport {
        var report = outcome.report
        report.bytes = bytes
        return report
    }
}

/// A render's locale, headers and report, but for the payload's size (the report's `bytes` is
/// replaced by the render's own).
final class RenderOutcome: Sendable {
    let locale: String
    let headers: [(name: String, value: String)]
    let report: RenderReport

    init(locale: String, headers: [(name: String, value: String)], report: RenderReport) {
        self.locale = locale
        self.headers = headers
        self.report = report
    }
}

extension Catalog {
    /// Prepares template `key` for many renders with the same options (see `PreparedTemplate`).
    /// - Parameters:
    ///   - mode: the render mode.
    ///   - budget: the payload budget in bytes (nil: the template's, else the push type's limit).
    ///   - pushType: the APNs push type (nil: the template's).
    ///   - overflow: content mode's policy (nil: the catalog's).
    ///   - platform: APNs or Web Push (FCM messages are written around their fitted text: render
    ///     them with `render(_:)`).
    /// - Throws: `RenderError` `unknown-key`, or `invalid-request` for a budget that is not positive,
    ///   FCM, or a mode the platform does not have.
    public func prepare(
        _ key: String,
        mode: RenderMode = .resolved,
        budget: Int? = nil,
        pushType: PushType? = nil,
        overflow: OverflowPolicy? = nil,
        platform: Platform = .apns
    ) throws(RenderError) -> PreparedTemplate {
        guard platform != .fcm else {
            throw RenderError(
                RenderError.Code.invalidRequest,
                "prepared templates write APNs and Web Push payloads; render FCM messages with Catalog.render"
            )
        }
        try RenderRequest(key: key, locales: [], mode: mode, budget: budget, platform: platform).checkPlatformFields()
        let shape = try RenderShape(
            self,
            key: key,
            mode: mode,
            budget: budget,
            pushType: pushType,
            overflow: overflow,
            platform: platform
        )
        return PreparedTemplate(
            catalog: self,
            shape: shape,
            direct: DirectLane(
                catalog: self,
                compiled: shape.compiled,
                mode: mode,
                budget: shape.budget,
                pushType: shape.pushType
            )
        )
    }
}
