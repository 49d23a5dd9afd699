/// The one JSON string escaper: payloads, messages formatted as JSON string contents
/// (`JSONStringText`), batch lines, lint reports and the service's problem bodies all escape
/// through it. Only `"`, `\` and C0 controls are escaped (`\n`, `\r`, `\t`, `\b`, `\f` in short
/// form, the rest as `\u00XX`); everything else, non-ASCII included, is raw UTF-8. Because each
/// byte's escaped size does not depend on its neighbours, the escaped size of a string is the sum
/// over its bytes, which is what budget fitting relies on.
///
/// It lives here, the lowest module that writes JSON, with `package` access (not part of the
/// library's API). Every member is `@inlinable`: PushLocalizer's fitting and writing loops call it
/// across the module boundary and keep the inlining they had when it was one of their own files.
///
/// The contiguous scans read eight bytes at a time (``EscapeMask``) and count a word's escapes from
/// its mask, so clean text costs about one load and a few ALU operations per eight bytes; escaped
/// writes go sixteen bytes at a time (see `appendContiguous(_:escapedSize:to:)`).
package enum JSONEscaping {
    /// Escaped size of one byte (computed, not looked up: no lazy-global check in hot loops).
    @inline(__always)
    @inlinable
    package static func size(ofByte byte: UInt8) -> Int {
        guard needsEscape(byte) else { return 1 }
        return byte < 0x20 && !isShortEscape(byte) ? 6 : 2
    }

    /// Escaped size of `bytes`.
    @inlinable
    package static func size<C: Collection>(of bytes: C) -> Int where C.Element == UInt8 {
        if let size = bytes.withContiguousStorageIfAvailable({ size(ofContiguous: $0) }) { return size }
        var total = 0
        for byte in bytes { total += size(ofByte: byte) }
        return total
    }

    /// Escaped size of contiguous bytes: their count plus the extra bytes of each escape.
    @inlinable
    package static func size(ofContiguous bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var extra = 0
        var index = 0
        if count >= 16 {
            // Clean text (most names and messages) in vector compares, sixteen bytes at a time,
            // the last sixteen overlapping the block before; the words below count the escapes.
            while index + 16 <= count, EscapeMask.isClean16(base + index) { index += 16 }
            if index + 16 > count, index == count || EscapeMask.isClean16(base + count - 16) { return count }
        }
        // From the first block with an escape (or the start of a text under sixteen bytes): words,
        // skipping clean stretches thirty-two bytes at a time.
        while index + 8 <= count {
            if index + 32 <= count, EscapeMask.of32(base + index) == 0 {
                index += 32
                continue
            }
            extra += extraSize(ofWordAt: base + index)
            index += 8
        }
        while index < count {
            extra += size(ofByte: base[index]) - 1
            index += 1
        }
        return count + extra
    }

    /// The UTF-8 size of the text that escaped string contents stand for (what this escaper
    /// wrote them from): each escape stands for one byte, `\u00XX` being six bytes of JSON and
    /// every other escape two.
    @inlinable
    package static func textSize(ofEscaped bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var size = count
        var index = 0
        while index < count {
            // Eight bytes at a time while they hold no backslash (a word with no zero byte once
            // every backslash is turned into zero).
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ 0x5C5C_5C5C_5C5C_5C5C
                if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            guard base[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            let length = index + 1 < count && base[index + 1] == UInt8(ascii: "u") ? 6 : 2
            size -= length - 1
            index += length
        }
        return size
    }

    /// Escaped size of contiguous bytes, or some value above `limit` as soon as the size is known
    /// to exceed it (the scan stops there).
    @inlinable
    package static func size(ofContiguous bytes: UnsafeBufferPointer<UInt8>, stoppingAbove limit: Int) -> Int {
        let prefix = prefixLength(of: bytes, escapedLimit: limit)
        guard prefix.length < bytes.count else { return prefix.size }
        return prefix.size + size(ofByte: bytes[prefix.length])
    }

    /// The longest prefix of `bytes` whose escaped size is at most `limit`, in one scan.
    /// - Returns: the prefix length in bytes and its escaped size (0 and 0 when `limit` < 1).
    @inlinable
    package static func prefixLength(
        of bytes: UnsafeBufferPointer<UInt8>,
        escapedLimit limit: Int
    ) -> (
        length: Int, size: Int
    ) {
        guard let base = bytes.baseAddress else { return (0, 0) }
        let count = bytes.count
        var size = 0
        var index = 0
        // Whole clean words while they surely fit: four at a time, then one.
        while index + 32 <= count, size + 32 <= limit, EscapeMask.of32(base + index) == 0 {
            size += 32
            index += 32
        }
        while index + 8 <= count, size + 8 <= limit, EscapeMask.of(EscapeMask.load(base + index)) == 0 {
            size += 8
            index += 8
        }
        // Words with escapes: taken whole while their escaped size fits (every byte costs at least
        // one, so a word that fits whole never stops the prefix inside it).
        while index + 8 <= count {
            if index + 32 <= count, size + 32 <= limit, EscapeMask.of32(base + index) == 0 {
                size += 32
                index += 32
                continue
            }
            let wordSize = 8 + extraSize(ofWordAt: base + index)
            if size + wordSize > limit { break }
            size += wordSize
            index += 8
        }
        while index < count {
            let cost = Self.size(ofByte: base[index])
            if size + cost > limit { break }
            size += cost
            index += 1
        }
        return (index, size)
    }

    /// The bytes that escaping adds to the eight bytes at `pointer` (see
    /// ``EscapeMask/extraSize(ofWord:)``).
    @inline(__always)
    @inlinable
    static func extraSize(ofWordAt pointer: UnsafePointer<UInt8>) -> Int {
        EscapeMask.extraSize(ofWord: EscapeMask.load(pointer))
    }

    /// Appends `bytes` escaped (without quotes).
    @inlinable
    package static func append<C: Collection>(_ bytes: C, to output: inout [UInt8]) where C.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ appendContiguous($0, to: &output) }) != nil { return }
        let copy = Array(bytes)
        copy.withUnsafeBufferPointer { appendContiguous($0, to: &output) }
    }

    /// Appends a string's UTF-8 escaped (without quotes).
    @inlinable
    package static func append(string text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendContiguous($0, to: &output) }
    }

    /// Appends contiguous bytes escaped, copying the runs between escapes in bulk.
    @inlinable
    package static func appendContiguous(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        appendContiguous(bytes, escapedSize: nil, to: &output)
    }

    /// ``appendContiguous(_:to:)`` of bytes whose escaped size is known (nil: measured here). A
    /// known size must be exact: the output grows by it and is written through a pointer.
    @inlinable
    package static func appendContiguous(
        _ bytes: UnsafeBufferPointer<UInt8>,
        escapedSize knownSize: Int?,
        to output: inout [UInt8]
    ) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let count = bytes.count
        // The first escape, word by word; text without one is a single copy.
        var index = 0
        var mask: UInt64 = 0
        while index + 32 <= count, EscapeMask.of32(base + index) == 0 { index += 32 }
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
        // Grow once to the escaped size, then write runs and escapes through a pointer: no
        // per-byte capacity or uniqueness checks.
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: knownSize ?? size(ofContiguous: bytes)))
        output.withUnsafeMutableBufferPointer { buffer in
            guard let out = buffer.baseAddress else { return }
            // The clean bytes before the first escape's word.
            (out + start).update(from: base, count: index)
            // Offsets stay within the text and the output's escaped size: wrapping arithmetic,
            // no overflow checks per escape.
            var at = index
            var written = start &+ index
            // Sixteen bytes at a time: a chunk without escapes is copied whole; in one with escapes,
            // each run before an escape is copied as sixteen bytes from where it starts (the bytes
            // past the run are overwritten next), then the escape. Where each escape is comes from
            // the chunk's mask alone, so the copies do not wait on one another. No store reaches
            // past the output's end: a store at a run's start leaves at least sixteen bytes of text
            // after it (the loop stops 32 bytes before the end), which escape to at least sixteen.
            while at &+ 32 <= count {
                let chunk = UnsafeRawPointer(base + at).loadUnaligned(as: SIMD16<UInt8>.self)
                let escapes = EscapeMask.escapeBits(in: chunk)
                guard escapes.low | escapes.high != 0 else {
                    UnsafeMutableRawPointer(out + written).storeBytes(of: chunk, as: SIMD16<UInt8>.self)
                    at &+= 16
                    written &+= 16
                    continue
                }
                var runStart = at
                // The first eight lanes' escapes, then the last eight's.
                var lane = at
                var bits = escapes.low
                while true {
                    while bits != 0 {
                        let escape = lane &+ bits.trailingZeroBitCount &>> 3
                        copySixteen(from: base + runStart, to: out + written)
                        written &+= escape &- runStart
                        written &+= writeEscape(of: base[escape], to: out + written)
                        runStart = escape &+ 1
                        bits &= bits &- 1
                    }
                    guard lane == at else { break }
                    lane = at &+ 8
                    bits = escapes.high
                }
                copySixteen(from: base + runStart, to: out + written)
                written &+= at &+ 16 &- runStart
                at &+= 16
            }
            while at < count {
                let byte = base[at]
                if needsEscape(byte) {
                    written &+= writeEscape(of: byte, to: out + written)
                } else {
                    out[written] = byte
                    written &+= 1
                }
                at &+= 1
            }
            assert(written == buffer.count, "a known escaped size that is not the text's")
        }
    }

    /// Copies the sixteen bytes at `source` to `target`.
    @inline(__always)
    @inlinable
    static func copySixteen(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
        let bytes = UnsafeRawPointer(source).loadUnaligned(as: SIMD16<UInt8>.self)
        UnsafeMutableRawPointer(target).storeBytes(of: bytes, as: SIMD16<UInt8>.self)
    }

    @inline(__always)
    @inlinable
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C
    }

    @inline(__always)
    @inlinable
    static func isShortEscape(_ byte: UInt8) -> Bool {
        byte == 0x08 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// Writes one escape at `out` (which has room for it) of a byte that needs one.
    /// - Returns: the bytes written, 2 or 6.
    @inline(__always)
    @inlinable
    package static func writeEscape(of byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
        // The second byte without a jump table (which text dense with escapes mispredicts): `"`
        // and `\` stand for themselves, the short controls \b \t \n \f \r (0x08…0x0D but 0x0B)
        // are looked up in the lanes of one word, any other control has none (0): `\u00XX`.
        let letters: UInt64 = 0x0000_7266_006E_7462
        let control = byte &- 0x08
        let letter =
            byte >= 0x20
            ? byte : control < 6 ? UInt8(truncatingIfNeeded: letters >> (UInt64(control) &* 8)) : 0
        out[0] = 0x5C
        out[1] = letter
        guard letter == 0 else { return 2 }
        out[1] = 0x75
        out[2] = 0x30
        out[3] = 0x30
        out[4] = hexDigit(byte >> 4)
        out[5] = hexDigit(byte & 0xF)
        return 6
    }

    @inline(__always)
    @inlinable
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x61 + value - 10
    }
}

