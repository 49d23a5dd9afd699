/// Output as the contents of a JSON string (`FormatOptions.escapesJSON`): `"`, `\` and C0
/// controls escaped (`\n`, `\r`, `\t`, `\b`, `\f` in short form, the rest as `\u00XX`), every other
/// byte, non-ASCII included, as is. The same escaping as PushLocalizer's payload writer;
/// `JSONStringTextTests` compares the two.
///
/// Escaping one byte never depends on its neighbours, so a message's literal text can be checked
/// once when it is compiled and what its arguments add escaped as each is written.
enum JSONStringText {
    /// Whether `byte` is escaped.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C
    }

    /// Whether any byte of `bytes` is escaped (asked when a message or table is built).
    static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        extraBytes(in: bytes) > 0
    }

    /// Appends `text` (UTF-8) escaped: copied in one piece, then, when something in it is
    /// escaped, the escapes written in place.
    @inline(__always)
    static func appendEscaped<Output: ByteOutput>(_ text: UnsafeBufferPointer<UInt8>, to output: inout Output) {
        let start = output.count
        output.append(contentsOf: text)
        let extra = extraBytes(in: text)
        if extra > 0 { expand(&output, from: start, by: extra) }
    }

    /// Escapes the bytes of `output` from `start` on, in place.
    static func escapeTail<Output: ByteOutput>(_ output: inout Output, from start: Int) {
        let extra = output.withBytes(from: start) { extraBytes(in: $0) }
        if extra > 0 { expand(&output, from: start, by: extra) }
    }

    /// The bytes escaping `bytes` adds (0 when nothing in them is escaped), eight bytes at a time.
    static func extraBytes(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var extra = 0
        var index = 0
        // The escapes of the word at `start` whose lanes are set in `lanes`.
        func count(_ start: Int, lanes: UInt64) {
            var mask = specials(in: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)) & lanes
            while mask != 0 {
                extra += isShortEscape(base[start + mask.trailingZeroBitCount >> 3]) ? 1 : 5
                mask &= mask &- 1
            }
        }
        while index + 8 <= bytes.count {
            count(index, lanes: ~0)
            index += 8
        }
        let rest = bytes.count - index
        if rest > 0, bytes.count >= 8 {
            // The word ending at the last byte, without the lanes of bytes already counted.
            count(bytes.count - 8, lanes: ~0 << UInt64(8 * (8 - rest)))
        } else {
            while index < bytes.count {
                if needsEscape(base[index]) { extra += isShortEscape(base[index]) ? 1 : 5 }
                index += 1
            }
        }
        return extra
    }

    /// Escapes the bytes of `output` from `start` on, whose escapes add `extra` bytes: the buffer
    /// grows once, and the bytes are moved to their places from the end backwards.
    private static func expand<Output: ByteOutput>(_ output: inout Output, from start: Int, by extra: Int) {
        output.grow(by: extra, rewritingFrom: start) { bytes in
            var read = bytes.count - extra
            var write = bytes.count
            // Once every escape is placed, the bytes before them are already where they belong.
            while read > 0, write > read {
                read -= 1
                let byte = bytes[read]
                guard needsEscape(byte) else {
                    write -= 1
                    bytes[write] = byte
                    continue
                }
                if isShortEscape(byte) {
                    write -= 2
                    bytes[write] = 0x5C
                    bytes[write + 1] = shortEscape(byte)
                } else {
                    write -= 6
                    bytes[write] = 0x5C
                    bytes[write + 1] = 0x75
                    bytes[write + 2] = 0x30
                    bytes[write + 3] = 0x30
                    bytes[write + 4] = hexDigit(byte >> 4)
                    bytes[write + 5] = hexDigit(byte & 0xF)
                }
            }
        }
    }

    /// Whether an escaped byte has a two-byte escape (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`).
    @inline(__always)
    private static func isShortEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x22, 0x5C, 0x0A, 0x0D, 0x09, 0x08, 0x0C: true
        default: false
        }
    }

    /// The letter after the backslash of a two-byte escape.
    @inline(__always)
    private static func shortEscape(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x0A: 0x6E
        case 0x0D: 0x72
        case 0x09: 0x74
        case 0x08: 0x62
        case 0x0C: 0x66
        default: byte
        }
    }

    /// 0x80 in each byte lane of `word` (little-endian) that is escaped, 0 elsewhere. Each lane
    /// adds only 7-bit values, so no carry crosses lanes.
    @inline(__always)
    private static func specials(in word: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: word)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let high: UInt64 = 0x8080_8080_8080_8080
        func zeroLanes(_ x: UInt64) -> UInt64 { ~((x & low7) &+ low7 | x) & high }
        // Below 0x20: the high bit clear and the low seven bits + 0x60 not reaching 0x80.
        let controls = ~((word & low7) &+ 0x6060_6060_6060_6060 | word) & high
        return controls | zeroLanes(word ^ (ones &* 0x22)) | zeroLanes(word ^ (ones &* 0x5C))
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x61 + value - 10
    }
}
