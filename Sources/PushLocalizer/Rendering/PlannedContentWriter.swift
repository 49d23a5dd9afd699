import Foundation

/// Writes a `content` payload from plans: the head, then each content locale's planned entry in
/// payload order, as the composer would under `BudgetFitter`'s drop step. `ContentEntries` decides
/// each entry for both: an entry equal to an earlier one is written as that entry's tag, and from
/// `optionalFrom` on, the first entry that leaves the payload (closed) over `budget` ends the list.
struct PlannedContentWriter {
    let compiled: CompiledTemplate
    /// The content locales in payload order, each followed along the catalog's chain for its tag.
    let order: Catalog.ContentOrder
    let values: [ArgumentValue?]
    let timeZone: String?
    let optionalFrom: Int
    let budget: Int
    private(set) var payload: [UInt8] = []
    private var noCounts: [Int] = []
    /// The entries' key (`"key":`) and how many braces close the payload after them.
    private let contentKey: [UInt8]
    private let closing: Int

    init(
        compiled: CompiledTemplate,
        order: Catalog.ContentOrder,
        values: [ArgumentValue?],
        timeZone: String?,
        optionalFrom: Int,
        budget: Int
    ) {
        self.compiled = compiled
        self.order = order
        self.values = values
        self.timeZone = timeZone
        self.optionalFrom = optionalFrom
        self.budget = budget
        let outline = compiled.outline(.content)
        switch outline.content {
        case .member(let key)?, .nested(_, _, let key)?: contentKey = key
        case nil, .root?: contentKey = []
        }
        closing = outline.contentClosing
        payload.reserveCapacity(optionalFrom < Int.max && budget < 1 << 16 ? budget + 256 : 1024)
    }

    /// Writes the whole payload.
    /// - Returns: how many entries it holds (aliases included), or nil when an entry has no plan.
    mutating func write(head: PayloadPlan) throws(RenderError) -> Int? {
        // The head's alert holds the negotiated locale's messages: its entry copies them.
        let included = try withUnsafeTemporaryAllocation(of: PayloadPlan.Formatted.self, capacity: head.messageCount) {
            headMessages throws(RenderError) -> Int? in
            try head.append(values, timeZone: timeZone, to: &payload, counting: &noCounts, recording: headMessages)
            // What follows the head: a comma (unless it opened the entries' parent object), the
            // content entries' key and their object's brace.
            if payload.last != UInt8(ascii: "{") { payload.append(UInt8(ascii: ",")) }
            payload.append(contentsOf: contentKey)
            payload.append(UInt8(ascii: "{"))
            return try ContentEntries.withRoom(
                for: order.count,
                optionalFrom: optionalFrom,
                budget: budget,
                closing: closing
            ) {
                entries throws(RenderError) -> Int? in
                try writeEntries(&entries, reusing: UnsafeBufferPointer(headMessages))
            }
        }
        for _ in 0..<closing { payload.append(UInt8(ascii: "}")) }
        return included
    }

    /// Moves the payload written into `buffer`: copied into its capacity when it has room (a kept
    /// buffer), else handed over.
    mutating func movePayload(into buffer: inout [UInt8]) {
        guard buffer.capacity >= payload.count else {
            swap(&buffer, &payload)
            return
        }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: payload)
    }

    /// Writes the entries, each decided by `entries`' rules.
    /// - Returns: how many entries it wrote, or nil when an entry has no plan.
    private mutating func writeEntries(
        _ entries: inout ContentEntries,
        reusing formatted: UnsafeBufferPointer<PayloadPlan.Formatted>
    ) throws(RenderError) -> Int? {
        for index in 0..<order.count {
            guard let plan = compiled.contentPlan(ordinal: order.ordinal(index)) else { return nil }
            let key = order.key(index)
            if overflowsBeforeFormatting(index, key, plan, entries) { return index }
            let entryStart = payload.count
            if index > 0 { payload.append(UInt8(ascii: ",")) }
            payload.append(contentsOf: key)
            let objectStart = payload.count
            try plan.append(values, timeZone: timeZone, to: &payload, counting: &noCounts, reusing: formatted)
            let object = objectStart..<payload.count
            let original = entries.earlierEntry(equalTo: object, in: payload)
            if let original {
                payload.removeSubrange(objectStart...)
                payload.append(contentsOf: order.locales[original].aliasValue)
            }
            if entries.overflows(index, payloadBytes: payload.count) {
                payload.removeSubrange(entryStart...)
                return index
            }
            if original == nil { entries.noteObject(of: index, at: object) }
        }
        return order.count
    }

    /// Whether entry `index` (with JSON key `key`) overflows with its plan's fixed bytes alone, so that it is dropped
    /// without formatting it; not when it could still turn out equal to an earlier entry (and be
    /// written as its tag).
    @inline(__always)
    private func overflowsBeforeFormatting(
        _ index: Int,
        _ key: UnsafeBufferPointer<UInt8>,
        _ plan: PayloadPlan,
        _ entries: ContentEntries
    ) -> Bool {
        let separator = index > 0 ? 1 : 0
        let leastBytes = payload.count + separator + key.count + plan.fixedSize
        return entries.overflows(index, payloadBytes: leastBytes) && !entries.couldBeAlias(plan, in: payload)
    }
}
