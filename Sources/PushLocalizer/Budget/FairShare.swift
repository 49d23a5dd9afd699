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
        var open = claims.indices.filter { claims[$0].occurrences > 0 }.sorted { claims[$0].size < claims[$1].size }
        claims.indices.filter { claims[$0].occurrences == 0 }.forEach { shares[$0] = claims[$0].size }
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
