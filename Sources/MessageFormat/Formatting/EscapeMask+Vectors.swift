/// Sixteen bytes at once, in vector registers: which of them JSON escapes, and what escaping adds.
extension EscapeMask {
    // The vector checks spell their constants as typed locals: written with `SIMD16(repeating:)`
    // literals inline, the compiler picks generic lane-by-lane code, ten times slower. And a
    // mask is tested by reading it as two words, not with `any(_:)`, which is a call to a
    // generic reduction.

    /// Whether none of the 64 bytes at `pointer` needs an escape, in vector operations and one
    /// test. A quote or a control byte is exactly a byte that XOR 0x02 leaves at most 0x20 (the
    /// quote 0x22 becomes 0x20, the controls stay below it): the least of the four vectors' bytes,
    /// so changed, is compared once for all of them; the backslash is a compare per vector.
    @inline(__always)
    @inlinable
    package static func isClean64(_ pointer: UnsafePointer<UInt8>) -> Bool {
        let raw = UnsafeRawPointer(pointer)
        let first = raw.loadUnaligned(as: SIMD16<UInt8>.self)
        let second = raw.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
        let third = raw.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)
        let fourth = raw.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)
        let flip = SIMD16<UInt8>(repeating: 0x02)
        let space = SIMD16<UInt8>(repeating: 0x20)
        let backslash = SIMD16<UInt8>(repeating: 0x5C)
        let least = Self.least(Self.least(first ^ flip, second ^ flip), Self.least(third ^ flip, fourth ^ flip))
        let escapes =
            (least .<= space) .| (first .== backslash) .| (second .== backslash) .| (third .== backslash)
            .| (fourth .== backslash)
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

    /// ``extraSize64(_:)`` of only the last `count` (0 to 64) of the 64 bytes at `pointer`: the
    /// end of a text, read as the 64 bytes that end where it does, with the lanes before it left
    /// out of the counts.
    @inline(__always)
    @inlinable
    package static func extraSize64(ofLast count: Int, _ pointer: UnsafePointer<UInt8>) -> Int {
        assert((0...64).contains(count), "more than a block's last bytes")
        // Each lane's byte number in the 64 (0…15, then 16 more per vector); a lane is counted
        // when its number is at least `64 - count`. Lane 0 is the lowest-addressed byte: the
        // words are laid out little-endian whatever the machine.
        var numbers = unsafeBitCast(
            SIMD2<UInt64>(UInt64(littleEndian: 0x0706_0504_0302_0100), UInt64(littleEndian: 0x0F0E_0D0C_0B0A_0908)),
            to: SIMD16<UInt8>.self
        )
        let sixteen = SIMD16<UInt8>(repeating: 16)
        let first = SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: 64 &- count))
        let space = SIMD16<UInt8>(repeating: 0x20)
        var escapes = SIMD16<UInt8>()
        var long = SIMD16<UInt8>()
        for chunk in 0..<4 {
            let bytes = UnsafeRawPointer(pointer + 16 * chunk).loadUnaligned(as: SIMD16<UInt8>.self)
            let inTail = numbers .>= first
            escapes &+= counted(escapeLanes(bytes) .& inTail)
            // Control bytes are rare: their second test only where there are some.
            let controls = unsafeBitCast((bytes .< space) .& inTail, to: SIMD2<UInt64>.self)
            if controls[0] | controls[1] != 0 { long &+= counted(longControlLanes(bytes) .& inTail) }
            numbers &+= sixteen
        }
        return laneSum(escapes) + 4 * laneSum(long)
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
        // A quote or a control byte is a byte that XOR 0x02 leaves at most 0x20 (see `isClean64`).
        let flip = SIMD16<UInt8>(repeating: 0x02)
        let space = SIMD16<UInt8>(repeating: 0x20)
        let backslash = SIMD16<UInt8>(repeating: 0x5C)
        return ((bytes ^ flip) .<= space) .| (bytes .== backslash)
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
            // Clean blocks while they fit: each adds its 64 bytes and nothing else, so how many can
            // fit is known before the loop (the notes after an escape repeat the last one).
            let start = scan.blocks
            let cleanMost = min(most, (limit &- scan.extra) / block)
            while scan.blocks < cleanMost, isClean64(base + scan.blocks &* block) { scan.blocks &+= 1 }
            if scan.escaped, scan.blocks > start, let notes = noted.baseAddress {
                (notes + (start + 1)).initialize(repeating: scan.extra, count: scan.blocks - start)
            }
            // At `cleanMost` no further block fits (escapes only add), or all are taken.
            guard scan.blocks < cleanMost else { break }
            // Blocks with escapes, counted while they fit; text with escapes usually has them in
            // every block, so each is counted at once, without the clean test first. A block with
            // a count of 0 is clean (every escape adds a byte): it is taken, then back to the clean
            // loop. Each pass of the outer loop takes a block or returns.
            while scan.blocks < most {
                let blockExtra = extraSize64(base + scan.blocks &* block)
                guard (scan.blocks &+ 1) &* block &+ scan.extra &+ blockExtra <= limit else { return scan }
                if blockExtra > 0, !scan.escaped {
                    // The entries so far are all 0.
                    noted.baseAddress?.initialize(repeating: 0, count: scan.blocks &+ 1)
                    scan.escaped = true
                }
                scan.extra &+= blockExtra
                scan.blocks &+= 1
                if scan.escaped { noted[scan.blocks] = scan.extra }
                if blockExtra == 0 { break }
            }
        }
        return scan
    }
}
