// The reference renderer reads the library's internals (`@testable import`), which a debug
// build exposes; a release build of the package compiles this target empty.
#if DEBUG
import ICUKit

/// Step 2's cutting, plainly: the fair share of the free bytes, grapheme cuts, growth round by
/// round and word alignment, with ICU's boundaries over the whole text and byte-by-byte escaped
/// sizes. Used by `ReferenceFitting`, and on its own by the sharing differential tests.
public struct ReferenceShare {
    let ellipsis: [UInt8]
    let locale: String

    /// Cuts with `ellipsis` and the word rules of `locale`.
    public init(ellipsis: [UInt8], locale: String) {
        self.ellipsis = ellipsis
        self.locale = locale
    }

    var ellipsisSize: Int { ReferenceJSON.size(ellipsis) }

    /// Max-min fair division of `available` escaped bytes among texts, each wanting its escaped
    /// size once per occurrence: each cut at a grapheme boundary within its share (the ellipsis
    /// counted in it), then, round by round in order, each cut text restored whole when that
    /// fits or grown by one grapheme when that fits, until none changes; last, each cut moved
    /// back to a word boundary and the ellipsis added (a share too small for the ellipsis keeps
    /// nothing).
    public func share(_ texts: [[UInt8]], occurrences: [Int], available: Int) -> [[UInt8]] {
        let sizes = texts.map(ReferenceJSON.size)
        let boundaries = texts.map(graphemeBoundaries)
        let shares = waterFill(sizes, occurrences, available: available)
        var remaining = available
        var lengths: [Int?] = Array(repeating: nil, count: texts.count)
        var prefixSizes = sizes
        var ellipses = Array(repeating: false, count: texts.count)
        for index in texts.indices {
            guard sizes[index] > shares[index] else {
                remaining -= sizes[index] * occurrences[index]
                continue
            }
            let length = graphemePrefix(texts[index], limit: shares[index] - ellipsisSize, boundaries[index])
            lengths[index] = length
            prefixSizes[index] = ReferenceJSON.size(Array(texts[index][..<length]))
            ellipses[index] = shares[index] >= ellipsisSize
            remaining -= (prefixSizes[index] + (ellipses[index] ? ellipsisSize : 0)) * occurrences[index]
        }
        var changed = true
        while changed {
            changed = false
            for index in texts.indices {
                guard let length = lengths[index], length < texts[index].count else { continue }
                let used = (prefixSizes[index] + (ellipses[index] ? ellipsisSize : 0)) * occurrences[index]
                let restore = sizes[index] * occurrences[index] - used
                if restore <= remaining {
                    lengths[index] = nil
                    remaining -= restore
                    changed = true
                    continue
                }
                // The grapheme after the cut (the boundaries are sorted: a binary search).
                var low = 0
                var high = boundaries[index].count
                while low < high {
                    let middle = (low + high) / 2
                    if boundaries[index][middle] <= length { low = middle + 1 } else { high = middle }
                }
                let next = low < boundaries[index].count ? boundaries[index][low] : texts[index].count
                let size = ReferenceJSON.size(Array(texts[index][length..<next]))
                let cost = (size + (ellipses[index] ? 0 : ellipsisSize)) * occurrences[index]
                guard cost <= remaining else { continue }
                lengths[index] = next
                prefixSizes[index] += size
                ellipses[index] = true
                remaining -= cost
                changed = true
            }
        }
        return texts.indices.map { index in
            guard let length = lengths[index], length < texts[index].count else { return texts[index] }
            guard ellipses[index] else { return [] }
            return Array(texts[index][..<wordAligned(texts[index], cut: length)]) + ellipsis
        }
    }

    /// Per-occurrence shares: texts smaller than the common level keep their size, the others all
    /// get the level, as large as fits.
    private func waterFill(_ sizes: [Int], _ occurrences: [Int], available: Int) -> [Int] {
        var shares = sizes
        var open = sizes.indices.filter { occurrences[$0] > 0 }.sorted { sizes[$0] < sizes[$1] }
        var remaining = max(0, available)
        while let smallest = open.first {
            let level = remaining / open.reduce(0) { $0 + occurrences[$1] }
            if sizes[smallest] <= level {
                remaining -= sizes[smallest] * occurrences[smallest]
                open.removeFirst()
            } else {
                for index in open { shares[index] = level }
                break
            }
        }
        return shares
    }

    /// ICU's grapheme boundaries of `text`, 0 and its end included.
    public func graphemeBoundaries(_ text: [UInt8]) -> [Int] {
        Array(Set([0, text.count] + TextBoundaries.graphemeBoundaries(in: text))).sorted()
    }

    /// The longest grapheme-aligned prefix whose escaped size is at most `limit` (0 below 1).
    public func graphemePrefix(_ text: [UInt8], limit: Int, _ boundaries: [Int]? = nil) -> Int {
        var kept = 0
        var size = 0
        for boundary in boundaries ?? graphemeBoundaries(text) where boundary > kept {
            size += ReferenceJSON.size(Array(text[kept..<boundary]))
            guard size <= max(limit, 0) else { break }
            kept = boundary
        }
        return kept
    }

    /// A cut moved back to an ICU word boundary that is also a grapheme boundary, and before the
    /// white space there, when that gives up at most 24 escaped bytes and keeps some text.
    public func wordAligned(_ text: [UInt8], cut: Int) -> Int {
        guard cut > 0, cut < text.count else { return cut }
        let graphemes = graphemeBoundaries(text)
        var boundary = TextBoundaries.wordBoundary(atOrBefore: cut, in: text, locale: locale)
        while boundary > 0, !graphemes.contains(boundary) {
            boundary = TextBoundaries.wordBoundary(atOrBefore: boundary - 1, in: text, locale: locale)
        }
        while boundary > 0, [0x20, 0x09, 0x0A, 0x0D].contains(text[boundary - 1]) {
            boundary = graphemes.last { $0 <= boundary - 1 } ?? 0
        }
        guard boundary > 0, ReferenceJSON.size(Array(text[boundary..<cut])) <= 24 else { return cut }
        return boundary
    }
}
#endif
