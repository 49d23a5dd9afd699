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
    /// One escaped byte: its offset, and the extra bytes of it and of every escape before it.
    private struct Escape {
        var offset: Int
        var extraThrough: Int
    }

    /// The bytes scanned: the longest prefix whose escaped size is at most the scan's limit.
    let length: Int
    /// The escaped size of those bytes.
    let size: Int
    /// Whether the scan reached the text's end (its prefixes are then all known).
    let isComplete: Bool
    /// The limit the scan stopped at.
    private let limit: Int
    /// The escapes among the first `length` bytes, ascending (empty, unallocated, for clean text).
    private let escapes: [Escape]

    /// Scans `text` as ``JSONEscaping/prefixLength(of:escapedLimit:)`` does, noting each escape.
    init(scanning text: UnsafeBufferPointer<UInt8>, escapedLimit limit: Int) {
        self.limit = limit
        guard let base = text.baseAddress else {
            (length, size, isComplete, escapes) = (0, 0, true, [])
            return
        }
        let count = text.count
        // Up to the first escape nothing is noted, so clean text allocates nothing.
        var (index, extra, _) = Self.scan(base, count: count, limit: limit, from: 0, extra: 0, into: nil)
        var escapes: [Escape] = []
        if index < count, index < limit, JSONEscaping.size(ofByte: base[index]) > 1 {
            // Each escape costs at least two bytes of the limit, and is one byte of the text.
            let capacity = min(count - index, (limit - index) / 2 + 1)
            escapes = Array(unsafeUninitializedCapacity: capacity) { buffer, initialized in
                (index, extra, initialized) = Self.scan(
                    base,
                    count: count,
                    limit: limit,
                    from: index,
                    extra: extra,
                    into: buffer
                )
            }
        }
        length = index
        size = index + extra
        isComplete = index == count
        self.escapes = escapes
    }

    /// Scans from `start` (where the escaped size so far is `start + extra`) while the escaped size
    /// stays within `limit`, noting each escape in `found`; without `found`, stops at the first
    /// escape instead.
    /// - Returns: where the scan stopped, the extra bytes of the escapes before it, and how many
    ///   escapes were noted.
    private static func scan(
        _ base: UnsafePointer<UInt8>,
        count: Int,
        limit: Int,
        from start: Int,
        extra startExtra: Int,
        into found: UnsafeMutableBufferPointer<Escape>?
    ) -> (index: Int, extra: Int, noted: Int) {
        var index = start
        var extra = startExtra
        var noted = 0
        while index < count {
            // The bytes that fit if they are clean.
            let stop = min(count, limit - extra)
            while index + 64 <= stop, EscapeMask.isClean64(base + index) { index += 64 }
            while index + 32 <= stop, EscapeMask.isClean32(base + index) { index += 32 }
            while index + 16 <= stop, EscapeMask.isClean16(base + index) { index += 16 }
            guard index < stop else { break }
            if index + 8 <= stop {
                // Word by word while the words hold escapes: text dense with escapes skips the
                // vector checks, which would fail.
                var wordStop = stop
                repeat {
                    var mask = EscapeMask.of(EscapeMask.load(base + index))
                    if mask == 0 {
                        index += 8
                        break
                    }
                    guard let found else { return (index + mask.trailingZeroBitCount >> 3, extra, noted) }
                    // Every escape of the word, in order, while it and the clean bytes before it fit.
                    var last = index
                    while mask != 0 {
                        let offset = index + mask.trailingZeroBitCount >> 3
                        // The clean bytes after an earlier escape of the word may run out of room first.
                        if offset + extra > limit { return (limit - extra, extra, noted) }
                        let cost = JSONEscaping.size(ofByte: base[offset])
                        guard offset + extra + cost <= limit else { return (offset, extra, noted) }
                        extra += cost - 1
                        found[noted] = Escape(offset: offset, extraThrough: extra)
                        noted += 1
                        last = offset
                        mask &= mask &- 1
                    }
                    // Past the word when its clean bytes after the last escape fit too, else on
                    // from that escape.
                    index = index + 8 + extra <= limit ? index + 8 : last + 1
                    wordStop = min(count, limit - extra)
                } while index + 8 <= wordStop
                continue
            }
            let cost = JSONEscaping.size(ofByte: base[index])
            if cost > 1 {
                guard let found else { break }
                guard index + extra + cost <= limit else { break }
                extra += cost - 1
                found[noted] = Escape(offset: index, extraThrough: extra)
                noted += 1
            }
            index += 1
        }
        return (index, extra, noted)
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
        var high = escapes.count
        while low < high {
            let middle = (low + high) / 2
            if escapes[middle].offset + 1 + escapes[middle].extraThrough <= limit {
                low = middle + 1
            } else {
                high = middle
            }
        }
        let extra = low == 0 ? 0 : escapes[low - 1].extraThrough
        let end = low < escapes.count ? escapes[low].offset : length
        let prefixLength = min(limit - extra, end)
        return (prefixLength, prefixLength + extra)
    }

    /// The escaped size of `text[..<length]`, for a `length` within the scanned bytes.
    func size(ofPrefix length: Int) -> Int {
        var low = 0
        var high = escapes.count
        while low < high {
            let middle = (low + high) / 2
            if escapes[middle].offset < length {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return length + (low == 0 ? 0 : escapes[low - 1].extraThrough)
    }

    /// Appends `text[..<length]` escaped, for a `length` within the scanned bytes: the runs between
    /// the known escapes are copied, nothing is scanned.
    func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, length: Int, to output: inout [UInt8]) {
        guard let base = text.baseAddress, length > 0 else { return }
        guard let first = escapes.first, first.offset < length else {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<length]))
            return
        }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: size(ofPrefix: length)))
        output.withUnsafeMutableBufferPointer { buffer in
            guard let out = buffer.baseAddress else { return }
            var written = start
            var copied = 0
            for escape in escapes {
                let offset = escape.offset
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
    /// Whether none of the 64 bytes at `pointer` needs an escape (four vector compares, one test).
    @inline(__always)
    static func isClean64(_ pointer: UnsafePointer<UInt8>) -> Bool {
        let escapes =
            escapeLanes(pointer) .| escapeLanes(pointer + 16) .| escapeLanes(pointer + 32) .| escapeLanes(pointer + 48)
        return !any(escapes)
    }

    /// The lanes of the sixteen bytes at `pointer` that need an escape.
    @inline(__always)
    private static func escapeLanes(_ pointer: UnsafePointer<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        let quote = SIMD16<UInt8>(repeating: 0x22)
        let backslash = SIMD16<UInt8>(repeating: 0x5C)
        let space = SIMD16<UInt8>(repeating: 0x20)
        let bytes = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
        return (bytes .== quote) .| (bytes .== backslash) .| (bytes .< space)
    }

    /// Whether none of the 32 bytes at `pointer` needs an escape (two vector compares, one test).
    @inline(__always)
    static func isClean32(_ pointer: UnsafePointer<UInt8>) -> Bool {
        let quote = SIMD16<UInt8>(repeating: 0x22)
        let backslash = SIMD16<UInt8>(repeating: 0x5C)
        let space = SIMD16<UInt8>(repeating: 0x20)
        let low = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
        let high = UnsafeRawPointer(pointer + 16).loadUnaligned(as: SIMD16<UInt8>.self)
        let escapes =
            (low .== quote) .| (low .== backslash) .| (low .< space) .| (high .== quote) .| (high .== backslash)
            .| (high .< space)
        return !any(escapes)
    }

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
