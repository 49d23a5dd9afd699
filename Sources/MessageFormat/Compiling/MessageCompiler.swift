import ICUKit

/// Turns a syntax tree into the compiled form for one locale, creating every ICU formatter the
/// way icu::MessageFormat creates it for the same argument.
struct MessageCompiler {
    let locale: String
    /// What compiling reads of the locale (formatters and rules ICU made for it).
    let setup: LocaleSetup
    let defaultNumberFormat: ICUNumberFormat
    /// Each argument name's slot: its index in the value array formatting reads.
    let slots: [String: Int]

    init(locale: String, slots: [String: Int] = [:]) throws(MessageFormatError) {
        try self.init(locale: locale, setup: LocaleSetup.of(locale), slots: slots)
    }

    init(locale: String, setup: LocaleSetup, slots: [String: Int]) throws(MessageFormatError) {
        self.locale = locale
        self.setup = setup
        self.slots = slots
        guard let format = setup.defaultNumberFormat else { throw .invalidLocale(locale) }
        defaultNumberFormat = format
    }

    /// Compiles `message` into a program.
    func program(_ message: Message) throws(MessageFormatError) -> CompiledProgram {
        var builder = ProgramBuilder()
        let root = try compile(message, into: &builder)
        return CompiledProgram(
            builder,
            root: root,
            locale: locale,
            defaultNumberFormat: defaultNumberFormat,
            smallIntegers: setup.smallIntegers,
            isDecimalFormat: setup.isDecimalFormat
        )
    }

    /// Compiles one message (the whole pattern, or one case): its cases' instructions first, then
    /// its own, contiguous.
    private func compile(
        _ message: Message,
        into builder: inout ProgramBuilder
    ) throws(MessageFormatError)
        -> InstructionRange
    {
        var sequence: [Instruction] = []
        sequence.reserveCapacity(message.parts.count)
        for part in message.parts {
            switch part {
            case .text(let text, _):
                guard !text.isEmpty else { continue }
                if case .literal(let previous)? = sequence.last, Int(previous.end) == builder.text.count {
                    sequence[sequence.count - 1] = .literal(
                        TextRange(start: previous.start, end: builder.addText(text.utf8).end)
                    )
                } else {
                    sequence.append(.literal(builder.addText(text.utf8)))
                }
            case .pound:
                sequence.append(.pound)
            case .argument(let argument):
                sequence.append(try compile(argument, into: &builder))
            }
        }
        return builder.addSequence(sequence)
    }

    private func compile(
        _ argument: Argument,
        into builder: inout ProgramBuilder
    ) throws(MessageFormatError)
        -> Instruction
    {
        let reference = ArgumentReference(name: argument.name, slot: slot(of: argument.name), range: argument.range)
        switch argument.kind {
        case .none:
            return .plain(reference: builder.addReference(reference))
        case .simple(let simple):
            switch try compile(simple, reference) {
            case .number(let format):
                return .number(reference: builder.addReference(reference), format: builder.addNumberFormat(format))
            case .date(let format):
                return .date(reference: builder.addReference(reference), format: builder.addDateFormat(format))
            }
        case .plural(let plural):
            return .plural(try compile(plural, reference, type: .cardinal, into: &builder))
        case .selectOrdinal(let plural):
            return .plural(try compile(plural, reference, type: .ordinal, into: &builder))
        case .select(let select):
            var cases: [SelectCaseInstruction] = []
            var other: InstructionRange?
            for selectCase in select.cases {
                let message = try compile(selectCase.message, into: &builder)
                if selectCase.keyword == "other" {
                    if other == nil { other = message }
                } else {
                    cases.append(
                        SelectCaseInstruction(keyword: builder.addText(selectCase.keyword.utf8), message: message)
                    )
                }
            }
            let first = Int32(builder.selectCases.count)
            builder.selectCases.append(contentsOf: cases)
            builder.selects.append(
                SelectInstruction(
                    reference: builder.addReference(reference),
                    cases: first..<Int32(builder.selectCases.count),
                    other: other ?? .empty
                )
            )
            return .select(Int32(builder.selects.count - 1))
        }
    }

    /// A simple argument's formatter.
    private enum SimpleFormat {
        case number(ICUNumberFormat)
        case date(ICUDateFormat)
    }

