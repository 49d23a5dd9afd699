extension Catalog {
    /// A `content` payload and its report, when the render is the usual one.
    struct PlannedContent {
        var payload: [UInt8]
        var report: RenderReport

        /// The report, with the payload's bytes put into `buffer` (into its capacity when it has
        /// room): both moved out of this value, not copied.
        consuming func report(movingPayloadInto buffer: inout [UInt8]) -> RenderReport {
            if buffer.capacity >= payload.count {
                buffer.removeAll(keepingCapacity: true)
                buffer.append(contentsOf: payload)
            } else {
                swap(&buffer, &payload)
            }
            return report
        }
    }

    /// The usual `content` render written from plans alone: the user's chain is the catalog's own
    /// for its first tag, no argument is over its `max-bytes`, and every message formats whatever
    /// it is given. It writes the head plan, then each content locale's planned entry in payload
    /// order, exactly as `BudgetFitter` would have the composer write them (see
    /// `PlannedContentWriter`).
    ///
    /// Nil when the plans do not cover the request, or the payload does not fit this way: the
    /// fitter's steps then decide, from the start.
    func plannedContent(
        _ compiled: CompiledTemplate,
        chain: [String],
        bound: ArgumentBinder.Bound,
        budget: Int,
        overflow: OverflowPolicy,
        timeZone: String?
    ) throws(RenderError) -> PlannedContent? {
        guard bound.trimmedByCap.isEmpty, compiled.formatsTypeSafely, compiled.plansEveryContentEntry,
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
        return PlannedContent(
            payload: writer.payload,
            report: RenderReport(
                bytes: writer.payload.count,
                budget: budget,
                fieldLocales: head.plan.fieldLocales,
                includedLocales: contentOrder.includedTags[includedCount],
                droppedLocales: dropped,
                trimmedArguments: [],
                bodyBytesTrimmed: 0,
                steps: dropped.isEmpty ? RenderReport.fullSteps : RenderReport.localeSteps
            )
        )
    }
}
