import Foundation
import ICUKit

/// ICU's own answers for the integers 0…999, asked once per locale and kept: the formatted text in
/// the locale's default number format, and the plural categories. Counts in notifications are
/// nearly always small, and these two ICU calls dominate formatting them; a table lookup gives
/// byte-identical results (they are ICU's results) without crossing into C++.
final class SmallIntegerTable: Sendable {
    static let count = 1000

    /// `formatted[n]`: the UTF-8 of `n` in the default number format.
    let formatted: [[UInt8]]
    /// `cardinal[n]`, `ordinal[n]`: the plural categories of `n` as icu::MessageFormat selects them
    /// with the default number format.
    let cardinal: [PluralCategory]
    let ordinal: [PluralCategory]

    private init(locale: String, format: ICUNumberFormat) throws(ICUError) {
        let cardinalRules = try ICUPluralRules(locale: locale, type: .cardinal)
        let ordinalRules = try ICUPluralRules(locale: locale, type: .ordinal)
        var formatted: [[UInt8]] = []
        var cardinal: [PluralCategory] = []
        var ordinal: [PluralCategory] = []
        formatted.reserveCapacity(Self.count)
        for value in 0..<Self.count {
            var bytes: [UInt8] = []
            format.format(Int64(value), into: &bytes)
            formatted.append(bytes)
            cardinal.append(cardinalRules.category(of: Double(value), formattedBy: nil))
            ordinal.append(ordinalRules.category(of: Double(value), formattedBy: nil))
        }
        self.formatted = formatted
        self.cardinal = cardinal
        self.ordinal = ordinal
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
