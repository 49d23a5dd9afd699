import Foundation

extension Catalog {
    /// A `content` payload and its report, when the render is the usual one.
    struct PlannedContent {
        var payload: [UInt8]
        var report: RenderReport
    }

    /// The usual `content` render written from plans alone: the user's chain is the catalog's own
    /// for its first tag, no argument is over its `max-bytes`, and every message formats whatever
    /// it is given. It writes the head plan, then each content locale's planned entry in payload
    /// order, exactly as `BudgetFitter` would have the composer write them:
    /// - an entry equal to an earlier one is written as that entry's tag;
    /// - with `overflow: drop`, optional entries join while the payload stays within the budget,
    ///   and the first that does not fit ends the list;
    /// - otherwise every entry is written, and the payload must fit as it is.
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
            let order = contentOrders[negotiated], order[0].chain == chain
        else { return nil }
        let requiredCount = negotiated == settings.sourceLocale ? 1 : 2
        let drops = overflow == .drop && order.count > requiredCount
        let values = bound.values
        var payload: [UInt8] = []
        payload.reserveCapacity(drops && budget < 1 << 16 ? budget + 256 : 1024)
        var noCounts: [Int] = []
        try head.plan.append(values, timeZone: timeZone, to: &payload, counting: &noCounts)
        payload.append(contentsOf: Self.contentKeyOpening)
        // What closes the payload after an entry: the content object's brace and the root's.
        let closing = 2
        var included: [String] = []
        included.reserveCapacity(order.count)
        var covered = true
        try withUnsafeTemporaryAllocation(of: (ordinal: Int, start: Int, end: Int).self, capacity: order.count) {
            objects throws(RenderError) in
            var objectCount = 0
            for (index, locale) in order.enumerated() {
                guard let plan = compiled.contentPlan(locale) else {
                    covered = false
                    return
                }
                let entryStart = payload.count
                if index > 0 { payload.append(UInt8(ascii: ",")) }
                payload.append(contentsOf: locale.key)
                let objectStart = payload.count
                try plan.append(values, timeZone: timeZone, to: &payload, counting: &noCounts)
                let objectEnd = payload.count
                let length = objectEnd - objectStart
                var original: PayloadComposer.ContentLocale?
                payload.withUnsafeBufferPointer { bytes in
                    guard let base = bytes.baseAddress else { return }
                    for object in objects[..<objectCount]
                    where object.end - object.start == length
                        && memcmp(base + object.start, base + objectStart, length) == 0
                    {
                        original = order[object.ordinal]
                        break
                    }
                }
                if let original {
                    payload.removeSubrange(objectStart...)
                    payload.append(contentsOf: original.aliasValue)
                }
                if drops, index >= requiredCount, payload.count + closing > budget {
                    payload.removeSubrange(entryStart...)
                    break
                }
                if original == nil {
                    objects[objectCount] = (index, objectStart, objectEnd)
                    objectCount += 1
                }
                included.append(locale.tag)
            }
        }
        payload.append(UInt8(ascii: "}"))
        payload.append(UInt8(ascii: "}"))
        guard covered, included.count == order.count || drops, payload.count <= budget else { return nil }
        let dropped = order[included.count...].map(\.tag)
        return PlannedContent(
            payload: payload,
            report: RenderReport(
                bytes: payload.count,
                budget: budget,
                fieldLocales: head.plan.fieldLocales,
                includedLocales: included,
                droppedLocales: dropped,
                trimmedArguments: [],
                bodyBytesTrimmed: 0,
                steps: dropped.isEmpty ? RenderReport.fullSteps : ["full", "locales"]
            )
        )
    }

    /// What follows a `content` payload's head: the key of `localization_content` and its brace.
    private static let contentKeyOpening = Array(#","localization_content":{"#.utf8)
}
