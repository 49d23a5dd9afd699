import Foundation
import ICUKit

/// What compiling a message reads of its locale: whether the tag is well formed, its default
/// number format (and whether ICU made a DecimalFormat of it), its small-integer table and its
/// cardinal and ordinal plural rules. Each is what ICU answers for the tag; found once per tag for
/// the life of the process, rather than asked of ICU (through its own caches, by string) for every
/// message, which for a catalog of tens of thousands of messages is a measurable share of loading.
///
/// Only ASCII tags are remembered: Swift compares strings by canonical equivalence, ICU by bytes,
/// so two non-ASCII tags that Swift deems equal could get different answers from ICU.
struct LocaleSetup: @unchecked Sendable {
    /// `LocaleTags.canonicalize` reads the tag.
    let isWellFormed: Bool
    /// The default number format; nil when ICU cannot make one.
    let defaultNumberFormat: ICUNumberFormat?
    /// Whether `defaultNumberFormat` is an `icu::DecimalFormat`.
    let isDecimalFormat: Bool
    /// The table of whole numbers 0…999; nil without a default number format or when ICU cannot
    /// build it.
    let smallIntegers: SmallIntegerTable?
    /// Cardinal plural rules; nil when ICU cannot read the tag.
    let cardinalRules: ICUPluralRules?
    /// Ordinal plural rules; nil when ICU cannot read the tag.
    let ordinalRules: ICUPluralRules?

    private init(locale: String) {
        isWellFormed = LocaleTags.canonicalize(locale) != nil
        defaultNumberFormat = try? ICUNumberFormat(locale: locale, kind: .standard, style: nil)
        isDecimalFormat = defaultNumberFormat?.isDecimalFormat ?? false
        smallIntegers = defaultNumberFormat.flatMap { SmallIntegerTable.table(locale: locale, format: $0) }
        cardinalRules = try? ICUPluralRules(locale: locale, type: .cardinal)
        ordinalRules = try? ICUPluralRules(locale: locale, type: .ordinal)
    }

    /// The rules of `type`.
    func rules(_ type: PluralType) -> ICUPluralRules? {
        type == .ordinal ? ordinalRules : cardinalRules
    }

    // @unchecked Sendable (the type): `setups` is only touched while `lock` is held, and a setup
    // holds immutable ICU objects that are safe to share (ICU's own caches hand them out).
    private static let lock = NSLock()
    nonisolated(unsafe) private static var setups: [String: LocaleSetup] = [:]

    /// The setup of `locale`, made on first use (ASCII tags) or every time (others).
    static func of(_ locale: String) -> LocaleSetup {
        guard locale.utf8.allSatisfy({ $0 < 0x80 }) else { return LocaleSetup(locale: locale) }
        if let known = lock.withLock({ setups[locale] }) { return known }
        let setup = LocaleSetup(locale: locale)
        lock.withLock { setups[locale] = setup }
        return setup
    }
}
