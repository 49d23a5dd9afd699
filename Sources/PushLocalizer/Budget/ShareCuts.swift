import ICUKit

/// The state of ``BudgetFitter/share(_:available:)``: per claim, the kept prefix and what it costs.
///
/// Shortcuts, each giving the same result as measuring everything and stepping one grapheme at a
/// time:
/// - A text's escaped size is measured only up to `available` + 1 bytes: any size above
///   `available` gets the common level from `FairShare` and can never be restored whole (the
///   bytes to restore it exceed every `remaining`), so larger sizes act alike.
/// - The first cut is one bounded scan, backed off to a grapheme boundary.
/// - A claim's next grapheme and its escaped size are kept until the claim grows, so a claim that
///   does not fit is not asked of ICU again on every round.
/// - When one claim alone grew in a round, the following rounds are that claim's alone until it
///   stops: the others failed with at least as many bytes remaining, and remaining only shrinks
///   while it grows. Once it has its ellipsis, growing never makes restoring it whole cheaper
///   relative to `remaining` (both drop by the grapheme's cost), so its steps are one bounded scan
///   over the rest of its text, backed off to a grapheme boundary.
/// - A text with bytes to escape is scanned once (``EscapeIndex``): its later cuts and growth
///   look its escaped sizes up instead of scanning it from the start again, and writing it knows
///   its escaped size.
struct ShareCuts {
    private struct Cut {
        /// The whole text's escaped size, capped at `available` + 1.
        var size: Int
        /// Whether the text has no byte to escape (its escaped sizes are its byte counts).
        var clean: Bool
        var occurrences: Int
        /// The kept prefix's length; nil when the text stays whole.
        var length: Int?
        /// The kept prefix's escaped size.
        var prefixSize: Int
        var hasEllipsis: Bool
        /// The end of the grapheme after `length` and its escaped size, once asked.
        var next: (end: Int, size: Int)?
        /// The escapes of a text that is not clean, as far as it was measured.
        var escapes: EscapeIndex?
    }

    /// Each claim's text (views valid while the cuts are made); its occurrences are in its cut.
    private let texts: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    private let ellipsisSize: Int
    /// Each claim's cut, in scratch space of ``withOutcomes(_:occurrences:available:cutter:_:)``.
    private let cuts: UnsafeMutableBufferPointer<Cut>
    private var remaining: Int

    /// ``BudgetFitter/share(_:available:)`` with `cutter`'s ellipsis and word rules.
    static func share(_ claims: [Claim], available: Int, cutter: TextCutter) -> [[UInt8]] {
        let kept = Claim.withViews(of: claims) { texts in
            texts.withUnsafeBufferPointer { texts in
                withOutcomes(texts, occurrences: { claims[$0].occurrences }, available: available, cutter: cutter) {
                    zip($0, texts).map { $0.kept == .whole ? nil : $0.text(of: $1, ellipsis: cutter.ellipsis) }
                }
            }
        }
        // A text kept whole is the claim's own array, not a copy.
        return zip(kept, claims).map { $0 ?? $1.text }
    }

