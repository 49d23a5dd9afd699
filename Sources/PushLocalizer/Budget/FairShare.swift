/// Max-min fair division of a byte budget among arguments that each occur some number of times.
///
/// Every argument wants `size` bytes per occurrence. The result gives each argument a per-occurrence
/// share so that Σ share × occurrences ≤ `available`: arguments smaller than the common level keep
/// their whole size, the others all get the same level, as large as fits (water filling).
enum FairShare {
    struct Claim {
        var size: Int
        var occurrences: Int
    }

    /// Per-claim shares, in the order of `claims`.
    static func shares(for claims: [Claim], available: Int) -> [Int] {
        Array(unsafeUninitializedCapacity: claims.count) { shares, count in
            claims.withUnsafeBufferPointer { Self.shares(for: $0, available: available, into: shares) }
            count = claims.count
        }
    }

    /// ``shares(for:available:)`` of claims in a buffer, written into `shares` (as many entries as
    /// claims; `Int` is trivial, so they need not be initialized before).
    static func shares(
        for claims: UnsafeBufferPointer<Claim>,
        available: Int,
        into shares: UnsafeMutableBufferPointer<Int>
    ) {
        var remaining = max(0, available)
        // The claims that occur, smallest first (the order among equal sizes does not matter: equal
        // claims are either all kept whole or all cut to the level). A handful of claims: sorted in
        // place by insertion, in scratch space on the stack.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: claims.count) { open in
            var count = 0
            for index in claims.indices {
                guard claims[index].occurrences > 0 else {
                    shares[index] = claims[index].size
                    continue
                }
                var position = count
                count += 1
                while position > 0, claims[open[position - 1]].size > claims[index].size {
                    open[position] = open[position - 1]
                    position -= 1
                }
                open[position] = index
            }
            // Water filling: the smallest open claim is kept whole while it fits under the level.
            var first = 0
            while first < count {
                var weight = 0
                for position in first..<count { weight += claims[open[position]].occurrences }
                let level = remaining / weight
                let smallest = open[first]
                if claims[smallest].size <= level {
                    shares[smallest] = claims[smallest].size
                    remaining -= claims[smallest].size * claims[smallest].occurrences
                    first += 1
                } else {
                    for position in first..<count { shares[open[position]] = level }
                    break
                }
            }
        }
    }
}
