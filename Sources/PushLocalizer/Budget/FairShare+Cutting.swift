/// A text that wants its whole escaped size once per occurrence.
struct Claim {
    var text: [UInt8]
    var occurrences: Int
}

extension BudgetFitter {
    /// Cuts each claim to its fair share of `available` escaped bytes, then lets trimmed texts grow
    /// by whole graphemes while bytes remain (so the result is maximal), then moves cuts back to
    /// word boundaries (giving up at most `TextCutter.wordBackoffLimit` bytes each).
    func share(_ claims: [Claim], available: Int) -> [[UInt8]] {
        let sizes = claims.map { JSONEscaping.size(of: $0.text) }
        let shares = FairShare.shares(
            for: zip(sizes, claims).map { FairShare.Claim(size: $0, occurrences: $1.occurrences) },
            available: available
        )
        let ellipsisSize = cutter.ellipsisSize
        // nil: whole; 0 with a share below the ellipsis: empty; else the prefix length kept.
        var cuts: [Int?] = claims.indices.map { index in
            if sizes[index] <= shares[index] { return nil }
            return cutter.graphemePrefix(of: claims[index].text, escapedLimit: shares[index] - ellipsisSize).length
        }
        var hasEllipsis = claims.indices.map { cuts[$0] != nil && shares[$0] >= ellipsisSize }
        // The escaped size of each kept prefix, kept up to date as cuts grow (not re-measured).
        var prefixSizes = claims.indices.map { index in
            cuts[index].map { JSONEscaping.size(of: claims[index].text[..<$0]) } ?? sizes[index]
        }
        func used(_ index: Int) -> Int {
            guard cuts[index] != nil else { return sizes[index] * claims[index].occurrences }
            let ellipsis = hasEllipsis[index] ? ellipsisSize : 0
            return (prefixSizes[index] + ellipsis) * claims[index].occurrences
        }
        var remaining = available - claims.indices.reduce(0) { $0 + used($1) }
        var grew = true
        while grew {
            grew = false
            for index in claims.indices {
                guard let cut = cuts[index], cut < claims[index].text.count else { continue }
                // The whole text may cost no more than its cut plus the ellipsis (a short text cut
                // near its end: "O'Brien " → "O'Bri…", or 19 bytes → 18 + "…"): keep it whole then,
                // never trim it to as many bytes or more.
                let restore = sizes[index] * claims[index].occurrences - used(index)
                if restore <= remaining {
                    cuts[index] = nil
                    remaining -= restore
                    grew = true
                    continue
                }
                let next = cutter.nextGraphemeEnd(in: claims[index].text, after: cut)
                let grapheme = JSONEscaping.size(of: claims[index].text[cut..<next])
                var cost = grapheme * claims[index].occurrences
                if !hasEllipsis[index] { cost += ellipsisSize * claims[index].occurrences }
                if cost <= remaining {
                    cuts[index] = next
                    prefixSizes[index] += grapheme
                    hasEllipsis[index] = true
                    remaining -= cost
                    grew = true
                }
            }
        }
        return claims.indices.map { index in
            guard let cut = cuts[index], cut < claims[index].text.count else { return claims[index].text }
            guard hasEllipsis[index] else { return [] }
            return cutter.trimmed(claims[index].text, at: cutter.wordAligned(claims[index].text, cut: cut))
        }
    }
}
