import Foundation
import ICUKit

/// ICU's own answers for the integers 0…999, asked once per locale and kept: the formatted text in
/// the locale's default number format, and the plural categories. Counts in notifications are
/// nearly always small, and these two ICU calls dominate formatting them; a table lookup gives
/// byte-identical results (they are ICU's results) without crossing into C++.
// @unchecked Sendable: the buffers are written once in `init` and only read afterwards.
final class SmallIntegerTable: @unchecked Sendable {
    static let count = 1000

    /// The UTF-8 of every `n` in the default number format, one after another; `n`'s bytes end at
    /// `ends[n]` and start where `n - 1`'s end.
    private let text: UnsafeMutableBufferPointer<UInt8>
    private let ends: UnsafeMutableBufferPointer<Int32>
    /// `cardinal[n]`, `ordinal[n]`: the plural categories of `n` as icu::MessageFormat selects them
    /// with the default number format.
    let cardinal: UnsafeMutableBufferPointer<PluralCategory>
    let ordinal: UnsafeMutableBufferPointer<PluralCategory>
    /// How whole numbers from 1,000 up are written, when ICU's output could be read that way.
    private let wholeNumbers: WholeNumberDigits?
    /// Whether nothing this table writes (its texts, and whole numbers written from its digits)
    /// is escaped in a JSON string, so that formatting into one need not scan it.
    private let isJSONClean: Bool

    private init(locale: String, format: ICUNumberFormat) throws(ICUError) {
        let cardinalRules = try ICUPluralRules(locale: locale, type: .cardinal)
        let ordinalRules = try ICUPluralRules(locale: locale, type: .ordinal)
        var text: [UInt8] = []
        var ends: [Int32] = []
        var cardinal: [PluralCategory] = []
        var ordinal: [PluralCategory] = []
        let wholeNumbersSelectDirectly = format.isDecimalFormat
        for value in 0..<Self.count {
            format.format(Int64(value), into: &text)
            ends.append(Int32(text.count))
            // With a DecimalFormat, the category of a whole number is that of the number itself
            // (see `ICUPluralRules.category(ofWhole:)`), without formatting it first.
            if wholeNumbersSelectDirectly {
                cardinal.append(cardinalRules.category(ofWhole: Double(value)))
                ordinal.append(ordinalRules.category(ofWhole: Double(value)))
            } else {
                cardinal.append(cardinalRules.category(of: Double(value), formattedBy: nil))
                ordinal.append(ordinalRules.category(of: Double(value), formattedBy: nil))
            }
        }
        let textBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
        _ = textBuffer.initialize(from: text)
        let endsBuffer = UnsafeMutableBufferPointer<Int32>.allocate(capacity: ends.count)
        _ = endsBuffer.initialize(from: ends)
        self.text = textBuffer
        self.ends = endsBuffer
        self.cardinal = .allocate(capacity: cardinal.count)
        _ = self.cardinal.initialize(from: cardinal)
        self.ordinal = .allocate(capacity: ordinal.count)
        _ = self.ordinal.initialize(from: ordinal)
        wholeNumbers = WholeNumberDigits(
            format: format,
            text: UnsafePointer(textBuffer.baseAddress.unsafelyUnwrapped),
            ends: UnsafePointer(endsBuffer.baseAddress.unsafelyUnwrapped)
        )
        isJSONClean =
            !JSONStringText.needsEscape(UnsafeBufferPointer(textBuffer))
            && !(wholeNumbers?.separatorNeedsJSONEscape ?? false)
    }

    deinit {
        text.deallocate()
        ends.deallocate()
        cardinal.deallocate()
        ordinal.deallocate()
    }

    /// The table as plain pointers, for formatting without retaining the table (tables are
    /// never freed: `table(locale:format:)` keeps each for the life of the process).
    var view: View {
        View(
            text: UnsafePointer(text.baseAddress.unsafelyUnwrapped),
            ends: UnsafePointer(ends.baseAddress.unsafelyUnwrapped),
            cardinal: UnsafePointer(cardinal.baseAddress.unsafelyUnwrapped),
            ordinal: UnsafePointer(ordinal.baseAddress.unsafelyUnwrapped),
            wholeNumbers: wholeNumbers,
            isJSONClean: isJSONClean
        )
    }

    /// A table's buffers.
    struct View {
        let text: UnsafePointer<UInt8>
        let ends: UnsafePointer<Int32>
        let cardinal: UnsafePointer<PluralCategory>
        let ordinal: UnsafePointer<PluralCategory>
        let wholeNumbers: WholeNumberDigits?
        /// Whether no byte it writes is escaped in a JSON string.
        let isJSONClean: Bool

        /// The UTF-8 of `n` (0 ≤ n < `count`) in the default number format.
        @inline(__always)
        func formatted(_ n: Int) -> UnsafeBufferPointer<UInt8> {
            let start = n == 0 ? 0 : Int(ends[n - 1])
            return UnsafeBufferPointer(start: text + start, count: Int(ends[n]) - start)
        }
    }

    private static let lock = NSLock()
    // Guarded by `lock`; one table per locale for the life of the process.
    nonisolated(unsafe) private static var tables: [String: SmallIntegerTable] = [:]

    /// The table for `locale` (nil when ICU cannot build it), built on first use.
    static func table(locale: String, format: ICUNumberFormat) -> SmallIntegerTable? {
        if let table = lock.withLock({ tables[locale] }) { return table }
        guard let table = try? SmallIntegerTable(locale: locale, format: format) else { return nil }
        lock.withLock { tables[locale] = table }
        return table
    }

    /// The index for `value` when it is a whole number in 0…999.
    @inline(__always)
    static func index(_ value: Double) -> Int? {
        guard value >= 0, value < Double(count), value == value.rounded(.towardZero) else { return nil }
        return Int(value)
    }
}
