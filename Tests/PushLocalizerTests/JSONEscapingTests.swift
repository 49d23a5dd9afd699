import Testing

@testable import PushLocalizer

/// The word-at-a-time escaping against SPEC §6's table applied byte by byte: `"` → `\"`, `\` → `\\`,
/// `\n \r \t \b \f` short, other C0 controls `\u00xx` (lowercase hex), every other byte as is.
struct JSONEscapingTests {
    static let hexDigits = Array("0123456789abcdef".utf8)

    static func referenceEscape(_ byte: UInt8) -> [UInt8] {
        switch byte {
        case 0x22: Array(#"\""#.utf8)
        case 0x5C: Array(#"\\"#.utf8)
        case 0x0A: Array(#"\n"#.utf8)
        case 0x0D: Array(#"\r"#.utf8)
        case 0x09: Array(#"\t"#.utf8)
        case 0x08: Array(#"\b"#.utf8)
        case 0x0C: Array(#"\f"#.utf8)
        case 0..<0x20: Array(#"\u00"#.utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
        default: [byte]
        }
    }

    static func referenceEscape(_ bytes: [UInt8]) -> [UInt8] { bytes.flatMap { referenceEscape($0) } }

    /// Random bytes, some texts mostly clean (long runs for the word loop), some full of escapes.
    static func randomBytes(using generator: inout BudgetRandom) -> [UInt8] {
        let count = Int.random(in: 0...70, using: &generator)
        let dense = Bool.random(using: &generator)
        return (0..<count).map { _ in
            if dense || Int.random(in: 0..<16, using: &generator) == 0 {
                return UInt8.random(in: 0...255, using: &generator)
            }
            return UInt8.random(in: 0x20...0x7E, using: &generator) | (Bool.random(using: &generator) ? 0x80 : 0)
        }
    }

    @Test("every byte value alone and at every position of a word")
    func everyByte() {
        for value in 0...255 {
            let byte = UInt8(value)
            #expect(JSONEscaping.size(ofByte: byte) == Self.referenceEscape(byte).count)
            for position in 0..<17 {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: 17)
                bytes[position] = byte
                let expected = Self.referenceEscape(bytes)
                #expect(JSONEscaping.size(of: bytes) == expected.count)
                var output: [UInt8] = [0x7B]
                JSONEscaping.append(bytes, to: &output)
                #expect(output == [0x7B] + expected, "byte \(value) at \(position)")
            }
        }
    }

    @Test("every byte value at every position of texts long enough for the sixteen-byte writer and scan")
    func everyByteInChunks() {
        for value in 0...255 {
            let byte = UInt8(value)
            for length in [64, 80] {
                for position in 0..<length {
                    // A second escape at a moving distance, so runs of every length end at one.
                    let other = length == 64 ? (position + 19) % 64 : (position * 7 + 3) % 80
                    var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                    bytes[other] = 0x22
                    bytes[position] = byte
                    let expected = Self.referenceEscape(bytes)
                    #expect(JSONEscaping.size(of: bytes) == expected.count, "byte \(value) at \(position) of \(length)")
                    var output: [UInt8] = [0x7B]
                    JSONEscaping.append(bytes, to: &output)
                    #expect(output == [0x7B] + expected, "byte \(value) at \(position) of \(length)")
                }
            }
        }
    }

    @Test("random bytes: sizes, appends, bounded sizes and prefixes equal the byte-by-byte table")
    func randomBytes() {
        var generator = BudgetRandom(seed: 0xE5CA_9E)
        for _ in 0..<5_000 {
            let bytes = Self.randomBytes(using: &generator)
            let expected = Self.referenceEscape(bytes)
            #expect(JSONEscaping.size(of: bytes) == expected.count)
            if !bytes.isEmpty {
                // A slice that starts off the array's start (unaligned words).
                #expect(JSONEscaping.size(of: bytes[1...]) == Self.referenceEscape(Array(bytes[1...])).count)
            }
            var output: [UInt8] = []
            JSONEscaping.append(bytes, to: &output)
            #expect(output == expected)
            let limit = Int.random(in: -2...(expected.count + 2), using: &generator)
            // The longest prefix whose escaped size is at most `limit`, found by trying every length.
            var length = 0
            while length < bytes.count, Self.referenceEscape(Array(bytes[...length])).count <= limit { length += 1 }
            let prefixSize = Self.referenceEscape(Array(bytes[..<length])).count
            bytes.withUnsafeBufferPointer { buffer in
                let prefix = JSONEscaping.prefixLength(of: buffer, escapedLimit: limit)
                #expect(prefix.length == length && prefix.size == prefixSize, "\(bytes) limit \(limit)")
                let bounded = JSONEscaping.size(ofContiguous: buffer, stoppingAbove: limit)
                if expected.count <= limit {
                    #expect(bounded == expected.count)
                } else {
                    #expect(bounded > limit && bounded <= expected.count)
                }
            }
        }
    }

    @Test("appending many small texts keeps the output growing geometrically, not one reallocation each")
    func appendGrowth() {
        var output: [UInt8] = []
        var reallocations = 0
        var capacity = output.capacity
        for _ in 0..<10_000 {
            JSONEscaping.append(Array("a\"b".utf8), to: &output)
            if output.capacity != capacity {
                reallocations += 1
                capacity = output.capacity
            }
        }
        #expect(output.count == 40_000)
        #expect(reallocations < 40)
    }
}
