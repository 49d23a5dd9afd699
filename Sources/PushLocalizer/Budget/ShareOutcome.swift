/// What ``ShareCuts`` leaves of one claim's text.
struct ShareOutcome {
    enum Kept: Equatable {
        case whole
        /// The empty text: not even the ellipsis fits.
        case nothing
        /// The first bytes of the text, then the ellipsis.
        case prefix(Int)
    }

    var kept: Kept
    /// Whether the claim's text has no byte to escape (as far as sharing measured it).
    var clean: Bool
    /// The escapes of a claim that is not clean, as far as sharing scanned it. Their notes are in
    /// ``ShareCuts/withOutcomes(_:occurrences:available:cutter:_:)``'s scratch space: an outcome is
    /// valid only inside that call's body, and is never kept past it.
    var escapes: EscapeIndex?

    /// The kept text: whole, a prefix with `ellipsis` after it, or empty.
    func text(of claim: UnsafeBufferPointer<UInt8>, ellipsis: [UInt8]) -> [UInt8] {
        switch kept {
        case .whole: return Array(claim)
        case .nothing: return []
        case .prefix(let length):
            var result: [UInt8] = []
            result.reserveCapacity(length + ellipsis.count)
            result.append(contentsOf: claim[..<length])
            result.append(contentsOf: ellipsis)
            return result
        }
    }

    /// The kept text's UTF-8 size.
    func count(of claim: UnsafeBufferPointer<UInt8>, ellipsis: [UInt8]) -> Int {
        switch kept {
        case .whole: return claim.count
        case .nothing: return 0
        case .prefix(let length): return length + ellipsis.count
        }
    }

    /// Whether the kept text equals the claim's text, byte for byte.
    func keepsText(of claim: UnsafeBufferPointer<UInt8>, ellipsis: [UInt8]) -> Bool {
        switch kept {
        case .whole: return true
        case .nothing: return claim.isEmpty
        case .prefix(let length):
            return length + ellipsis.count == claim.count && claim[length...].elementsEqual(ellipsis)
        }
    }

    /// Appends the kept text escaped, then after a prefix `ellipsis` as given: a clean text
    /// (every counted text: sharing marks those clean) is copied without looking for escapes.
    /// - Parameter ellipsis: the ellipsis as written (``TextCutter/writtenEllipsis``).
    func appendEscaped(
        _ claim: UnsafeBufferPointer<UInt8>,
        writtenEllipsis ellipsis: [UInt8],
        to output: inout [UInt8]
    ) {
        switch kept {
        case .whole:
            if clean {
                output.append(contentsOf: claim)
            } else if let escapes, escapes.isComplete {
                escapes.appendEscaped(claim, length: claim.count, to: &output)
            } else {
                JSONEscaping.appendContiguous(claim, to: &output)
            }
        case .nothing: return
        case .prefix(let length):
            let kept = UnsafeBufferPointer(rebasing: claim[..<length])
            if clean {
                output.append(contentsOf: kept)
            } else if let escapes, length <= escapes.length {
                escapes.appendEscaped(claim, length: length, to: &output)
            } else {
                JSONEscaping.appendContiguous(kept, to: &output)
            }
            // Through a buffer: `append(contentsOf:)` takes its argument owned, so the array itself
            // would be retained and released for each cut text.
            ellipsis.withUnsafeBufferPointer { output.append(contentsOf: $0) }
        }
    }
}
