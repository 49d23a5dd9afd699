/// SPEC §6's string escaping: only `"`, `\` and C0 controls are escaped (`\n`, `\r`, `\t`,
/// `\b`, `\f` in short form, the rest as `\u00XX`); everything else, non-ASCII included, is raw
/// UTF-8. Because each byte's escaped size does not depend on its neighbours, the escaped size of
/// a string is the sum over its bytes, which is what budget fitting relies on.
///
/// The contiguous scans read eight bytes at a time (``EscapeMask``) and only look at single bytes
/// in the words that hold an escape, so clean text costs about one load and a few ALU operations
/// per eight bytes.
enum JSONEscaping {
    /// Escaped size of one byte (computed, not looked up: no lazy-global check in hot loops).
    @inline(__always)
    static func size(ofByte byte: UInt8) -> Int {
        guard needsEscape(byte) else { return 1 }
        return byte < 0x20 && !isShortEscape(byte) ? 6 : 2
    }

    /// Escaped size of `bytes`.
    static func size<C: Collection>(of bytes: C) -> Int where C.Element == UInt8 {
        if let size = bytes.withContiguousStorageIfAvailable({ size(ofContiguous: $0) }) { return size }
        var total = 0
        for byte in bytes { total += size(ofByte: byte) }
        return total
    }

    /// Escaped size of contiguous bytes: their count plus the extra bytes of each escape.
    static func size(ofContiguous bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var extra = 0
        var index = 0
        while index + 8 <= count {
            var mask = EscapeMask.of(EscapeMask.load(base + index))
            while mask != 0 {
                extra += size(ofByte: base[index + mask.trailingZeroBitCount >> 3]) - 1
                mask &= mask &- 1
            }
            index += 8
        }
        while index < count {
            extra += size(ofByte: base[index]) - 1
            index += 1
        }
        return count + extra
    }

    /// Escaped size of contiguous bytes, or some value above `limit` as soon as the size is known
    /// to exceed it (the scan stops there).
    static func size(ofContiguous bytes: UnsafeBufferPointer<UInt8>, stoppingAbove limit: Int) -> Int {
        let prefix = prefixLength(of: bytes, escapedLimit: limit)
        guard prefix.length < bytes.count else { return prefix.size }
        return prefix.size + size(ofByte: bytes[prefix.length])
    }

    /// The longest prefix of `bytes` whose escaped size is at most `limit`, in one scan.
    /// - Returns: the prefix length in bytes and its escaped size (0 and 0 when `limit` < 1).
    static func prefixLength(
        of bytes: UnsafeBufferPointer<UInt8>,
        escapedLimit limit: Int
    ) -> (
        length: Int, size: Int
    ) {
        guard let base = bytes.baseAddress else { return (0, 0) }
        let count = bytes.count
        var size = 0
        var index = 0
        // Whole clean words while eight more bytes surely fit.
        while index + 8 <= count, size + 8 <= limit, EscapeMask.of(EscapeMask.load(base + index)) == 0 {
            size += 8
            index += 8
        }
        while index < count {
            // A clean word again (after an escape, or near the limit): take it whole when it fits.
            if index + 8 <= count, size + 8 <= limit, EscapeMask.of(EscapeMask.load(base + index)) == 0 {
                size += 8
                index += 8
                continue
            }
            let cost = Self.size(ofByte: base[index])
            if size + cost > limit { break }
            size += cost
            index += 1
        }
        return (index, size)
    }

    /// Appends `bytes` escaped (without quotes).
    static func append<C: Collection>(_ bytes: C, to output: inout [UInt8]) where C.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ appendContiguous($0, to: &output) }) != nil { return }
        let copy = Array(bytes)
        copy.withUnsafeBufferPointer { appendContiguous($0, to: &output) }
    }

    /// Appends a string's UTF-8 escaped (without quotes).
    static func append(string text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendContiguous($0, to: &output) }
    }

    /// Appends contiguous bytes escaped, copying the runs between escapes in bulk.
    static func appendContiguous(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let count = bytes.count
        // The first escape, word by word; text without one is a single copy.
        var index = 0
        var mask: UInt64 = 0
        while index + 8 <= count {
            mask = EscapeMask.of(EscapeMask.load(base + index))
            if mask != 0 { break }
            index += 8
        }
        if mask == 0 {
            while index < count, !needsEscape(base[index]) { index += 1 }
            if index == count {
                output.append(contentsOf: bytes)
                return
            }
        }
        reserve(size(ofContiguous: bytes), in: &output)
        var runStart = 0
        while index < count {
            // Find the next escape at or after `index`.
            if index + 8 <= count {
                let mask = EscapeMask.of(EscapeMask.load(base + index))
                if mask == 0 {
                    index += 8
                    continue
                }
                index += mask.trailingZeroBitCount >> 3
            } else if !needsEscape(base[index]) {
                index += 1
                continue
            }
            if index > runStart {
                output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
            }
            appendEscape(of: base[index], to: &output)
            index += 1
            runStart = index
        }
        if runStart < count {
            output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
        }
    }

    /// Makes room for `extra` more bytes at most once, keeping the array's geometric growth
    /// (an exact `reserveCapacity` on every call would reallocate on every call).
    @inline(__always)
    private static func reserve(_ extra: Int, in output: inout [UInt8]) {
        let needed = output.count + extra
        if needed > output.capacity { output.reserveCapacity(max(needed, 2 * output.capacity)) }
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C
    }

    @inline(__always)
    private static func isShortEscape(_ byte: UInt8) -> Bool {
        byte == 0x08 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// Appends one escape byte by byte: no temporary array.
    @inline(__always)
    private static func appendEscape(of byte: UInt8, to output: inout [UInt8]) {
        output.append(0x5C)
        switch byte {
        case 0x22: output.append(0x22)
        case 0x5C: output.append(0x5C)
        case 0x0A: output.append(0x6E)
        case 0x0D: output.append(0x72)
        case 0x09: output.append(0x74)
        case 0x08: output.append(0x62)
        case 0x0C: output.append(0x66)
        default:
            output.append(0x75)
            output.append(0x30)
            output.append(0x30)
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 0xF))
        }
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x61 + value - 10
    }
}

/// Eight bytes at once: which of them JSON escapes (SWAR, "SIMD within a register").
///
/// Each lane's test adds only 7-bit values (at most 0x7F + 0x7F = 0xFE), so no carry ever crosses
/// into the next byte and every lane's answer is exact, not just "some byte matches" — the
/// set bits can be walked to find each escape.
enum EscapeMask {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// Eight bytes from `pointer` (any alignment), the first in the lowest byte.
    @inline(__always)
    static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// 0x80 in every byte lane of `word` that holds `"`, `\` or a byte below 0x20; 0 elsewhere.
    @inline(__always)
    static func of(_ word: UInt64) -> UInt64 {
        // Below 0x20: the high bit clear and the low seven bits + 0x60 not reaching 0x80.
        let control = ~((word & low7) &+ 0x6060_6060_6060_6060 | word) & high
        return control | zeroLanes(word ^ (ones &* 0x22)) | zeroLanes(word ^ (ones &* 0x5C))
    }

    /// 0x80 in every zero byte lane of `word`.
    @inline(__always)
    private static func zeroLanes(_ word: UInt64) -> UInt64 {
        ~((word & low7) &+ low7 | word) & high
    }
}
