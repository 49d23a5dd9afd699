/// Where the escapes of a text's first bytes are, found in one scan, so that the escaped size of
/// any of its prefixes is a binary search instead of another scan, and writing a prefix escaped
/// copies the runs between known escapes.
///
/// A text with escapes is measured once and then cut, grown and written several times while its
/// claim is shared (``ShareCuts``); each of those used to scan the text again.
///
/// The escaped size of `text[..<n]` is `n` plus the extra bytes of the escapes before `n` (an
/// escape's extra bytes are its escaped size minus one, see ``JSONEscaping``), so it is known from
/// the escapes' offsets and running extra sizes alone.
struct EscapeIndex {
    /// The bytes scanned: the longest prefix whose escaped size is at most the scan's limit.
    let length: Int
    /// The escaped size of those bytes.
    let size: Int
    /// Whether the scan reached the text's end (its prefixes are then all known).
    let isComplete: Bool
    /// The limit the scan stopped at.
    private let limit: Int
    /// The offsets of the escaped bytes among the first `length`, ascending.
    private let offsets: [Int]
    /// For each escape, the extra bytes of it and of every escape before it.
    private let extraThrough: [Int]

    /// Scans `text` as ``JSONEscaping/prefixLength(of:escapedLimit:)`` does, noting each escape.
    init(scanning text: UnsafeBufferPointer<UInt8>, escapedLimit limit: Int) {
        self.limit = limit
        guard let base = text.baseAddress else {
            (length, size, isComplete, offsets, extraThrough) = (0, 0, true, [], [])
            return
        }
        var offsets: [Int] = []
        var extraThrough: [Int] = []
        func append(offset: Int, extraThrough extra: Int) {
            if offsets.isEmpty {
                offsets.reserveCapacity(64)
                extraThrough.reserveCapacity(64)
            }
            offsets.append(offset)
            extraThrough.append(extra)
        }
        let count = text.count
        var size = 0
        var index = 0
        var extra = 0
        while index < count {
            // Clean blocks while they surely fit: sixteen bytes at a time.
            if index + 16 <= count, size + 16 <= limit, EscapeMask.isClean16(base + index) {
                size += 16
                index += 16
                continue
            }
            if index + 8 <= count {
                let word = EscapeMask.load(base + index)
                var mask = EscapeMask.of(word)
                // Every byte costs at least one, so a word that fits whole never ends the prefix
                // inside it; one that does not is taken byte by byte below.
                var wordExtra = 0
                if mask != 0 {
                    if EscapeMask.controls(word) == 0 {
                        wordExtra = mask.nonzeroBitCount
                    } else {
                        var lanes = mask
                        while lanes != 0 {
                            wordExtra += JSONEscaping.size(ofByte: base[index + lanes.trailingZeroBitCount >> 3]) - 1
                            lanes &= lanes &- 1
                        }
                    }
                }
                if size + 8 + wordExtra <= limit {
                    while mask != 0 {
                        let offset = index + mask.trailingZeroBitCount >> 3
                        extra += JSONEscaping.size(ofByte: base[offset]) - 1
                        append(offset: offset, extraThrough: extra)
                        mask &= mask &- 1
                    }
                    size += 8 + wordExtra
                    index += 8
                    continue
                }
            }
            let cost = JSONEscaping.size(ofByte: base[index])
            if size + cost > limit { break }
            if cost > 1 {
                extra += cost - 1
                append(offset: index, extraThrough: extra)
            }
            size += cost
            index += 1
        }
        length = index
        self.size = size
        isComplete = index == count
        self.offsets = offsets
        self.extraThrough = extraThrough
    }

    /// ``JSONEscaping/size(ofContiguous:stoppingAbove:)`` of the scanned text, from the scan alone
    /// (`byteAfter`: the byte after the scanned ones, when the scan stopped before the end).
    func sizeStoppingAbove(byteAfter: UInt8?) -> Int {
        guard let byteAfter, !isComplete else { return size }
        return size + JSONEscaping.size(ofByte: byteAfter)
    }

    /// ``JSONEscaping/prefixLength(of:escapedLimit:)`` of the scanned text, without scanning; nil
    /// when the answer may lie past the scanned bytes (a limit above the scan's, on an incomplete
    /// scan).
    func prefix(escapedLimit limit: Int) -> (length: Int, size: Int)? {
        guard limit <= self.limit || isComplete else { return nil }
        guard limit > 0 else { return (0, 0) }
        // The escapes that fit whole: escape i ends the prefix of escaped size
        // offsets[i] + 1 + extraThrough[i], which grows with i.
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] + 1 + extraThrough[middle] <= limit {
                low = middle + 1
            } else {
                high = middle
            }
        }
        let extra = low == 0 ? 0 : extraThrough[low - 1]
        let end = low < offsets.count ? offsets[low] : length
        let prefixLength = min(limit - extra, end)
        return (prefixLength, prefixLength + extra)
    }

    /// The escaped size of `text[..<length]`, for a `length` within the scanned bytes.
    func size(ofPrefix length: Int) -> Int {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < length {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return length + (low == 0 ? 0 : extraThrough[low - 1])
    }

    /// Appends `text[..<length]` escaped, for a `length` within the scanned bytes: the runs between
    /// the known escapes are copied, nothing is scanned.
    func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, length: Int, to output: inout [UInt8]) {
        guard let base = text.baseAddress, length > 0 else { return }
        guard let first = offsets.first, first < length else {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<length]))
            return
        }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: size(ofPrefix: length)))
        output.withUnsafeMutableBufferPointer { buffer in
            guard let out = buffer.baseAddress else { return }
            var written = start
            var copied = 0
            for offset in offsets {
                guard offset < length else { break }
                JSONEscaping.copyRun(from: base + copied, count: offset - copied, to: out + written)
                written += offset - copied
                written += JSONEscaping.writeEscape(of: base[offset], to: out + written)
                copied = offset + 1
            }
            (out + written).update(from: base + copied, count: length - copied)
        }
    }
}

extension EscapeMask {
    /// Whether none of the sixteen bytes at `pointer` needs an escape (one vector compare).
    @inline(__always)
    static func isClean16(_ pointer: UnsafePointer<UInt8>) -> Bool {
        // Spelled with typed constants: written with `SIMD16(repeating:)` literals inline, the
        // compiler picks generic lane-by-lane code, ten times slower than this one compare.
        let bytes = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
        let quote = SIMD16<UInt8>(repeating: 0x22)
        let backslash = SIMD16<UInt8>(repeating: 0x5C)
        let space = SIMD16<UInt8>(repeating: 0x20)
        let escapes = (bytes .== quote) .| (bytes .== backslash) .| (bytes .< space)
        return !any(escapes)
    }
}
