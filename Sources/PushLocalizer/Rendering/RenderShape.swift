/// A render request's shape: the template, the mode, the budget, the push type and content mode's
/// overflow policy, checked and defaulted once. Every render reaches its bytes through
/// `render(_:in:chain:negotiation:timeZone:now:into:)`, the one place where each mode's steps are
/// decided: `Catalog.render` makes a shape per request, `PreparedTemplate` keeps one.
///
/// The shape does not hold its catalog: the catalog is passed to `render`, so that a shape made
/// per request costs no reference count on it.
struct RenderShape: Sendable {
    let compiled: CompiledTemplate
    let mode: RenderMode
    /// The payload budget in bytes (positive).
    let budget: Int
    let pushType: PushType
    /// Content mode's policy as asked (nil: the catalog's).
    let overflow: OverflowPolicy?
    /// Bytes of the payload the platform's budget does not count, for error messages (see
    /// `BudgetFitter.uncountedBytes`).
    var uncountedBytes = 0

    /// The shape of template `key` in `catalog` with these options.
    /// - Parameters:
    ///   - budget: nil: the template's (APNs only), else the platform's default.
    ///   - pushType: nil: the template's.
    ///   - platform: whose templates (default APNs).
    /// - Throws: `RenderError` `unknown-key`, or `invalid-request` for a budget that is not positive.
    @inline(__always)
    init(
        _ catalog: Catalog,
        key: String,
        mode: RenderMode,
        budget: Int?,
        pushType: PushType?,
        overflow: OverflowPolicy?,
        platform: Platform = .apns
    ) throws(RenderError) {
        let found = platform == .apns ? catalog.templates[key] : catalog.templates(for: platform)[key]
        guard let compiled = found else {
            throw RenderError(RenderError.Code.unknownKey, "no template '\(key)' in the catalog")
        }
        try self.init(compiled: compiled, mode: mode, budget: budget, pushType: pushType, overflow: overflow)
    }

    /// The shape of `request`'s template on its platform with its options.
    @inline(__always)
    init(_ catalog: Catalog, request: RenderRequest) throws(RenderError) {
        try self.init(
            catalog,
            key: request.key,
            mode: request.mode,
            budget: request.budget,
            pushType: request.pushType,
            overflow: request.overflow,
            platform: request.platform
        )
    }

    /// The shape of a compiled template with these options (see `init(_:key:mode:budget:pushType:overflow:platform:)`).
    init(
        compiled: CompiledTemplate,
        mode: RenderMode,
        budget: Int?,
        pushType: PushType?,
        overflow: OverflowPolicy?
    ) throws(RenderError) {
        let pushType = pushType ?? compiled.template.apns.pushType
        // A template's own budget is an APNs budget: other platforms count differently.
        let templateBudget = compiled.takesTemplateBudget ? compiled.template.budget : nil
        let budget =
            budget ?? templateBudget
            ?? (pushType == compiled.template.apns.pushType
                ? compiled.defaultBudget : compiled.shape.defaultBudget(pushType: pushType))
        guard budget > 0 else {
            throw RenderError(
                RenderError.Code.invalidRequest,
                "budget must be a positive number of bytes, got \(budget)"
            )
        }
        self.compiled = compiled
        self.mode = mode
        self.budget = budget
        self.pushType = pushType
        self.overflow = overflow
    }

