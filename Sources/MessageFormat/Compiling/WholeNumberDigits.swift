import ICUKit

/// How a locale's default number format writes whole numbers from 1,000 up, so that they are
/// written without calling ICU: the locale's ten digits, its grouping separator, and its grouping
/// sizes (primary, secondary, and the minimum number of digits before the first separator appears),
/// as ICU's `Grouper` applies them.
///
/// Everything is read from ICU's own output, and kept only when writing reproduces ICU's bytes for
/// whole numbers of every length from 4 to 18 digits: grouping depends only on the number of
/// digits, and each digit's text only on the digit, so those lengths cover every whole number in
/// `range`. A locale whose output does not parse that way (a prefix, a suffix, digits that change
/// with their neighbours) gets nil, and ICU formats as before.
// @unchecked Sendable: it points into a small integer table's text, written once and then only read.
struct WholeNumberDigits: @unchecked Sendable {
    /// The whole numbers written this way (ICU formats an `Int64` exactly; smaller ones come from
    /// `SmallIntegerTable`).
    static let range: ClosedRange<Int64> = 1_000...999_999_999_999_999_999

    /// The grouping separator's UTF-8, first byte lowest (ICU's are at most 3 bytes; a longer
    /// one is not written this way), and its length.
    private let separator: UInt64
    private let separatorCount: Int
    let primary: Int
    let secondary: Int
    let minimumGrouping: Int
    /// The digits 0–9 as the locale writes them: `text[ends[d - 1]..<ends[d]]` (from 0 for 0),
    /// the first ten entries of the small integer table. Plain values only, so that a writer
    /// copies this freely without retaining anything.
    private let text: UnsafePointer<UInt8>
    private let ends: UnsafePointer<Int32>

    /// Reads the grouping from ICU's output for `format` and checks it; `text` and `ends` hold
    /// ICU's text of each single digit `d` at `text[ends[d - 1]..<ends[d]]` (from 0 for 0) and
    /// must outlive this value.
    init?(format: ICUNumberFormat, text: UnsafePointer<UInt8>, ends: UnsafePointer<Int32>) {
        let digits = (0...9).map { digit in
            Array(
                UnsafeBufferPointer(
                    start: text + (digit == 0 ? 0 : Int(ends[digit - 1])),
                    count: Int(ends[digit]) - (digit == 0 ? 0 : Int(ends[digit - 1]))
                )
            )
        }
        // `write`'s scratch space holds digits of at most 4 bytes (one code point each).
        guard digits.allSatisfy({ !$0.isEmpty && $0.count <= 4 }) else { return nil }
        self.text = text
        self.ends = ends
        let probe: [Int] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8]
        func icu(_ digitCount: Int) -> [UInt8] {
            var output: [UInt8] = []
            format.format(Self.value(probe.prefix(digitCount)), into: &output)
            return output
        }
        guard let longest = Self.groups(in: icu(probe.count), digits: probe, digitTexts: digits) else { return nil }
        let sizes = longest.sizes
        var separator: [UInt8] = []
        if sizes.count == 1 {
            // No grouping at all.
            (primary, secondary, minimumGrouping) = (0, 0, 0)
        } else {
            let primary = sizes[sizes.count - 1]
            let secondary = sizes.count > 2 ? sizes[sizes.count - 2] : primary
            guard primary > 0, secondary > 0 else { return nil }
            // The shortest number that shows a separator gives the minimum grouping.
            guard
                let shortest = (4...probe.count).first(where: { count in
                    (Self.groups(in: icu(count), digits: Array(probe.prefix(count)), digitTexts: digits)?.sizes.count
                        ?? 0)
                        > 1
                })
            else { return nil }
            (self.primary, self.secondary, minimumGrouping) = (primary, secondary, shortest - primary)
            separator = longest.separator
        }
        guard separator.count <= 8 else { return nil }
        self.separator = separator.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
        separatorCount = separator.count
        for count in 4...probe.count {
            var ours: [UInt8] = []
            write(Self.value(probe.prefix(count)), into: &ours)
            guard ours == icu(count) else { return nil }
        }
        for power in [1_000, 10_000, 100_000, 1_000_000, 1_000_000_000_000] as [Int64] {
            var ours: [UInt8] = []
            write(power, into: &ours)
            var theirs: [UInt8] = []
            format.format(power, into: &theirs)
            guard ours == theirs else { return nil }
        }
    }

    /// Whether a JSON string escapes a byte of the grouping separator.
    var separatorNeedsJSONEscape: Bool {
        (0..<separatorCount).contains { JSONStringText.needsEscape(UInt8(truncatingIfNeeded: separator >> (8 * $0))) }
    }

    /// Appends the text of `value` (in `range`).
    func write<Output: ByteOutput>(_ value: Int64, into output: inout Output) {
        guard value >= 0 else { return }
        // 19 digits of at most 4 bytes each, and up to 18 separators of at most 8.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20 + 19 * 4 + 18 * 8) { scratch in
            // The decimal digits, least significant first, then the text built after them.
            var count = 0
            var rest = value
            repeat {
                scratch[count] = UInt8(rest % 10)
                count += 1
                rest /= 10
            } while rest > 0
            let groups = primary > 0 && count - primary >= minimumGrouping
            var end = 20
            for magnitude in stride(from: count - 1, through: 0, by: -1) {
                let digit = Int(scratch[magnitude])
                for index in (digit == 0 ? 0 : Int(ends[digit - 1]))..<Int(ends[digit]) {
                    scratch[end] = text[index]
                    end += 1
                }
                if groups, magnitude > 0, magnitude >= primary, (magnitude - primary) % secondary == 0 {
                    var bytes = separator
                    for _ in 0..<separatorCount {
                        scratch[end] = UInt8(truncatingIfNeeded: bytes)
                        bytes >>= 8
                        end += 1
                    }
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[20..<end]))
        }
    }

    private static func value(_ digits: ArraySlice<Int>) -> Int64 {
        digits.reduce(0) { $0 * 10 + Int64($1) }
    }

    /// The digit groups of `text`, left to right, and the one separator between them; nil when
    /// `text` is not exactly the digits of `digits` with one kind of separator between groups.
    private static func groups(
        in text: [UInt8],
        digits: [Int],
        digitTexts: [[UInt8]]
    ) -> (sizes: [Int], separator: [UInt8])? {
        var position = 0
        var sizes: [Int] = []
        var current = 0
        var separator: [UInt8]?
        func matches(_ bytes: [UInt8], at offset: Int) -> Bool {
            offset + bytes.count <= text.count && text[offset..<(offset + bytes.count)].elementsEqual(bytes)
        }
        for digit in digits {
            let expected = digitTexts[digit]
            if !matches(expected, at: position) {
                guard current > 0, position < text.count,
                    let next = (position + 1...min(position + 8, text.count)).first(where: { matches(expected, at: $0) }
                    )
                else { return nil }
                let found = Array(text[position..<next])
                guard separator == nil || separator == found else { return nil }
                separator = found
                sizes.append(current)
                current = 0
                position = next
            }
            position += expected.count
            current += 1
        }
        guard position == text.count else { return nil }
        sizes.append(current)
        return (sizes, separator ?? [])
    }
}
