/// Sixteen bytes at once, in vector registers: which of them JSON escapes, and what escaping adds.
extension EscapeMask {
    // The vector checks spell their constants as typed locals: written with `SIMD16(repeating:)`
    // literals inline, the compiler picks generic lane-by-lane code, ten times slower. And a
    // mask is tested by reading it as two words, not with `any(_:)`, which is a call to a
    // generic reduction.

    /// Whether none of the 64 bytes at `pointer` needs an escape (nine vector compares, one test):
    /// the four vectors' least byte in each lane is compared with a space once, for the control
    /// bytes of all four.
    @inline(__always)
    @inlinable
    package static func isClean64(_ pointer: UnsafePointer<UInt8>) -> Bool {
        let raw = UnsafeRawPointer(pointer)
        let first = raw.loadUnaligned(as: SIMD16<UInt8>.self)
        let second = raw.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
        let third = raw.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)
        let fourth = raw.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)
        let space = SIMD16<UInt8>(repeating: 0x20)
        let least = Self.least(Self.least(first, second), Self.least(third, fourth))
        let escapes =
            (least .< space) .| quoteOrBackslashLanes(first) .| quoteOrBackslashLanes(second)
            .| quoteOrBackslashLanes(third) .| quoteOrBackslashLanes(fourth)
        let words = unsafeBitCast(escapes, to: SIMD2<UInt64>.self)
        return words[0] | words[1] == 0
    }

    /// The lesser byte of `a` and `b` in each lane (`pointwiseMin`, which the compiler leaves as a
    /// call).
    @inline(__always)
    @inlinable
    static func least(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
        a.replacing(with: b, where: b .< a)
    }

    /// The lanes of `bytes` that hold a quote or a backslash.
    @inline(__always)
    @inlinable
    static func quoteOrBackslashLanes(_ bytes: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        let quote = SIMD16<UInt8>(repeating: 0x22)
        let backslash = SIMD16<UInt8>(repeating: 0x5C)
        return (bytes .== quote) .| (bytes .== backslash)
    }

    /// Whether none of the 16 bytes at `pointer` needs an escape (three vector compares, one test).
    @inline(__always)
    @inlinable
    package static func isClean16(_ pointer: UnsafePointer<UInt8>) -> Bool {
        let words = unsafeBitCast(escapeLanes(pointer), to: SIMD2<UInt64>.self)
        return words[0] | words[1] == 0
    }

    /// The extra bytes escaping adds to the 64 bytes at `pointer` (as
    /// ``extraSize(ofWord:)`` adds them up): lanes are counted in vectors, nothing is done per escape.
    @inline(__always)
    @inlinable
    package static func extraSize64(_ pointer: UnsafePointer<UInt8>) -> Int {
        let space = SIMD16<UInt8>(repeating: 0x20)
        var escapes = SIMD16<UInt8>()
        var anyControl = SIMDMask<SIMD16<Int8>>()
        for chunk in 0..<4 {
            let bytes = UnsafeRawPointer(pointer + 16 * chunk).loadUnaligned(as: SIMD16<UInt8>.self)
            escapes &+= counted(escapeLanes(bytes))
            anyControl .|= bytes .< space
        }
        var extra = laneSum(escapes)
        let controls = unsafeBitCast(anyControl, to: SIMD2<UInt64>.self)
        guard controls[0] | controls[1] != 0 else { return extra }
        // Control bytes other than the five with a short escape take four bytes more.
        var long = SIMD16<UInt8>()
        for chunk in 0..<4 {
            let bytes = UnsafeRawPointer(pointer + 16 * chunk).loadUnaligned(as: SIMD16<UInt8>.self)
            long &+= counted(longControlLanes(bytes))
        }
        extra += 4 * laneSum(long)
        return extra
    }

    /// The sixteen `bytes` that need an escape, as 0x80 in their lanes of two words (the first
    /// eight bytes in `low`, the first byte in its lowest lane).
    @inline(__always)
    @inlinable
    package static func escapeBits(in bytes: SIMD16<UInt8>) -> (low: UInt64, high: UInt64) {
        let words = unsafeBitCast(escapeLanes(bytes), to: SIMD2<UInt64>.self)
        let high: UInt64 = 0x8080_8080_8080_8080
        // Lane 0 is the lowest-addressed byte: the low byte of a little-endian word.
        return (UInt64(littleEndian: words[0]) & high, UInt64(littleEndian: words[1]) & high)
    }

    /// The lanes of the sixteen bytes at `pointer` that need an escape.
    @inline(__always)
    @inlinable
    static func escapeLanes(_ pointer: UnsafePointer<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        escapeLanes(UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self))
    }

    /// The lanes of `bytes` that need an escape.
    @inline(__always)
    @inlinable
    static func escapeLanes(_ bytes: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        let space = SIMD16<UInt8>(repeating: 0x20)
        return quoteOrBackslashLanes(bytes) .| (bytes .< space)
    }

    /// The lanes of `bytes` that hold a control byte escaped as `\u00XX`.
    @inline(__always)
    @inlinable
    static func longControlLanes(_ bytes: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        let space = SIMD16<UInt8>(repeating: 0x20)
        let backspace = SIMD16<UInt8>(repeating: 0x08)
        let tab = SIMD16<UInt8>(repeating: 0x09)
        let newline = SIMD16<UInt8>(repeating: 0x0A)
        let formFeed = SIMD16<UInt8>(repeating: 0x0C)
        let carriageReturn = SIMD16<UInt8>(repeating: 0x0D)
        let short =
            (bytes .== backspace) .| (bytes .== tab) .| (bytes .== newline) .| (bytes .== formFeed)
            .| (bytes .== carriageReturn)
        return (bytes .< space) .& .!short
    }

    /// 1 in each lane of `mask` that is set, 0 elsewhere.
    @inline(__always)
    @inlinable
    static func counted(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD16<UInt8> {
        unsafeBitCast(mask, to: SIMD16<UInt8>.self) & SIMD16<UInt8>(repeating: 1)
    }

    /// The sum of the lanes of `counts` (each small enough that a word's eight add up below 256).
    @inline(__always)
    @inlinable
    static func laneSum(_ counts: SIMD16<UInt8>) -> Int {
        let words = unsafeBitCast(counts, to: SIMD2<UInt64>.self)
        let ones: UInt64 = 0x0101_0101_0101_0101
        return Int(truncatingIfNeeded: ((words[0] &* ones) >> 56) + ((words[1] &* ones) >> 56))
    }
}

