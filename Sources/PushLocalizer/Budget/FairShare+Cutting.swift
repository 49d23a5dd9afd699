/// A text that wants its whole escaped size once per occurrence.
struct Claim {
    var text: [UInt8]
    var occurrences: Int
}

extension BudgetFitter {
    /// Cuts each claim to its fair share of `available` escaped bytes, then lets trimmed texts grow
    /// by whole graphemes while bytes remain (so the result is maximal), then moves cuts back to
    /// word boundaries (giving up at most `TextCutter.wordBackoffLimit` bytes each).
    ///
    /// Growth goes round by round, one grapheme per trimmed claim and round, in claim order, so
    /// that claims compete fairly for the last bytes. ``ShareCuts`` keeps that order exactly but
    /// makes each step cheap; see there for the shortcuts and why they change no result.
    func share(_ claims: [Claim], available: Int) -> [[UInt8]] {
        ShareCuts.share(claims, available: available, cutter: cutter)
    }
}
