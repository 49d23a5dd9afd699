/// A text that wants its whole escaped size once per occurrence.
struct Claim {
    var text: [UInt8]
    var occurrences: Int

    /// Calls `body` with a view of each claim's text, valid during the call.
    static func withViews<Result>(
        of claims: [Claim],
        _ body: ([UnsafeBufferPointer<UInt8>]) -> Result
    ) -> Result {
        var views: [UnsafeBufferPointer<UInt8>] = []
        views.reserveCapacity(claims.count)
        return withViews(of: claims, from: 0, into: &views, body)
    }

    private static func withViews<Result>(
        of claims: [Claim],
        from index: Int,
        into views: inout [UnsafeBufferPointer<UInt8>],
        _ body: ([UnsafeBufferPointer<UInt8>]) -> Result
    ) -> Result {
        guard index < claims.count else { return body(views) }
        return claims[index].text.withUnsafeBufferPointer { view in
            views.append(view)
            return withViews(of: claims, from: index + 1, into: &views, body)
        }
    }
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
