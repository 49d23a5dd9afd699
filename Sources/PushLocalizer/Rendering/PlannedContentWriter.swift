import Foundation

/// Writes a `content` payload from plans: the head, then each content locale's planned entry in
/// payload order, as the composer would under `BudgetFitter`'s drop step:
/// - an entry equal to an earlier one is written as that entry's tag;
/// - from `optionalFrom` on, entries join while the payload (closed) stays within `budget`, and the
///   first that does not fit ends the list.
struct PlannedContentWriter {
    let compiled: CompiledTemplate
    /// The content locales in payload order, each followed along the catalog's chain for its tag.
    let order: [PayloadComposer.ContentLocale]
    let values: [ArgumentValue?]
    let timeZone: String?
    let optionalFrom: Int
    let budget: Int
    private(set) var payload: [UInt8] = []
    private var noCounts: [Int] = []

    init(
        compiled: CompiledTemplate,
        order: [PayloadComposer.ContentLocale],
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
        payload.reserveCapacity(optionalFrom < Int.max && budget < 1 << 16 ? budget + 256 : 1024)
    }

    /// Where an entry's object is in the payload (aliases have none).
    private typealias Object = (index: Int, start: Int, end: Int)

    /// What closes the payload after an entry: the content object's brace and the root's.
    private static let closing = 2

    /// What follows a `content` payload's head: the key of `localization_content` and its brace.
    private static let contentKeyOpening = Array(#","localization_content":{"#.utf8)

    /// Writes the whole payload.
    /// - Returns: how many entries it holds (aliases included), or nil when an entry has no plan.
    mutating func write(head: PayloadPlan) throws(RenderError) -> Int? {
        // The head's alert holds the negotiated locale's messages: its entry copies them.
        let included = try withUnsafeTemporaryAllocation(of: PayloadPlan.Formatted.self, capacity: head.messageCount) {
            headMessages throws(RenderError) -> Int? in
            try head.append(values, timeZone: timeZone, to: &payload, counting: &noCounts, recording: headMessages)
            payload.append(contentsOf: Self.contentKeyOpening)
            return try withUnsafeTemporaryAllocation(of: Object.self, capacity: order.count) {
                objects throws(RenderError) -> Int? in
                try writeEntries(objects: objects, reusing: UnsafeBufferPointer(headMessages))
            }
        }
        payload.append(UInt8(ascii: "}"))
        payload.append(UInt8(ascii: "}"))
        return included
    }

    /// Writes the entries; `objects` (one slot per entry) notes where each object went.
    private mutating func writeEntries(
        objects: UnsafeMutableBufferPointer<Object>,
        reusing formatted: UnsafeBufferPointer<PayloadPlan.Formatted>
    ) throws(RenderError) -> Int? {
        var objectCount = 0
        for index in order.indices {
            guard let plan = compiled.contentPlan(order[index]) else { return nil }
            let entryStart = payload.count
            let optional = index >= optionalFrom
            // An optional entry whose fixed bytes alone overflow is dropped without formatting it,
            // unless it could still turn out equal to an earlier entry (and be written as its tag).
            if optional,
                entryStart + (index > 0 ? 1 : 0) + order[index].key.count + plan.fixedSize + Self.closing > budget,
                !couldEqualEarlier(plan, UnsafeBufferPointer(rebasing: objects[..<objectCount]))
            {
                return index
            }
            if index > 0 { payload.append(UInt8(ascii: ",")) }
            payload.append(contentsOf: order[index].key)
            let objectStart = payload.count
            try plan.append(values, timeZone: timeZone, to: &payload, counting: &noCounts, reusing: formatted)
            let object = (index: index, start: objectStart, end: payload.count)
            let original = equalObject(object, earlier: UnsafeBufferPointer(rebasing: objects[..<objectCount]))
            if let original {
                payload.removeSubrange(objectStart...)
                payload.append(contentsOf: order[original].aliasValue)
            }
            if optional, payload.count + Self.closing > budget {
                payload.removeSubrange(entryStart...)
                return index
            }
            if original == nil {
                objects[objectCount] = object
                objectCount += 1
            }
        }
        return order.count
    }

    /// Whether `plan` could write an object equal to one of the `earlier` ones.
    private func couldEqualEarlier(_ plan: PayloadPlan, _ earlier: UnsafeBufferPointer<Object>) -> Bool {
        payload.withUnsafeBufferPointer { bytes in
            earlier.contains { plan.couldWrite(UnsafeBufferPointer(rebasing: bytes[$0.start..<$0.end])) }
        }
    }

    /// The index of the earlier entry whose object has the same bytes as `object`, if any.
    private func equalObject(_ object: Object, earlier: UnsafeBufferPointer<Object>) -> Int? {
        let length = object.end - object.start
        return payload.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            return earlier.first {
                $0.end - $0.start == length && memcmp(base + $0.start, base + object.start, length) == 0
            }?.index
        }
    }
}
