import ICUKit

/// A message compiled for one locale: literal text already in UTF-8, every ICU formatter already
/// created, so formatting walks this tree and writes bytes without parsing anything.
struct CompiledSequence: Sendable {
    var nodes: [CompiledNode]
}

/// One step of a compiled message.
indirect enum CompiledNode: Sendable {
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
struct CompiledPlural: Sendable {
    var argument: ArgumentReference
    var offset: Double
    var rules: ICUPluralRules
    var isOrdinal: Bool
    /// The formatter whose output decides the category, as icu::MessageFormat picks it: the first
    /// `{name}` or `{name, type…}` of the same name at the top of the `other` case (before any `#`),
    /// or nil for the locale's default number format.
    var selectionFormat: ICUNumberFormat?
    /// True when that first argument is a date or time argument (ICU then selects on the plain double).
    var selectsOnPlainDouble: Bool
    /// `=N` cases in source order.
    var exactCases: [(value: Double, message: CompiledSequence)]
    /// Keyword cases in source order (ICU takes the first whose keyword is the category).
    var keywordCases: [(keyword: String, message: CompiledSequence)]
    /// The first `other` case.
    var other: CompiledSequence
}

/// A compiled select argument.
struct CompiledSelect: Sendable {
    var argument: ArgumentReference
    /// Cases in source order, keywords as UTF-8 for an exact byte comparison.
    var cases: [(keyword: [UInt8], message: CompiledSequence)]
    /// The first `other` case.
    var other: CompiledSequence
}