    private func compile(
        _ simple: SimpleArgument,
        _ reference: ArgumentReference
    ) throws(MessageFormatError)
        -> SimpleFormat
    {
        let style = simple.style
        do {
            switch simple.type {
            case .number:
                let (kind, formatStyle) = Self.numberKind(forStyle: style)
                return .number(try ICUNumberFormat(locale: locale, kind: kind, style: formatStyle))
            case .spellout, .ordinal, .duration:
                let kind: NumberFormatKind =
                    simple.type == .spellout ? .spellout : simple.type == .ordinal ? .ordinal : .duration
                return .number(try ICUNumberFormat(locale: locale, kind: kind, style: style))
            case .date, .time:
                let kind: DateFormatKind = simple.type == .date ? .date : .time
                return .date(try ICUDateFormat(locale: locale, kind: kind, style: style))
            }
        } catch {
            throw .invalidStyle(
                argument: reference.name,
                style: style ?? "",
                reason: error.message,
                range: simple.styleRange ?? simple.typeRange
            )
        }
    }

    /// The slot of `name`, or `ArgumentReference.noSlot` for a name outside the table (formatting
    /// then reports it missing).
    private func slot(of name: String) -> Int {
        slots[name] ?? ArgumentReference.noSlot
    }

    /// icu::MessageFormat's reading of a number style: a keyword (after trimming white space,
    /// without regard to case), `::skeleton` (after leading white space), or a DecimalFormat pattern.
    static func numberKind(forStyle style: String?) -> (NumberFormatKind, String?) {
        guard let style else { return (.standard, nil) }
        let trimmed = PatternWhiteSpace.trim(style)
        switch trimmed.lowercased() {
        case "": return (.standard, nil)
        case "integer": return (.integer, nil)
        case "percent": return (.percent, nil)
        case "currency": return (.currency, nil)
        default:
            let leading = PatternWhiteSpace.trimLeading(style)
            if leading.hasPrefix("::") {
                return (.skeleton, String(leading.dropFirst(2)))
            }
            return (.pattern, style)
        }
    }

    private func compile(
        _ plural: PluralArgument,
        _ reference: ArgumentReference,
        type: PluralType,
        into builder: inout ProgramBuilder
    )
        throws(MessageFormatError) -> Int32
    {
        guard let rules = setup.rules(type) else { throw .invalidLocale(locale) }
        var exactCases: [ExactCase] = []
        var keywordCases: [(keyword: String, message: InstructionRange)] = []
        var other: InstructionRange?
        var otherSource: Message?
        for pluralCase in plural.cases {
            let message = try compile(pluralCase.message, into: &builder)
            switch pluralCase.selector {
            case .exact(let value):
                exactCases.append(ExactCase(value: value, message: message))
            case .keyword(let keyword):
                if keyword == "other", other == nil {
                    other = message
                    otherSource = pluralCase.message
                }
                keywordCases.append((keyword, message))
            }
        }
        let selection = try selectionFormat(in: otherSource, name: reference.name)
        let firstExact = Int32(builder.exactCases.count)
        builder.exactCases.append(contentsOf: exactCases)
        let categoryCases = Int32(builder.categoryCases.count)
        for category in PluralCategory.allCases {
            builder.categoryCases.append(
                keywordCases.first { $0.keyword == category.rawValue }?.message ?? other ?? .empty
            )
        }
        builder.pluralRules.append(rules)
        builder.plurals.append(
            PluralInstruction(
                reference: builder.addReference(reference),
                offset: plural.offset,
                rules: Int32(builder.pluralRules.count - 1),
                isOrdinal: type == .ordinal,
                selectionFormat: selection.format.map { builder.addNumberFormat($0) } ?? -1,
                selectsOnPlainDouble: selection.plainDouble,
                exactCases: firstExact..<Int32(builder.exactCases.count),
                categoryCases: categoryCases
            )
        )
        return Int32(builder.plurals.count - 1)
    }

    /// icu::MessageFormat's findFirstPluralNumberArg over the `other` case: the first top-level
    /// argument of the plural's own name that has no type or a simple type, unless a `#` comes first.
    private func selectionFormat(
        in other: Message?,
        name: String
    ) throws(MessageFormatError)
        -> (format: ICUNumberFormat?, plainDouble: Bool)
    {
        guard let other else { return (nil, false) }
        for part in other.parts {
            switch part {
            case .pound:
                return (nil, false)
            case .argument(let argument) where argument.name == name:
                switch argument.kind {
                case .none:
                    return (nil, false)
                case .simple(let simple):
                    switch try compile(
                        simple,
                        ArgumentReference(name: name, slot: slot(of: name), range: argument.range)
                    ) {
                    case .number(let format): return (format, !format.isDecimalFormat)
                    case .date: return (nil, true)
                    }
                default:
                    continue
                }
            default:
                continue
            }
        }
        return (nil, false)
    }
}