    /// Renders bound arguments for a negotiated chain: the full payload written from the locale's
    /// plan when it fits at once, else fitted (`BudgetFitter`), content mode from its plans when
    /// they cover it.
    /// - Parameters:
    ///   - bound: taken, not borrowed: the render releases its arrays itself (released by the
    ///     caller, they went through an outlined destroy, 25 instructions more per array).
    ///   - catalog: the catalog the shape's template is in.
    ///   - negotiation: taken for the report (passed on, not captured: a captured array costs a
    ///     closure context and its reference counts).
    ///   - payload: the buffer to write into (what it holds is replaced; its capacity is used when
    ///     it has room). On return it is empty: its bytes moved into the notification (a prepared
    ///     template takes them back to keep its buffer).
    /// - Returns: the notification: payload, negotiated locale, headers and report.
    func render(
        _ bound: consuming ArgumentBinder.Bound,
        in catalog: Catalog,
        chain: [String],
        negotiation: consuming [LocaleMatch],
        timeZone: String?,
        now: Double?,
        into payload: inout [UInt8]
    ) throws(RenderError) -> RenderedNotification {
        let locale = chain.first ?? catalog.settings.sourceLocale
        // The outcome once the payload is written: the report made whole, and the headers.
        func finished(
            _ report: consuming RenderReport,
            _ negotiation: consuming [LocaleMatch]
        ) throws(RenderError) -> RenderedNotification {
            let headers = try catalog.headers(
                compiled,
                pushType: pushType,
                values: bound.values,
                now: now,
                timeZone: timeZone
            )
            report.negotiation = negotiation
            var bytes: [UInt8] = []
            swap(&bytes, &payload)
            return RenderedNotification(payload: bytes, headers: headers, locale: locale, report: report)
        }
        // The usual render: nothing cut to max-bytes, fitting at once. (Not when the truncatable
        // texts alone exceed the budget: fitting measures those without writing them.)
        var planned = false
        if mode == .resolved, bound.trimmedByCap.isEmpty, bound.truncatableBytes <= budget,
            let plan = compiled.plans[locale]
        {
            // (`removeAll` of an empty array still makes a new empty one.)
            if !payload.isEmpty { payload.removeAll(keepingCapacity: true) }
            payload.reserveCapacity(plan.fixedSize + 128)
            var noCounts: [Int] = []
            try plan.append(bound.values, timeZone: timeZone, to: &payload, counting: &noCounts)
            if payload.count <= budget {
                let report = RenderReport(fitAtOnce: payload.count, budget: budget, fieldLocales: plan.fieldLocales)
                return try finished(report, negotiation)
            }
            planned = true
        }
        let overflow = overflow ?? catalog.settings.overflow
        if mode == .content {
            // The usual content render, from plans (texts over the budget and a kilobyte are
            // shortened first, as for fitting: see `limitingLongTexts`).
            func fromPlans(_ values: ArgumentBinder.Bound) throws(RenderError) -> RenderReport? {
                try catalog.plannedContent(
                    compiled,
                    chain: chain,
                    bound: values,
                    budget: budget,
                    overflow: overflow,
                    timeZone: timeZone,
                    into: &payload
                )
            }
            let report =
                bound.hasLongTexts(budget: budget)
                ? try fromPlans(bound.limitingLongTexts(budget: budget)) : try fromPlans(bound)
            if let report { return try finished(report, negotiation) }
        }
        var cutter = TextCutter(ellipsis: catalog.ellipsisBytes, locale: locale)
        cutter.escapes = compiled.countsJSON
        let composer = PayloadComposer(
            compiled: compiled,
            mode: mode,
            chain: chain,
            sourceLocale: catalog.settings.sourceLocale,
            timeZone: timeZone,
            isolation: catalog.settings.bidiIsolation
        )
        if let report = try fitFromPlaceholders(
            bound,
            locale: locale,
            composer: composer,
            cutter: cutter,
            into: &payload
        ) {
            return try finished(report, negotiation)
        }
        // Fitting reads at most a budget and a kilobyte of each truncatable text.
        let fitting = bound.limitingLongTexts(budget: budget)
        let content = mode == .content ? catalog.contentPlan(chain: chain, overflow: overflow) : nil
        let fitter = BudgetFitter(
            composer: composer,
            cutter: cutter,
            budget: budget,
            truncatable: bound.truncatable,
            requiredLocales: content.map { Array($0.required) } ?? [],
            uncountedBytes: uncountedBytes
        )
        let fitted = try fitter.fit(fitting, content: content, mayFitAtOnce: !planned)
        Self.replace(&payload, with: fitted.composition.payload)
        let report = RenderReport(
            bytes: payload.count,
            budget: budget,
            fieldLocales: fitted.composition.fieldLocales,
            includedLocales: fitted.composition.contentLocales,
            droppedLocales: fitted.droppedLocales,
            trimmedArguments: bound.cappedArguments(
                occurrences: fitted.composition.occurrences,
                in: compiled,
                then: fitted.trimmed
            ),
            bodyBytesTrimmed: fitted.bodyBytesTrimmed,
            steps: fitted.steps
        )
        return try finished(report, negotiation)
    }

