import Dispatch

extension Array {
    /// `map` on every core, results in order. `transform` must be safe to call concurrently.
    func parallelMap<Result>(_ transform: (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        var results = [Result?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            let base = Slots(base: slots.baseAddress!)
            withoutActuallyEscaping(transform) { transform in
                let work = UncheckedBox(transform)
                self.withUnsafeBufferPointer { items in
                    let source = UncheckedBox(items)
                    DispatchQueue.concurrentPerform(iterations: count) { index in
                        base.store(work.value(source.value[index]), at: index)
                    }
                }
            }
        }
        return results.map { $0! }
    }
}

/// Result slots written by concurrent workers: each index is written by exactly one iteration of
/// `concurrentPerform`, and read only after it returns, so no two threads touch one slot.
private struct Slots<Value>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Value?>

    func store(_ value: Value, at index: Int) {
        (base + index).pointee = value
    }
}

/// Carries a value into `concurrentPerform`'s closure. The callers above only read it, and it
/// outlives the call.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