extension EscapeMask {
    /// The bytes of a block ``scanBlocks(_:count:escapedLimit:noting:)`` takes whole: the 64 that
    /// ``isClean64(_:)`` and ``extraSize64(_:)`` read.
    package static let scanBlockSize = 64

    /// What ``scanBlocks(_:count:escapedLimit:noting:)`` took.
    package struct BlockScan {
        /// Whole blocks taken.
        package var blocks: Int
        /// The extra bytes escaping adds to them.
        package var extra: Int
        /// Whether any of them has a byte to escape.
        package var escaped: Bool
    }

    /// Takes whole blocks (``scanBlockSize`` bytes) of the `count` bytes at `base` while their
    /// escaped size stays within `limit`, noting in `noted[k]` the extra bytes of the escapes among the first `k`
    /// blocks, for `k` from 0 to the blocks taken. Entries are written only once a block escapes
    /// (before that they would all be 0, and the caller keeps none of them).
    /// - Parameter noted: room for `min(count, limit) / scanBlockSize + 1` entries (fewer: fewer
    ///   blocks are taken).
    package static func scanBlocks(
        _ base: UnsafePointer<UInt8>,
        count: Int,
        escapedLimit limit: Int,
        noting noted: UnsafeMutableBufferPointer<Int>
    ) -> BlockScan {
        // Escaped sizes are at least byte counts: no more blocks than this can fit.
        let block = scanBlockSize
        let most = min(min(count, max(limit, 0)) / block, noted.count - 1)
        var scan = BlockScan(blocks: 0, extra: 0, escaped: false)
        while scan.blocks < most {
            let pointer = base + scan.blocks &* block
            let end = (scan.blocks &+ 1) &* block &+ scan.extra
            if isClean64(pointer) {
                guard end <= limit else { break }
            } else {
                let blockExtra = extraSize64(pointer)
                guard end &+ blockExtra <= limit else { break }
                if !scan.escaped {
                    // The entries so far are all 0.
                    noted.baseAddress?.initialize(repeating: 0, count: scan.blocks &+ 1)
                    scan.escaped = true
                }
                scan.extra &+= blockExtra
            }
            scan.blocks &+= 1
            if scan.escaped { noted[scan.blocks] = scan.extra }
        }
        return scan
    }
}