    /// Step 2 of a `resolved` render whose truncatable texts alone exceed the budget and appear
    /// only as plain `{name}` (`PlaceholderFitting`): the payload written with them left out
    /// (from `locale`'s plan into scratch space, else composed), the cut texts spliced into
    /// `payload`. From a plan, a small payload over a kilobyte is written twice (see below).
    /// - Returns: the report; nil when the general steps must decide (the placeholders do not
    ///   settle it), `payload` then unspecified.
    private func fitFromPlaceholders(
        _ bound: ArgumentBinder.Bound,
        locale: String,
        composer: PayloadComposer,
        cutter: TextCutter,
        into payload: inout [UInt8]
    ) throws(RenderError) -> RenderReport? {
        guard mode == .resolved, bound.truncatableBytes > budget, compiled.truncatableArePlain else { return nil }
        guard let plan = compiled.plans[locale] else {
            var recorder = composer
            recorder.measures = true
            recorder.recordsInsertions = true
            let composed = try recorder.compose(bound.valuesWithTruncatableEmpty)
            return composed.payload.withUnsafeBufferPointer { small in
                composed.insertions.withUnsafeBufferPointer { insertions in
                    composed.occurrences.withUnsafeBufferPointer { occurrences in
                        fit(
                            bound,
                            small: small,
                            insertions: insertions,
                            occurrences: occurrences,
                            fieldLocales: composed.fieldLocales,
                            cutter: cutter,
                            into: &payload
                        )
                    }
                }
            }
        }
        var leftOut: UInt64 = 0
        for slot in bound.truncatable {
            guard slot < 64 else { return nil }
            leftOut |= 1 << UInt64(slot)
        }
        // The small payload is written into scratch space, with room for a few dozen places.
        // Returns nil when it does not fit there (a larger scratch space may take it); the
        // report, or nil inside when the general steps decide (more places than there is room
        // for, or placeholder fitting does not settle it).
        func fitting(
            smallIn scratch: UnsafeMutableBufferPointer<UInt8>
        ) throws(RenderError) -> RenderReport?? {
            try withUnsafeTemporaryAllocation(of: TextInsertion.self, capacity: Self.placeCapacity) {
                (places) throws(RenderError) -> RenderReport?? in
                guard let scratchOutput = FixedByteOutput(scratch) else { return nil }
                var placed = PlanPlaceholders(scratchOutput, leavingOut: leftOut, notingIn: places)
                try plan.write(bound.values, timeZone: composer.timeZone, into: &placed)
                let small = placed.output
                let found = placed.found
                guard !small.overflowed else { return nil }
                guard found <= places.count else { return .some(nil) }
                let insertions = UnsafeBufferPointer(rebasing: places[..<found])
                return withUnsafeTemporaryAllocation(of: Int.self, capacity: bound.values.count) { occurrences in
                    occurrences.initialize(repeating: 0)
                    for insertion in insertions { occurrences[insertion.slot] += 1 }
                    return fit(
                        bound,
                        small: UnsafeBufferPointer(rebasing: scratch[..<small.count]),
                        insertions: insertions,
                        occurrences: UnsafeBufferPointer(occurrences),
                        fieldLocales: plan.fieldLocales,
                        cutter: cutter,
                        into: &payload
                    )
                }
            }
        }
        // Small payloads are small: the first try is scratch space on the stack. One longer than
        // that is written again into scratch space of the budget's size (so such a payload, rare
        // as it is, costs two writes instead of a heap allocation); one over the budget settles
        // nothing (the cut one would not fit either).
        let first = min(budget, Self.stackScratchCapacity)
        if let settled = try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: first, fitting) {
            return settled
        }
        guard budget > first else { return nil }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: budget, fitting) ?? nil
    }

    /// The bytes of the first scratch space for a small payload: the most a temporary allocation
    /// takes on the stack (a larger one is allocated on the heap).
    private static let stackScratchCapacity = 1024

    /// The most places of truncatable texts a payload written from a plan may have for fitting
    /// from placeholders (more go to the general steps).
    private static let placeCapacity = 32

    /// `PlaceholderFitting.fit` of the small payload, and the render's report.
    private func fit(
        _ bound: ArgumentBinder.Bound,
        small: UnsafeBufferPointer<UInt8>,
        insertions: UnsafeBufferPointer<TextInsertion>,
        occurrences: UnsafeBufferPointer<Int>,
        fieldLocales: FieldLocales,
        cutter: TextCutter,
        into payload: inout [UInt8]
    ) -> RenderReport? {
        // The arguments cut to their `max-bytes` first, with room for the texts fitting cuts.
        var trimmed = bound.cappedArguments(
            occurrences: occurrences,
            in: compiled,
            then: EmptyCollection(),
            reservingCapacity: bound.truncatable.count
        )
        let arguments = compiled.template.arguments
        guard
            PlaceholderFitting.fit(
                small,
                insertions: insertions,
                occurrences: occurrences,
                bound,
                budget: budget,
                cutter: cutter,
                into: &payload,
                reporting: &trimmed,
                name: { arguments[$0].name }
            )
        else { return nil }
        return RenderReport(
            bytes: payload.count,
            budget: budget,
            fieldLocales: fieldLocales,
            includedLocales: [],
            droppedLocales: [],
            trimmedArguments: trimmed,
            bodyBytesTrimmed: 0,
            steps: RenderReport.argumentSteps
        )
    }

    /// `payload` holding `bytes`: copied into its capacity when it has room (a kept buffer),
    /// else replaced by them.
    private static func replace(_ payload: inout [UInt8], with bytes: [UInt8]) {
        guard payload.capacity >= bytes.count else {
            payload = bytes
            return
        }
        payload.removeAll(keepingCapacity: true)
        payload.append(contentsOf: bytes)
    }
}
