import ICUKit
import Testing

/// The grapheme boundary answers against ICU's own (`icuGraphemeBoundary…`) at every offset of a
/// text, one past each end included.
enum GraphemeAgreement {
    /// Records an issue for each offset of `bytes` where an answer differs from ICU's, and checks
    /// the ASCII rule wherever it answers; returns the number of offsets checked.
    static func check(_ bytes: [UInt8]) -> Int {
        var checked = 0
        bytes.withUnsafeBufferPointer { text in
            for offset in -1...(text.count + 1) {
                let before = TextBoundaries.graphemeBoundary(atOrBefore: offset, in: text)
                let icuBefore = TextBoundaries.icuGraphemeBoundary(atOrBefore: offset, in: text)
                #expect(before == icuBefore, "at or before \(offset) in \(bytes)")
                let after = TextBoundaries.graphemeBoundary(after: offset, in: text)
                let icuAfter = TextBoundaries.icuGraphemeBoundary(after: offset, in: text)
                #expect(after == icuAfter, "after \(offset) in \(bytes)")
                if let fast = TextBoundaries.isASCIIGraphemeBoundary(offset, in: text) {
                    #expect(fast == (icuBefore == offset), "ASCII rule at \(offset) in \(bytes)")
                }
                checked += 1
            }
        }
        return checked
    }
}
