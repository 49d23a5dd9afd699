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
        var shares = Array(repeating: 0, count: claims.count)
        var remaining = max(0, available)
        // The claims that occur, smallest first (the order among equal sizes does not matter: equal
        // claims are either all kept whole or all cut to the level). A handful of claims: sorted in
        // place by insertion, in the one array.
        var open: [Int] = []
        open.reserveCapacity(claims.count)
        for index in claims.indices {
            guard claims[index].occurrences > 0 else {
                shares[index] = claims[index].size
                continue
            }
            var position = open.count
            open.append(index)
            while position > 0, claims[open[position - 1]].size > claims[index].size {
                open[position] = open[position - 1]
                position -= 1
            }
            open[position] = index
        }
        while let first = open.first {
            let weight = open.reduce(0) { $0 + claims[$1].occurrences }
            let level = remaining / weight
            if claims[first].size <= level {
                shares[first] = claims[first].size
                remaining -= claims[first].size * claims[first].occurrences
                open.removeFirst()
            } else {
                for index in open { shares[index] = level }
                break
            }
        }
        return shares
    }
}
