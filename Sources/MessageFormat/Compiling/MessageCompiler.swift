import ICUKit

/// Turns a syntax tree into the compiled form for one locale, creating every ICU formatter the
/// way icu::MessageFormat creates it for the same argument.
struct MessageCompiler {
    let locale: String
    let defaultNumberFormat: ICUNumberFormat
    /// Each argument name's slot: its index in the value array formatting reads.
    let slots: [String: Int]

    init(locale: String, slots: [String: Int] = [:]) throws(MessageFormatError) {
        self.locale = locale
        self.slots = slots
        do {
            defaultNumberFormat = try ICUNumberFormat(locale: locale, kind: .standard, style: nil)
        } catch {
            throw .invalidLocale(locale)
        }
    }

    func compile(_ message: Message) throws(MessageFormatError) -> CompiledSequence {
        var nodes: [CompiledNode] = []
        nodes.reserveCapacity(message.parts.count)
        for part in message.parts {
            switch part {
            case .text(let text, _):
                let bytes = Array(text.utf8)
                if case .literal(let previous)? = nodes.last {
                    nodes[nodes.count - 1] = .literal(previous + bytes)
                } else if !bytes.isEmpty {
                    nodes.append(.literal(bytes))
                }
            case .pound(let range):
                nodes.append(.pound(range))
            case .argument(let argument):
                nodes.append(try compile(argument))
            }
        }
        return CompiledSequence(nodes: nodes)
    }

    private func compile(_ argument: Argument) throws(MessageFormatError) -> CompiledNode {
        let reference = ArgumentReference(name: argument.name, slot: slot(of: argument.name), range: argument.range)
        switch argument.kind {
        case .none:
            return .plain(reference)
        case .simple(let simple):
            return try compile(simple, reference)
        case .plural(let plural):
            return .plural(try compile(plural, reference, type: .cardinal))
        case .selectOrdinal(let plural):
            return .plural(try compile(plural, reference, type: .ordinal))
        case .select(let select):
            var cases: [(keyword: [UInt8], message: CompiledSequence)] = []
            var other: CompiledSequence?
            for selectCase in select.cases {
                let message = try compile(selectCase.message)
                if selectCase.keyword == "other" {
                    if other == nil { other = message }
                } else {
                    cases.append((Array(selectCase.keyword.utf8), message))
                }
            }
            return .select(
                CompiledSelect(argument: reference, cases: cases, other: other ?? CompiledSequence(nodes: []))
            )
        }
    }

    private func compile(
        _ simple: SimpleArgument,
        _ reference: ArgumentReference
    ) throws(MessageFormatError)
        -> CompiledNode
    {
        let style = simple.style
        do {
            switch simple.type {
            case .number:
                let (kind, formatStyle) = Self.numberKind(forStyle: style)
                return .number(reference, try ICUNumberFormat(locale: locale, kind: kind, style: formatStyle))
            case .spellout, .ordinal, .duration:
                let kind: NumberFormatKind =
                    simple.type == .spellout ? .spellout : simple.type == .ordinal ? .ordinal : .duration
                return .number(reference, try ICUNumberFormat(locale: locale, kind: kind, style: style))
            case .date, .time:
                let kind: DateFormatKind = simple.type == .date ? .date : .time
                return .date(reference, try ICUDateFormat(locale: locale, kind: kind, style: style))
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
        type: PluralType
    )
        throws(MessageFormatError) -> CompiledPlural
    {
        let rules: ICUPluralRules
        do {
            rules = try ICUPluralRules(locale: locale, type: type)
        } catch {
            throw .invalidLocale(locale)
        }
        var exactCases: [(value: Double, message: CompiledSequence)] = []
        var keywordCases: [(keyword: String, message: CompiledSequence)] = []
        var other: CompiledSequence?
        var otherSource: Message?
        for pluralCase in plural.cases {
            let message = try compile(pluralCase.message)
            switch pluralCase.selector {
            case .exact(let value):
                exactCases.append((value, message))
            case .keyword(let keyword):
                if keyword == "other", other == nil {
                    other = message
                    otherSource = pluralCase.message
                }
                keywordCases.append((keyword, message))
            }
        }
        let selection = try selectionFormat(in: otherSource, name: reference.name)
        return CompiledPlural(
            argument: reference,
            offset: plural.offset,
            rules: rules,
            isOrdinal: type == .ordinal,
            selectionFormat: selection.format,
            selectsOnPlainDouble: selection.plainDouble,
            exactCases: exactCases,
            keywordCases: keywordCases,
            other: other ?? CompiledSequence(nodes: [])
        )
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
                    case .number(_, let format): return (format, !format.isDecimalFormat)
                    default: return (nil, true)
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