    /// ``share(_:available:cutter:)`` of claims given as views of their texts (valid during the
    /// call) and their occurrences (by claim index), without building the kept texts: calls `body`
    /// with what each claim keeps.
    ///
    /// The cuts, the outcomes and the escapes noted while measuring live in scratch space for the
    /// call (on the stack while they are small): the outcomes and their ``EscapeIndex`` notes are
    /// valid while `body` runs, and nothing is allocated or reference counted per claim.
    static func withOutcomes<Result>(
        _ texts: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>,
        occurrences: (Int) -> Int,
        available: Int,
        cutter: TextCutter,
        _ body: (UnsafeBufferPointer<ShareOutcome>) -> Result
    ) -> Result {
        // Texts are measured up to `available` + 1 bytes (see the type's notes); each one's
        // notes get the room that scan may need, side by side.
        let cap = max(available, 0)
        var noteCapacity = 0
        if cutter.escapes {
            for text in texts { noteCapacity += EscapeIndex.noteCapacity(count: text.count, escapedLimit: cap) }
        }
        // Every element below is trivial (no references): nothing to deinitialize.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: noteCapacity) { notes in
            withUnsafeTemporaryAllocation(of: Cut.self, capacity: texts.count) { cuts in
                var shareCuts = ShareCuts(
                    texts,
                    occurrences: occurrences,
                    available: available,
                    cap: cap,
                    cutter: cutter,
                    cuts: cuts,
                    notes: notes
                )
                shareCuts.grow()
                return withUnsafeTemporaryAllocation(of: ShareOutcome.self, capacity: texts.count) { outcomes in
                    shareCuts.outcomes(into: outcomes, cutter: cutter)
                    return body(UnsafeBufferPointer(outcomes))
                }
            }
        }
    }

    /// Measures and first cuts every claim.
    /// - Parameters:
    ///   - cap: `max(available, 0)`, the escaped size texts are measured up to.
    ///   - cuts: room for a cut per claim, initialized here.
    ///   - notes: room for each text's ``EscapeIndex/noteCapacity(count:escapedLimit:)`` at `cap`,
    ///     in claim order (none when sizes are byte counts).
    private init(
        _ texts: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>,
        occurrences: (Int) -> Int,
        available: Int,
        cap: Int,
        cutter: TextCutter,
        cuts: UnsafeMutableBufferPointer<Cut>,
        notes: UnsafeMutableBufferPointer<Int>
    ) {
        self.texts = texts
        self.cuts = cuts
        let ellipsisSize = cutter.ellipsisSize
        self.ellipsisSize = ellipsisSize
        // One scan per text, noting its escapes: `size(ofContiguous:stoppingAbove:)` from it.
        var noted = 0
        for index in texts.indices {
            let text = texts[index]
            guard cutter.escapes else {
                // Counted text: sizes are byte counts, as for a clean text.
                let size = min(text.count, cap + 1)
                cuts.initializeElement(
                    at: index,
                    to: Cut(
                        size: size,
                        clean: true,
                        occurrences: occurrences(index),
                        length: nil,
                        prefixSize: size,
                        hasEllipsis: false,
                        escapes: nil
                    )
                )
                continue
            }
            let capacity = EscapeIndex.noteCapacity(count: text.count, escapedLimit: cap)
            let scan = EscapeIndex(
                scanning: text,
                escapedLimit: cap,
                notingIn: UnsafeMutableBufferPointer(rebasing: notes[noted..<(noted + capacity)])
            )
            noted += capacity
            let size = scan.sizeStoppingAbove(byteAfter: scan.length < text.count ? text[scan.length] : nil)
            // A size within the cap was measured over the whole text, so it equals the byte count
            // exactly when no byte escapes.
            let clean = size <= cap && size == text.count
            cuts.initializeElement(
                at: index,
                to: Cut(
                    size: size,
                    clean: clean,
                    occurrences: occurrences(index),
                    length: nil,
                    prefixSize: size,
                    hasEllipsis: false,
                    escapes: clean ? nil : scan
                )
            )
        }
        // The shares and their claims in scratch space: a handful of entries, read only here.
        var remaining = available
        withUnsafeTemporaryAllocation(of: FairShare.Claim.self, capacity: cuts.count) { claims in
            for index in cuts.indices {
                claims.initializeElement(
                    at: index,
                    to: FairShare.Claim(size: cuts[index].size, occurrences: cuts[index].occurrences)
                )
            }
            withUnsafeTemporaryAllocation(of: Int.self, capacity: cuts.count) { shares in
                FairShare.shares(for: UnsafeBufferPointer(claims), available: available, into: shares)
                for index in cuts.indices {
                    let cut = cuts[index]
                    guard cut.size > shares[index] else {
                        remaining -= cut.size * cut.occurrences
                        continue
                    }
                    let prefix = cutter.graphemePrefix(
                        of: texts[index],
                        escapedLimit: shares[index] - ellipsisSize,
                        clean: cut.clean,
                        escapes: cut.escapes
                    )
                    let hasEllipsis = shares[index] >= ellipsisSize
                    remaining -= (prefix.size + (hasEllipsis ? ellipsisSize : 0)) * cut.occurrences
                    cuts[index].length = prefix.length
                    cuts[index].prefixSize = prefix.size
                    cuts[index].hasEllipsis = hasEllipsis
                }
            }
        }
        self.remaining = remaining
    }

    /// The bytes claim `index` uses now, for every occurrence.
    private func used(_ index: Int) -> Int {
        let cut = cuts[index]
        guard cut.length != nil else { return cut.size * cut.occurrences }
        return (cut.prefixSize + (cut.hasEllipsis ? ellipsisSize : 0)) * cut.occurrences
    }

    /// What one turn of claim `index` did.
    private enum Turn {
        case none, restored, grew
    }

    /// Lets trimmed texts grow while bytes remain.
    private mutating func grow() {
        var grew = true
        while grew {
            grew = false
            var grower: Int?
            var growers = 0
            for index in texts.indices {
                switch turn(index) {
                case .none: continue
                case .restored: growers += 2
                case .grew:
                    growers += 1
                    grower = index
                }
                grew = true
            }
            if growers == 1, let grower { growAlone(grower) }
        }
    }

    /// One turn of claim `index`: restore it whole when that fits, else add one grapheme when that fits.
    private mutating func turn(_ index: Int) -> Turn {
        guard let length = cuts[index].length, length < texts[index].count else { return .none }
        // The whole text may cost no more than its cut plus the ellipsis (a short text cut
        // near its end: "O'Brien " → "O'Bri…", or 19 bytes → 18 + "…"): keep it whole then,
        // never trim it to as many bytes or more.
        let restore = cuts[index].size * cuts[index].occurrences - used(index)
        if restore <= remaining {
            cuts[index].length = nil
            remaining -= restore
            return .restored
        }
        let next = nextGrapheme(index, after: length)
        var cost = next.size * cuts[index].occurrences
        if !cuts[index].hasEllipsis { cost += ellipsisSize * cuts[index].occurrences }
        guard cost <= remaining else { return .none }
        cuts[index].length = next.end
        cuts[index].prefixSize += next.size
        cuts[index].hasEllipsis = true
        cuts[index].next = nil
        remaining -= cost
        return .grew
    }

    /// The turns of claim `index` while it is the only one that can grow (see the type's notes).
    private mutating func growAlone(_ index: Int) {
        guard let length = cuts[index].length, cuts[index].hasEllipsis, cuts[index].occurrences > 0 else { return }
        let restore = cuts[index].size * cuts[index].occurrences - used(index)
        guard restore > remaining else { return }
        let clean = cuts[index].clean
        let prefixSize = cuts[index].prefixSize
        let escapes = cuts[index].escapes
        let text = texts[index]
        let prefix: (length: Int, size: Int) = {
            let rest = UnsafeBufferPointer(rebasing: text[length...])
            let limit = remaining / cuts[index].occurrences
            let (end, size): (Int, Int)
            // The rest's escaped sizes are the whole text's minus `prefixSize` (sizes add up).
            if !clean, limit >= 0, let found = escapes?.prefix(of: text, escapedLimit: prefixSize + limit) {
                (end, size) = (found.length - length, found.size - prefixSize)
            } else {
                (end, size) = TextCutter.escapedPrefix(of: rest, escapedLimit: limit, clean: clean)
            }
            if end == rest.count { return (length: length + end, size: size) }
            // Graphemes are the full text's: `length` is one of its boundaries, so the boundary at
            // or before the scan's end is at or after `length`.
            let boundary = TextBoundaries.graphemeBoundary(atOrBefore: length + end, in: text)
            let back =
                clean
                ? length + end - boundary
                : JSONEscaping.size(ofContiguous: UnsafeBufferPointer(rebasing: text[boundary..<(length + end)]))
            return (length: boundary, size: size - back)
        }()
        guard prefix.length > length else { return }
        cuts[index].length = prefix.length
        cuts[index].prefixSize += prefix.size
        cuts[index].next = nil
        remaining -= prefix.size * cuts[index].occurrences
    }

    /// The grapheme after `length` in claim `index` and its escaped size, asked once per length.
    private mutating func nextGrapheme(_ index: Int, after length: Int) -> (end: Int, size: Int) {
        if let next = cuts[index].next { return next }
        let clean = cuts[index].clean
        let text = texts[index]
        let end = TextBoundaries.graphemeBoundary(after: length, in: text)
        let size =
            clean ? end - length : JSONEscaping.size(ofContiguous: UnsafeBufferPointer(rebasing: text[length..<end]))
        let next = (end: end, size: size)
        cuts[index].next = next
        return next
    }

    /// What each claim keeps: its whole text, or a prefix aligned to `cutter`'s word rules with
    /// the ellipsis, or nothing; written into `outcomes` (one per claim). The cutter is passed in,
    /// not kept: the state holds no reference, so it is copied and dropped without a reference count.
    private func outcomes(into outcomes: UnsafeMutableBufferPointer<ShareOutcome>, cutter: TextCutter) {
        for index in texts.indices {
            let text = texts[index]
            let clean = cuts[index].clean
            let escapes = cuts[index].escapes
            let kept: ShareOutcome.Kept
            if let length = cuts[index].length, length < text.count {
                kept = cuts[index].hasEllipsis ? .prefix(cutter.wordAligned(text, cut: length)) : .nothing
            } else {
                kept = .whole
            }
            outcomes.initializeElement(at: index, to: ShareOutcome(kept: kept, clean: clean, escapes: escapes))
        }
    }
}
