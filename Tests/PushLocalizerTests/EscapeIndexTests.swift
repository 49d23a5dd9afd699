import MessageFormat
import Testing

@testable import PushLocalizer

/// `EscapeIndex` (one scan, then prefixes by binary search and writing from the known escapes)
/// against the scanning primitives it replaces and SPEC §6's byte-by-byte table: every prefix limit,
/// every prefix length, of random texts with long clean runs (the sixteen-byte blocks) and dense
/// escapes (control bytes among them), scanned with random limits.
struct EscapeIndexTests {
    /// Random texts up to a few hundred bytes: clean runs, escape-dense runs and multi-byte UTF-8.
    static func text(using generator: inout BudgetRandom) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            let run = Int.random(in: 0...60, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: bytes += (0..<run).map { _ in UInt8.random(in: 0x23...0x5B, using: &generator) }
            case 1: bytes += Array(String(repeating: "żó王👨‍👩‍👧", count: run / 8 + 1).utf8)
            case 2: bytes += JSONEscapingTests.randomBytes(using: &generator)
            default:
                bytes += (0..<run).map { _ in
                    [0x22, 0x5C, 0x0A, 0x01, 0x1F, 0x61, 0x09][Int.random(in: 0..<7, using: &generator)]
                }
            }
        }
        return bytes
    }

    /// Exactly the room a scan of `text` up to `limit` may need for its notes (the caller
    /// deallocates it once the index is no longer used).
    static func notes(for text: UnsafeBufferPointer<UInt8>, escapedLimit limit: Int) -> UnsafeMutableBufferPointer<Int>
    {
        .allocate(capacity: EscapeIndex.noteCapacity(count: text.count, escapedLimit: limit))
    }

    @Test("the index's blocks are the ones the vector scan takes")
    func blockSizes() {
        #expect(EscapeIndex.blockSize == EscapeMask.scanBlockSize)
    }

    @Test("scan, every prefix limit, every prefix length and every escaped write equal the scanning primitives")
    func equalsScans() {
        var generator = BudgetRandom(seed: 0xE5C1_DE7)
        var looked = 0
        for _ in 0..<2_000 {
            let bytes = Self.text(using: &generator)
            let expected = JSONEscapingTests.referenceEscape(bytes)
            let scanLimit = Int.random(in: -2...(expected.count + 20), using: &generator)
            bytes.withUnsafeBufferPointer { text in
                let notes = Self.notes(for: text, escapedLimit: scanLimit)
                defer { notes.deallocate() }
                let index = EscapeIndex(scanning: text, escapedLimit: scanLimit, notingIn: notes)
                let scanned = JSONEscaping.prefixLength(of: text, escapedLimit: scanLimit)
                #expect(index.length == scanned.length && index.size == scanned.size, "\(bytes) limit \(scanLimit)")
                #expect(index.isComplete == (index.length == bytes.count))
                let after = index.length < bytes.count ? bytes[index.length] : nil
                #expect(
                    index.sizeStoppingAbove(byteAfter: after)
                        == JSONEscaping.size(ofContiguous: text, stoppingAbove: scanLimit)
                )
                for limit in -2...(expected.count + 2) {
                    guard let prefix = index.prefix(of: text, escapedLimit: limit) else {
                        #expect(limit > scanLimit && !index.isComplete)
                        continue
                    }
                    let reference = JSONEscaping.prefixLength(of: text, escapedLimit: limit)
                    #expect(prefix == reference, "\(bytes) scanned to \(scanLimit), limit \(limit)")
                    looked += 1
                }
                for length in 0...index.length {
                    let kept = Array(bytes[..<length])
                    #expect(index.size(of: text, prefix: length) == JSONEscapingTests.referenceEscape(kept).count)
                    var output: [UInt8] = [0x7B]
                    index.appendEscaped(text, length: length, to: &output)
                    #expect(output == [0x7B] + JSONEscapingTests.referenceEscape(kept), "\(bytes) length \(length)")
                }
            }
        }
        #expect(looked > 50_000)
    }

    @Test("the 64-byte block check and count see every escaping byte at every lane")
    func cleanBlocks() {
        for value in 0...255 {
            let size = JSONEscaping.size(ofByte: UInt8(value))
            for lane in 0..<64 {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: 64)
                bytes[lane] = UInt8(value)
                // A second escaping byte elsewhere, so counts add up across lanes and vectors.
                bytes[(lane + 37) % 64] = 0x01
                bytes.withUnsafeBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    let expected = JSONEscaping.size(ofContiguous: buffer) - 64
                    #expect(EscapeMask.extraSize64(base) == expected, "byte \(value) at \(lane)")
                    #expect(expected == size - 1 + 5)
                }
                bytes[(lane + 37) % 64] = UInt8(ascii: "a")
                bytes.withUnsafeBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    #expect(EscapeMask.isClean64(base) == (size == 1), "byte \(value) at \(lane) of 64")
                    #expect(EscapeMask.extraSize64(base) == size - 1, "byte \(value) at \(lane)")
                }
            }
        }
        // Every lane escaping: the counts reach their largest.
        for value: UInt8 in [0x01, 0x0A, 0x22] {
            let bytes = Array(repeating: value, count: 64)
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                #expect(EscapeMask.extraSize64(base) == 64 * (JSONEscaping.size(ofByte: value) - 1))
            }
        }
    }

    @Test("the count of a block's last bytes sees every escaping byte in them and none before them")
    func lastBytesOfBlocks() {
        var generator = BudgetRandom(seed: 0x1A57_B17E)
        for value in 0...255 {
            for lane in 0..<64 {
                // The byte in `lane`, escaping bytes of every kind around it at random.
                var bytes = (0..<64).map { _ in
                    [0x61, 0x61, 0x22, 0x5C, 0x0A, 0x01, 0xC5][Int.random(in: 0..<7, using: &generator)] as UInt8
                }
                bytes[lane] = UInt8(value)
                bytes.withUnsafeBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    for count in [0, 1, 63 - lane, 64 - lane, 65 - lane, 63, 64] where (0...64).contains(count) {
                        let last = Array(bytes[(64 - count)...])
                        let expected = JSONEscapingTests.referenceEscape(last).count - count
                        #expect(EscapeMask.extraSize64(ofLast: count, base) == expected, "\(bytes), last \(count)")
                    }
                }
            }
        }
    }

    @Test(
        "texts of many blocks: sampled prefix limits, prefix lengths and escaped writes equal the scanning primitives"
    )
    func longTexts() {
        var generator = BudgetRandom(seed: 0xB10C_4)
        for round in 0..<60 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...12, using: &generator) { bytes += Self.text(using: &generator) }
            // Some texts escape densely all the way (every block holds escapes), some not at all.
            if round % 3 == 0 { bytes = Array(String(repeating: "Jo \"JJ\" O'Neil \\ Jr.\nof\u{1} ", count: 60).utf8) }
            if round % 3 == 1 { bytes += Array(repeating: UInt8(ascii: "a"), count: 200) }
            let expected = JSONEscapingTests.referenceEscape(bytes)
            let scanLimit = Int.random(in: -2...(expected.count + 20), using: &generator)
            bytes.withUnsafeBufferPointer { text in
                let notes = Self.notes(for: text, escapedLimit: scanLimit)
                defer { notes.deallocate() }
                let index = EscapeIndex(scanning: text, escapedLimit: scanLimit, notingIn: notes)
                let scanned = JSONEscaping.prefixLength(of: text, escapedLimit: scanLimit)
                #expect(
                    index.length == scanned.length && index.size == scanned.size,
                    "round \(round) limit \(scanLimit)"
                )
                #expect(index.isComplete == (index.length == bytes.count))
                for _ in 0..<300 {
                    let limit = Int.random(in: -2...(expected.count + 2), using: &generator)
                    if let prefix = index.prefix(of: text, escapedLimit: limit) {
                        #expect(
                            prefix == JSONEscaping.prefixLength(of: text, escapedLimit: limit),
                            "round \(round) limit \(limit)"
                        )
                    } else {
                        #expect(limit > scanLimit && !index.isComplete)
                    }
                    let length = Int.random(in: 0...index.length, using: &generator)
                    let kept = Array(bytes[..<length])
                    #expect(index.size(of: text, prefix: length) == JSONEscapingTests.referenceEscape(kept).count)
                    var output: [UInt8] = [0x7B]
                    index.appendEscaped(text, length: length, to: &output)
                    #expect(
                        output == [0x7B] + JSONEscapingTests.referenceEscape(kept),
                        "round \(round) length \(length)"
                    )
                }
            }
        }
    }
}
