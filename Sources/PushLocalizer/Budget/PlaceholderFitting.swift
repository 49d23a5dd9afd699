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
        // A text's whole length is its view's: no text was shortened for fitting before this step.
        assert(bound.wholeLengths.isEmpty, "placeholder fitting of texts already shortened")
        // The texts that occur, each looked at once: a view of its own UTF-8 for the whole fit.
        // Every other look at an argument value copies the value's string, which is a reference
        // count up and down.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: bound.truncatable.count) { slots in
            var count = 0
            for slot in bound.truncatable where occurrences[slot] > 0 {
                slots.initializeElement(at: count, to: slot)
                count += 1
            }
            let candidates = UnsafeBufferPointer(rebasing: slots[..<count])
            return withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: count) { views in
                // The fit's inputs travel through the nested views by address, so that the cutter
                // (an array and a string) is not copied into each level's closure.
                var fitting = Fitting(
                    small: small,
                    insertions: insertions,
                    occurrences: occurrences,
                    budget: budget,
                    cutter: cutter,
                    candidates: candidates
                )
                swap(&fitting.payload, &payload)
                swap(&fitting.trimmed, &trimmed)
                defer {
                    swap(&fitting.payload, &payload)
                    swap(&fitting.trimmed, &trimmed)
                }
                return Self.withViews(of: bound.values, candidates, into: views, from: 0, &fitting) { fitting in
                    fitting.fit(texts: UnsafeBufferPointer(views), name: name)
                }
            }
        }
    }

    /// One fit's inputs and outputs, passed by address through ``withViews(of:_:into:from:_:_:)``.
    private struct Fitting {
        let small: UnsafeBufferPointer<UInt8>
        let insertions: UnsafeBufferPointer<TextInsertion>
        let occurrences: UnsafeBufferPointer<Int>
        let budget: Int
        let cutter: TextCutter
        /// The slots of the texts that occur.
        let candidates: UnsafeBufferPointer<Int>
        /// The fitted payload, written here (the caller's, swapped in for the fit).
        var payload: [UInt8] = []
        /// The report's trimmed arguments, each cut text appended (the caller's, swapped in).
        var trimmed: [TrimmedArgument] = []

        /// The fit of the texts that occur, given views of their whole UTF-8.
        mutating func fit(texts: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>, name: (Int) -> String) -> Bool {
            let fixed = small.count
            // An escaped text is never shorter than its UTF-8, so raw sizes over the budget settle it.
            var rawSize = fixed
            for (index, slot) in candidates.enumerated() { rawSize += occurrences[slot] * texts[index].count }
            if rawSize <= budget {
                var fullSize = fixed
                for (index, slot) in candidates.enumerated() {
                    fullSize += occurrences[slot] * cutter.size(ofContiguous: texts[index])
                }
                guard fullSize > budget else { return false }
            }
            // Cuts never reach past the budget; boundaries look a few characters ahead (see
            // `BudgetFitter.shareArguments`): each text is shared as its first budget + 1 KiB bytes,
            // viewed in place.
            let prefix = budget + 1024
            return withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: texts.count) { claims in
                for index in texts.indices {
                    claims.initializeElement(at: index, to: UnsafeBufferPointer(rebasing: texts[index].prefix(prefix)))
                }
                let claims = UnsafeBufferPointer(claims)
                // Copies of two views (no reference counts): the closure below reads them, and a
                // closure in a mutating method may not capture `self`.
                let occurrences = occurrences
                let candidates = candidates
                return ShareCuts.withOutcomes(
                    claims,
                    occurrences: { occurrences[candidates[$0]] },
                    available: budget - fixed,
                    cutter: cutter
                ) { outcomes in
                    write(outcomes, of: claims, texts: texts, name: name)
                }
            }
        }

        /// Reports each cut text and writes the fitted payload.
        private mutating func write(
            _ outcomes: UnsafeBufferPointer<ShareOutcome>,
            of claims: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>,
            texts: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>,
            name: (Int) -> String
        ) -> Bool {
            let ellipsis = cutter.ellipsis
            let writtenEllipsis = cutter.writtenEllipsis
            for (index, slot) in candidates.enumerated() {
                let whole = texts[index].count
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

    /// Calls `body` with `fitting` once `views[k]` holds the UTF-8 of the text in slot `slots[k]`
    /// (empty for any other value) for every `k` from `index` on: each text is viewed in place, in
    /// a closure nested in the previous one's, so all the views are valid while `body` runs.
    private static func withViews(
        of values: [ArgumentValue?],
        _ slots: UnsafeBufferPointer<Int>,
        into views: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>,
        from index: Int,
        _ fitting: inout Fitting,
        _ body: (inout Fitting) -> Bool
    ) -> Bool {
        guard index < slots.count else { return body(&fitting) }
        guard case .string(var text)? = values[slots[index]] else {
            views.initializeElement(at: index, to: UnsafeBufferPointer(start: nil, count: 0))
            return withViews(of: values, slots, into: views, from: index + 1, &fitting, body)
        }
        return text.withUTF8 { view in
            views.initializeElement(at: index, to: view)
            return withViews(of: values, slots, into: views, from: index + 1, &fitting, body)
        }
    }
}
