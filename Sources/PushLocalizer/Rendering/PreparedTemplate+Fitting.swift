import MessageFormat

extension PreparedTemplate {
    /// A `resolved` render whose truncatable texts alone exceed the budget and appear only as
    /// plain `{name}`, fitted as `Catalog.render` fits it (`PlaceholderFitting`, from the
    /// locale's plan), but written straight into the caller's buffer and reported without the
    /// general steps' compositions.
    /// - Returns: nil when the general steps must decide (no plan for the locale, or the
    ///   placeholders do not settle it); `payload` is then unspecified.
    func fitFromPlaceholders(
        _ bound: ArgumentBinder.Bound,
        chain: [String],
        cutter: TextCutter,
        timeZone: String?,
        now: Double?,
        into payload: inout [UInt8]
    ) throws(RenderError) -> PreparedRender? {
        guard mode == .resolved, bound.truncatableBytes > budget, compiled.truncatableArePlain,
            let locale = chain.first, let plan = compiled.plans[locale]
        else { return nil }
        let small = try plan.writeRecording(bound.valuesWithTruncatableEmpty, timeZone: timeZone)
        guard let cuts = PlaceholderFitting.fit(small, bound, budget: budget, cutter: cutter, into: &payload) else {
            return nil
        }
        let arguments = compiled.template.arguments
        let report = RenderReport(
            bytes: payload.count,
            budget: budget,
            fieldLocales: plan.fieldLocales,
            includedLocales: [],
            droppedLocales: [],
            trimmedArguments: bound.cappedArguments(
                occurrences: small.occurrences,
                in: compiled,
                then: cuts.map { $0.trimmedArgument(named: arguments[$0.slot].name) }
            ),
            bodyBytesTrimmed: 0,
            steps: RenderReport.argumentSteps
        )
        return try finished(report, locale: locale, values: bound.values, now: now, timeZone: timeZone)
    }

    /// A render's outcome once its payload is written: the headers for `values`, with `report`.
    func finished(
        _ report: RenderReport,
        locale: String,
        values: [ArgumentValue?],
        now: Double?,
        timeZone: String?
    ) throws(RenderError) -> PreparedRender {
        let headers = try catalog.headers(compiled, pushType: pushType, values: values, now: now, timeZone: timeZone)
        return PreparedRender(RenderOutcome(locale: locale, headers: headers, report: report), bytes: report.bytes)
    }
}
