import ICUKit

/// A message compiled for one locale: literal text already in UTF-8, every ICU formatter already
/// created, so formatting walks this tree and writes bytes without parsing anything.
struct CompiledSequence: Sendable {
    var nodes: [CompiledNode]
}

/// One step of a compiled message. (Plurals and selects are classes, so a node is never boxed
/// and reading one costs at most one retain.)
enum CompiledNode: Sendable {
    /// Literal UTF-8 bytes.
    case literal([UInt8])
    /// `#`: the plural number minus its offset, in the locale's default number format.
    case pound(SourceRange)
    /// `{name}`: text as is, numbers in the default number format, dates as short date and time.
    case plain(ArgumentReference)
    /// `{name, number|spellout|ordinal|duration, style}`.
    case number(ArgumentReference, ICUNumberFormat)
    /// `{name, date|time, style}`.
    case date(ArgumentReference, ICUDateFormat)
    /// `{name, plural|selectordinal, …}`.
    case plural(CompiledPlural)
    /// `{name, select, …}`.
    case select(CompiledSelect)
}

/// An argument's name and source range (for errors), and its slot: where its value is in the
/// array formatting reads, so that formatting never hashes a name.
struct ArgumentReference: Sendable {
    var name: String
    var slot: Int
    var range: SourceRange

    /// The slot of a name that has none (formatting reports the argument missing).
    static let noSlot = -1
}

/// A compiled plural or selectordinal argument.
final class CompiledPlural: Sendable {
    let argument: ArgumentReference
    let offset: Double
    let rules: ICUPluralRules
    let isOrdinal: Bool
    /// The formatter whose output decides the category, as icu::MessageFormat picks it: the first
    /// `{name}` or `{name, type…}` of the same name at the top of the `other` case (before any `#`),
    /// or nil for the locale's default number format.
    let selectionFormat: ICUNumberFormat?
    /// True when that first argument is a date or time argument (ICU then selects on the plain double).
    let selectsOnPlainDouble: Bool
    /// `=N` cases in source order.
    let exactCases: [(value: Double, message: CompiledSequence)]
    /// The case each plural category selects, indexed like `PluralCategory.allCases`: the first
    /// keyword case of that category in source order (as ICU takes it), else the first `other`.
    let categoryCases: [CompiledSequence]

    init(
        argument: ArgumentReference,
        offset: Double,
        rules: ICUPluralRules,
        isOrdinal: Bool,
        selectionFormat: ICUNumberFormat?,
        selectsOnPlainDouble: Bool,
        exactCases: [(value: Double, message: CompiledSequence)],
        keywordCases: [(keyword: String, message: CompiledSequence)],
        other: CompiledSequence
    ) {
        self.argument = argument
        self.offset = offset
        self.rules = rules
        self.isOrdinal = isOrdinal
        self.selectionFormat = selectionFormat
        self.selectsOnPlainDouble = selectsOnPlainDouble
        self.exactCases = exactCases
        categoryCases = PluralCategory.allCases.map { category in
            keywordCases.first { $0.keyword == category.rawValue }?.message ?? other
        }
    }

    /// The case for `category`.
    func message(for category: PluralCategory) -> CompiledSequence {
        categoryCases[PluralCategory.allCases.firstIndex(of: category) ?? categoryCases.count - 1]
    }
}

/// A compiled select argument.
final class CompiledSelect: Sendable {
    let argument: ArgumentReference
    /// Cases in source order, keywords as UTF-8 for an exact byte comparison.
    let cases: [(keyword: [UInt8], message: CompiledSequence)]
    /// The first `other` case.
    let other: CompiledSequence

    init(argument: ArgumentReference, cases: [(keyword: [UInt8], message: CompiledSequence)], other: CompiledSequence) {
        self.argument = argument
        self.cases = cases
        self.other = other
    }
}
