/// The direct lane's entries as references read without reference counting: a prepared render
/// looks up its entry and reads the entry's plan and shared outcome with no retain or release.
///
/// Lifetime rule: every reference here is unretained. They stay valid because the lane that holds
/// this table also holds the entries themselves (`DirectLane.entries`), and each entry holds its
/// plan and outcome; the table is written once, in `init`, never changed, and freed in `deinit`
/// (it cannot be copied), so any thread reading it through the lane sees it whole.
struct UnretainedEntries: ~Copyable, @unchecked Sendable {
    /// One entry's references.
    struct References {
        /// The entry, for a render whose headers depend on its values.
        let entry: Unmanaged<DirectLane.Entry>
        /// The entry's plan.
        let plan: Unmanaged<PayloadPlan>
        /// The entry's shared outcome, when it has one.
        let outcome: Unmanaged<RenderOutcome>?
    }

    private let storage: UnsafeMutableBufferPointer<References>

    /// The references of `entries`, in their order (the caller keeps `entries` alive as long as
    /// this table).
    init(_ entries: [DirectLane.Entry]) {
        storage = .allocate(capacity: entries.count)
        _ = storage.initialize(
            from: entries.map {
                References(
                    entry: .passUnretained($0),
                    plan: .passUnretained($0.plan),
                    outcome: $0.outcome.map { .passUnretained($0) }
                )
            }
        )
    }

    /// The references of entry `index`.
    @inline(__always)
    subscript(index: Int) -> References { storage[index] }

    deinit {
        storage.deallocate()
    }
}
