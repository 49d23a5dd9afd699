import ICUKit

/// A run of instructions in a `CompiledProgram`: the message itself, or one case of a plural or
/// select.
struct InstructionRange: Sendable {
    var start: Int32
    var end: Int32

    static let empty = InstructionRange(start: 0, end: 0)
}

/// A run of bytes in a program's text.
struct TextRange: Sendable {
    var start: Int32
    var end: Int32
}

/// One step of a compiled message. Only plain values (indices into the program's tables), so
/// walking a program never retains or releases anything.
enum Instruction: Sendable {
    /// Literal UTF-8 bytes from the program's text.
    case literal(TextRange)
    /// `#`: the plural number minus its offset, in the locale's default number format.
    case pound
    /// `{name}`: text as is, numbers in the default number format, dates as short date and time.
    /// The operand indexes the program's references.
    case plain(reference: Int32)
    /// `{name, number|spellout|ordinal|duration, style}`: a reference and a number format.
    case number(reference: Int32, format: Int32)
    /// `{name, date|time, style}`: a reference and a date format.
    case date(reference: Int32, format: Int32)
    /// `{name, plural|selectordinal, …}`: an index into the program's plurals.
    case plural(Int32)
    /// `{name, select, …}`: an index into the program's selects.
    case select(Int32)
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
struct PluralInstruction: Sendable {
    var reference: Int32
    var offset: Double
    /// Index into the program's plural rules.
    var rules: Int32
    var isOrdinal: Bool
    /// The number format whose output decides the category, as icu::MessageFormat picks it: the
    /// first `{name}` or `{name, type…}` of the same name at the top of the `other` case (before
    /// any `#`); -1 for the locale's default number format.
    var selectionFormat: Int32
    /// True when that first argument is a date or time argument (ICU then selects on the plain double).
    var selectsOnPlainDouble: Bool
    /// `=N` cases in source order: a range of the program's exact cases.
    var exactCases: Range<Int32>
    /// Where this plural's six category cases start in the program's category cases, indexed like
    /// `PluralCategory.allCases`: the first keyword case of that category in source order (as ICU
    /// takes it), else the first `other`.
    var categoryCases: Int32
}

/// A compiled select argument.
struct SelectInstruction: Sendable {
    var reference: Int32
    /// Cases in source order: a range of the program's select cases.
    var cases: Range<Int32>
    /// The first `other` case.
    var other: InstructionRange
}

/// One `keyword {message}` of a select; the keyword's UTF-8 is in the program's text.
struct SelectCaseInstruction: Sendable {
    var keyword: TextRange
    var message: InstructionRange
}

/// One `=N {message}` of a plural.
struct ExactCase: Sendable {
    var value: Double
    var message: InstructionRange
}
