extension Catalog {
    /// The usual `content` render written from plans alone: the user's chain is the catalog's own
    /// for its first tag, no argument is over its `max-bytes`, and every message formats whatever
    /// it is given. It writes the head plan, then each content locale's planned entry in payload
    /// order, exactly as `BudgetFitter` would have the composer write them (see
    /// `PlannedContentWriter`).
    ///
    /// - Parameter payload: receives the payload (into its capacity when it has room).
    /// - Returns: the report; nil when the plans do not cover the request, or the payload does
    ///   not fit this way (`payload` is then untouched): the fitter's steps decide, from the start.
    func plannedContent(
        _ compiled: CompiledTemplate,
        chain: [String],
        bound: ArgumentBinder.Bound,
        budget: Int,
        overflow: OverflowPolicy,
        timeZone: String?,
        into payload: inout [UInt8]
    ) throws(RenderError) -> RenderReport? {
        guard bound.trimmedByCap.isEmpty, compiled.formatsTypeSafely, compiled.plansEveryContentEntry,
            compiled.outline(.content).content.map({ if case .root = $0 { false } else { true } }) ?? false,
            let negotiated = chain.first, let head = compiled.contentHeadPlans[negotiated], head.chain == chain,
            let contentOrder = contentOrders[negotiated], contentOrder.locales[0].chain == chain
        else { return nil }
        let requiredCount = negotiated == settings.sourceLocale ? 1 : 2
        let drops = overflow == .drop && contentOrder.count > requiredCount
        var writer = PlannedContentWriter(
            compiled: compiled,
            order: contentOrder,
            values: bound.values,
            timeZone: timeZone,
            optionalFrom: drops ? requiredCount : Int.max,
            budget: budget
        )
        guard let includedCount = try writer.write(head: head.plan),
            includedCount == contentOrder.count || drops, writer.payload.count <= budget
        else { return nil }
        let dropped = contentOrder.droppedTags[includedCount]
        let report = RenderReport(
            bytes: writer.payload.count,
            budget: budget,
            fieldLocales: head.plan.fieldLocales,
            includedLocales: contentOrder.includedTags[includedCount],
            droppedLocales: dropped,
            trimmedArguments: [],
            bodyBytesTrimmed: 0,
            steps: dropped.isEmpty ? RenderReport.fullSteps : RenderReport.localeSteps
        )
        writer.movePayload(into: &payload)
        return report
    }
}