/// Eight bytes at once: which of them JSON escapes (SWAR, "SIMD within a register").
///
/// Each lane's test adds only 7-bit values (at most 0x7F + 0x7F = 0xFE), so no carry ever crosses
/// into the next byte and every lane's answer is exact, not just "some byte matches" — the
/// set bits can be walked to find each escape.
package enum EscapeMask {
    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable static var low7: UInt64 { 0x7F7F_7F7F_7F7F_7F7F }
    @inlinable static var high: UInt64 { 0x8080_8080_8080_8080 }

    /// Eight bytes from `pointer` (any alignment), the first in the lowest byte.
    @inline(__always)
    @inlinable
    package static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// Nonzero when any of the 32 bytes at `pointer` needs an escape.
    @inline(__always)
    @inlinable
    package static func of32(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        of(load(pointer)) | of(load(pointer + 8)) | of(load(pointer + 16)) | of(load(pointer + 24))
    }

    /// 0x80 in every byte lane of `word` that holds a byte below 0x20; 0 elsewhere.
    @inline(__always)
    @inlinable
    package static func controls(_ word: UInt64) -> UInt64 {
        // Below 0x20: the high bit clear and the low seven bits + 0x60 not reaching 0x80.
        ~((word & low7) &+ 0x6060_6060_6060_6060 | word) & high
    }

    /// 0x80 in every byte lane of `word` that holds `"`, `\` or a byte below 0x20; 0 elsewhere.
    @inline(__always)
    @inlinable
    package static func of(_ word: UInt64) -> UInt64 {
        controls(word) | zeroLanes(word ^ (ones &* 0x22)) | zeroLanes(word ^ (ones &* 0x5C))
    }

    /// The bytes that escaping adds to the eight bytes of `word`: one per `"`, `\` and short
    /// control escape (`\n`, `\r`, `\t`, `\b`, `\f`), five per other control byte (`\u00XX`).
    /// Every lane at once: nothing is done per escape.
    @inline(__always)
    @inlinable
    package static func extraSize(ofWord word: UInt64) -> Int {
        let escaped = of(word).nonzeroBitCount
        let controls = controls(word)
        guard controls != 0 else { return escaped }
        let short =
            zeroLanes(word ^ (ones &* 0x08)) | zeroLanes(word ^ (ones &* 0x09)) | zeroLanes(word ^ (ones &* 0x0A))
            | zeroLanes(word ^ (ones &* 0x0C)) | zeroLanes(word ^ (ones &* 0x0D))
        return escaped + 4 * (controls & ~short).nonzeroBitCount
    }

    /// 0x80 in every zero byte lane of `word`.
    @inline(__always)
    @inlinable
    static func zeroLanes(_ word: UInt64) -> UInt64 {
        ~((word & low7) &+ low7 | word) & high
    }
}
