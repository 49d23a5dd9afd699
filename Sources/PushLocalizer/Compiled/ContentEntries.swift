import Foundation

/// The two rules that decide each `localization_content` entry, kept in one place for the composer
/// (`PayloadComposer.writeContent`) and the plan writer (`PlannedContentWriter`), whose payloads
/// must be byte for byte the same:
/// - an entry whose object has the same bytes as an earlier entry's object is written as an alias
///   (that entry's tag as a JSON string);
/// - an optional entry (from `optionalFrom` on) that leaves the payload, once closed, over
///   `budget` is dropped, and so is every later one.
///
/// It notes where each object written so far is in the payload buffer, by entry index and byte
/// range, in memory that lives only during `withRoom(for:optionalFrom:budget:_:)`'s
/// body: a value must not escape that body.
struct ContentEntries {
    /// An entry's object in the payload (aliases have none).
    private struct Object {
        let entry: Int
        let bytes: Range<Int>
    }

    /// What closes the payload after an entry: the content object's brace and every enclosing
    /// object's (`PayloadOutline.contentClosing`).
    let closing: Int

    /// The first optional entry: this one and every later one are dropped from the first that overflows.
    let optionalFrom: Int
    /// The most bytes the closed payload may hold with an optional entry in it.
    let budget: Int
    private let objects: UnsafeMutableBufferPointer<Object>
    private var objectCount = 0

    private init(objects: UnsafeMutableBufferPointer<Object>, optionalFrom: Int, budget: Int, closing: Int) {
        self.objects = objects
        self.optionalFrom = optionalFrom
        self.budget = budget
        self.closing = closing
    }

    /// Calls `body` with an empty list that has room for `entryCount` objects (on the stack when
    /// it fits there).
    /// - Parameters:
    ///   - entryCount: how many entries the payload may hold.
    ///   - optionalFrom: the index of the first optional entry (`Int.max` when none is).
    ///   - budget: the most bytes the closed payload may hold with an optional entry in it.
    ///   - closing: the bytes that close the payload after the last entry.
    ///   - body: writes the entries; the list must not escape it.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    static func withRoom<Result, Failure: Error>(
        for entryCount: Int,
        optionalFrom: Int,
        budget: Int,
        closing: Int,
        _ body: (inout ContentEntries) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeTemporaryAllocation(of: Object.self, capacity: entryCount) {
            objects throws(Failure) -> Result in
            var entries = ContentEntries(objects: objects, optionalFrom: optionalFrom, budget: budget, closing: closing)
            return try body(&entries)
        }
    }

    /// The earlier entry whose object has the same bytes as the object just written.
    /// - Parameters:
    ///   - object: where the new object is in `payload`.
    ///   - payload: the payload buffer, holding every noted object where it was noted.
    /// - Returns: that entry's index (the new entry is then written as its alias), or nil.
    @inline(__always)
    func earlierEntry(equalTo object: Range<Int>, in payload: [UInt8]) -> Int? {
        payload.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            return earlierObjects.first {
                $0.bytes.count == object.count
                    && memcmp(base + $0.bytes.lowerBound, base + object.lowerBound, object.count) == 0
            }?.entry
        }
    }

    /// Whether `plan` could write an object equal to an earlier entry's, and so still become an
    /// alias however many bytes its own object would take.
    /// - Parameters:
    ///   - plan: the plan of the entry's object.
    ///   - payload: the payload buffer, holding every noted object where it was noted.
    @inline(__always)
    func couldBeAlias(_ plan: PayloadPlan, in payload: [UInt8]) -> Bool {
        payload.withUnsafeBufferPointer { bytes in
            earlierObjects.contains { plan.couldWrite(UnsafeBufferPointer(rebasing: bytes[$0.bytes])) }
        }
    }

    /// Whether entry `index` overflows: it is optional, and the payload with it (`byteCount`
    /// bytes, or at least that many) would not fit the budget once closed. Such an entry is
    /// dropped, and the list ends before it.
    @inline(__always)
    func overflows(_ index: Int, payloadBytes byteCount: Int) -> Bool {
        index >= optionalFrom && byteCount + closing > budget
    }

    /// Notes the object entry `index` wrote (not an alias), for later entries to be compared with.
    /// - Parameters:
    ///   - index: the entry's index.
    ///   - object: where its object is in the payload buffer.
    @inline(__always)
    mutating func noteObject(of index: Int, at object: Range<Int>) {
        objects[objectCount] = Object(entry: index, bytes: object)
        objectCount += 1
    }

    private var earlierObjects: UnsafeMutableBufferPointer<Object> {
        UnsafeMutableBufferPointer(rebasing: objects[..<objectCount])
    }
}
