/// The tests' seeded random generator (SplitMix64): the same sequence for the same seed on every
/// machine, so that a failing random case can be run again.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`, from the next 64 bits by remainder (slightly biased, but stable:
    /// what the formatter's property tests were written with).
    public mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
