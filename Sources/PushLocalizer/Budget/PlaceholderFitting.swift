import MessageFormat

/// Budget fitting's argument step (trimming truncatable arguments) for long truncatable texts that appear only as plain `{name}` in a `resolved`
/// payload: the payload's size is its size with them empty plus each one's escaped size per
/// occurrence, so a payload written once with them empty, noting where each would start, measures
/// everything; the fitted payload is that one with the cut texts spliced in. The full payload is
/// never written.
enum PlaceholderFitting {
    /// Shares the budget among `bound`'s truncatable texts and writes the fitted payload into
    /// `payload` (replacing what it held).
    /// - Parameters:
    ///   - small: the payload written with those texts empty.
    ///   - insertions: where each text argument starts in `small`, in payload order.
    ///   - occurrences: how often each text argument occurs, by slot.
    ///   - trimmed: the report's trimmed arguments, to which each text cut is appended: the
    ///     report's array is built here, not copied from a list of cuts.
    ///   - name: the name of the argument in a slot.
    /// - Returns: whether this settles it; false when the full payload fits after all, or even the
    ///   cut one does not, and the general steps decide (`payload` and `trimmed` then unspecified).
    static func fit(
        _ small: UnsafeBufferPointer<UInt8>,
        insertions: UnsafeBufferPointer<TextInsertion>,
        occurrences: UnsafeBufferPointer<Int>,
        _ bound: ArgumentBinder.Bound,
        budget: Int,
        cutter: TextCutter,
        into payload: inout [UInt8],
        reporting trimmed: inout [TrimmedArgument],
        name: (Int) -> String
    ) -> Bool {
        let values = bound.values
        let truncatable = bound.truncatable
        let fixed = small.count
        // An escaped text is never shorter than its UTF-8, so raw sizes over the budget settle it.
        var rawSize = fixed
        for slot in truncatable { rawSize += occurrences[slot] * Self.length(of: values[slot]) }
        if rawSize <= budget {
            var fullSize = fixed
            for slot in truncatable {
                fullSize += occurrences[slot] * Self.withUTF8(of: values[slot]) { cutter.size(ofContiguous: $0) }
            }
            guard fullSize > budget else { return false }
        }
        // One allocation for the few candidates (`filter` grows its result one append at a time).
        var candidates: [Int] = []
        candidates.reserveCapacity(truncatable.count)
        for slot in truncatable where occurrences[slot] > 0 { candidates.append(slot) }
        // Cuts never reach past the budget; boundaries look a few characters ahead (see
        // `BudgetFitter.shareArguments`): each text is shared as its first budget + 1 KiB bytes, all
        // of them copied into one buffer of scratch space (views of the texts in place would need a
        // closure per text, whose contexts retain more than the copy costs).
        let prefix = budget + 1024
        let total = candidates.reduce(0) { $0 + min(Self.length(of: values[$1]), prefix) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { buffer in
            var end = 0
            let claims = candidates.map { slot in
                Self.withUTF8(of: values[slot]) { text in
                    let start = end
                    end =
                        UnsafeMutableBufferPointer(rebasing: buffer[start...]).initialize(
                            fromContentsOf: text.prefix(prefix)
                        ) + start
                    return UnsafeBufferPointer(rebasing: buffer[start..<end])
                }
            }
            let outcomes = ShareCuts.outcomes(
                claims,
                occurrences: { occurrences[candidates[$0]] },
                available: budget - fixed,
                cutter: cutter
            )
            let ellipsis = cutter.ellipsis
            let writtenEllipsis = cutter.writtenEllipsis
            for (index, slot) in candidates.enumerated() {
                let whole = bound.text(length: slot)
                let count = outcomes[index].count(of: claims[index], ellipsis: ellipsis)
                guard count != whole || !outcomes[index].keepsText(of: claims[index], ellipsis: ellipsis) else {
                    continue
                }
                trimmed.append(
                    .sharingBudget(
                        name: name(slot),
                        bytesBefore: whole,
                        bytesAfter: count,
                        occurrences: occurrences[slot]
                    )
                )
            }
            if !payload.isEmpty { payload.removeAll(keepingCapacity: true) }
            payload.reserveCapacity(budget)
            var copied = 0
            for insertion in insertions {
                // A handful of candidates: looked up by comparison.
                guard let index = candidates.firstIndex(of: insertion.slot) else { continue }
                payload.append(contentsOf: UnsafeBufferPointer(rebasing: small[copied..<insertion.offset]))
                outcomes[index].appendEscaped(claims[index], writtenEllipsis: writtenEllipsis, to: &payload)
                copied = insertion.offset
            }
            payload.append(contentsOf: UnsafeBufferPointer(rebasing: small[copied...]))
            return payload.count <= budget
        }
    }

    /// The UTF-8 size of a text value (0 for any other).
    private static func length(of value: ArgumentValue?) -> Int {
        guard case .string(let text)? = value else { return 0 }
        return text.utf8.count
    }

    /// Calls `body` with the UTF-8 of a text value (empty for any other).
    private static func withUTF8<Result>(
        of value: ArgumentValue?,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard case .string(var text)? = value else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return text.withUTF8(body)
    }
}
