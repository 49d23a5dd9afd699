import ICUKit

/// The number a plural case is formatting, for its `#` signs.
struct PluralContext {
    var value: ArgumentValue
    var offset: Double
}

/// Walks a compiled message and writes UTF-8, following icu::MessageFormat::format step by step.
struct MessageWriter {
    /// Values by slot.
    let arguments: [ArgumentValue?]
    let options: FormatOptions
    let defaultNumberFormat: ICUNumberFormat
    let locale: String
    let smallIntegers: SmallIntegerTable?
    /// Non-nil when the caller wants to know where text arguments landed.
    var spans: [TextArgumentSpan]?
    /// Text arguments written, by slot (empty: not counted).
    var counts: [Int] = []

    init(
        arguments: [ArgumentValue?],
        options: FormatOptions,
        defaultNumberFormat: ICUNumberFormat,
        locale: String,
        smallIntegers: SmallIntegerTable?
    ) {
        self.locale = locale
        self.smallIntegers = smallIntegers
        self.arguments = arguments
        self.options = options
        self.defaultNumberFormat = defaultNumberFormat
    }

    mutating func write(
        _ sequence: CompiledSequence,
        into output: inout [UInt8],
        plural: PluralContext?
    )
        throws(MessageFormatError)
    {
        for node in sequence.nodes {
            switch node {
            case .literal(let bytes):
                output.append(contentsOf: bytes)
            case .pound:
                writePound(plural, into: &output)
            case .plain(let reference):
                try writePlain(reference, into: &output)
            case .number(let reference, let format):
                try writeNumber(reference, format, into: &output)
            case .date(let reference, let format):
                let milliseconds = try epochMilliseconds(of: reference)
                try writeDate(milliseconds, format, into: &output)
            case .plural(let compiled):
                let value = try value(of: compiled.argument)
                guard let number = value.plainNumber else {
                    throw .wrongArgumentType(
                        name: compiled.argument.name,
                        expected: "a number",
                        actual: value.kindName,
                        range: compiled.argument.range
                    )
                }
                let chosen = select(compiled, number: number)
                try write(chosen, into: &output, plural: PluralContext(value: value, offset: compiled.offset))
            case .select(let compiled):
                let value = try value(of: compiled.argument)
                guard case .string(let text) = value else {
                    throw .wrongArgumentType(
                        name: compiled.argument.name,
                        expected: "text",
                        actual: value.kindName,
                        range: compiled.argument.range
                    )
                }
                let chosen = compiled.cases.first { text.utf8.elementsEqual($0.keyword) }?.message ?? compiled.other
                try write(chosen, into: &output, plural: nil)
            }
        }
    }

    /// PluralFormat::findSubMessage: the first `=N` equal to the number wins; otherwise the first
    /// case named by the category of (number − offset); otherwise the first `other`.
    private func select(_ plural: CompiledPlural, number: Double) -> CompiledSequence {
        if let exact = plural.exactCases.first(where: { $0.value == number }) {
            return exact.message
        }
        let shifted = number - plural.offset
        let category: PluralCategory =
            if plural.selectionFormat == nil, !plural.selectsOnPlainDouble, let table = smallIntegers,
                let index = SmallIntegerTable.index(shifted)
            {
                plural.isOrdinal ? table.ordinal[index] : table.cardinal[index]
            } else if plural.selectsOnPlainDouble {
                plural.rules.category(ofDecimal: PlainDouble.text(shifted))
            } else {
                plural.rules.category(of: shifted, formattedBy: plural.selectionFormat)
            }
        return plural.message(for: category)
    }

    private func writePound(_ plural: PluralContext?, into output: inout [UInt8]) {
        guard let plural else {
            output.append(UInt8(ascii: "#"))
            return
        }
        if plural.offset == 0 {
            writeDefaultNumber(plural.value, into: &output)
        } else {
            let shifted = (plural.value.numericValue ?? 0) - plural.offset
            if let table = smallIntegers, let index = SmallIntegerTable.index(shifted) {
                output.append(contentsOf: table.formatted[index])
            } else {
                defaultNumberFormat.format(shifted, into: &output)
            }
        }
    }

    private mutating func writePlain(
        _ reference: ArgumentReference,
        into output: inout [UInt8]
    )
        throws(MessageFormatError)
    {
        let value = try value(of: reference)
        switch value {
        case .string(let text):
            if options.isolatesText { output.append(contentsOf: Self.firstStrongIsolate) }
            let start = output.count
            output.append(contentsOf: text.utf8)
            spans?.append(TextArgumentSpan(name: reference.name, range: start..<output.count))
            if reference.slot >= 0, reference.slot < counts.count { counts[reference.slot] += 1 }
            if options.isolatesText { output.append(contentsOf: Self.popDirectionalIsolate) }
        case .int, .double, .decimal:
            writeDefaultNumber(value, into: &output)
        case .date(let milliseconds):
            let format: ICUDateFormat
            do {
                format = try ICUDateFormat(locale: locale, kind: .dateTime, style: nil)
            } catch {
                throw .invalidLocale(locale)
            }
            try writeDate(milliseconds, format, into: &output)
        }
    }

    private func writeDefaultNumber(_ value: ArgumentValue, into output: inout [UInt8]) {
        switch value {
        case .int(let number) where number >= 0 && number < SmallIntegerTable.count && smallIntegers != nil:
            output.append(contentsOf: smallIntegers.unsafelyUnwrapped.formatted[Int(number)])
        case .int(let number): defaultNumberFormat.format(number, into: &output)
        case .double(let number): defaultNumberFormat.format(number, into: &output)
        case .decimal(let text): defaultNumberFormat.format(decimal: text, into: &output)
        case .date(let number): defaultNumberFormat.format(number, into: &output)
        case .string: break
        }
    }

    private func writeNumber(
        _ reference: ArgumentReference,
        _ format: ICUNumberFormat,
        into output: inout [UInt8]
    )
        throws(MessageFormatError)
    {
        switch try value(of: reference) {
        case .int(let number): format.format(number, into: &output)
        case .double(let number): format.format(number, into: &output)
        case .decimal(let text): format.format(decimal: text, into: &output)
        case let other:
            throw .wrongArgumentType(
                name: reference.name,
                expected: "a number",
                actual: other.kindName,
                range: reference.range
            )
        }
    }

    private func writeDate(
        _ milliseconds: Double,
        _ format: ICUDateFormat,
        into output: inout [UInt8]
    )
        throws(MessageFormatError)
    {
        do {
            try format.format(epochMilliseconds: milliseconds, timeZone: options.timeZone, into: &output)
        } catch {
            throw .invalidTimeZone(options.timeZone ?? "")
        }
    }

    private func value(of reference: ArgumentReference) throws(MessageFormatError) -> ArgumentValue {
        guard reference.slot >= 0, reference.slot < arguments.count, let value = arguments[reference.slot] else {
            throw .missingArgument(name: reference.name, range: reference.range)
        }
        return value
    }

    /// A date argument's instant: a date, a number of epoch milliseconds (as ICU reads a number
    /// given to a date format), or ISO-8601 text.
    private func epochMilliseconds(of reference: ArgumentReference) throws(MessageFormatError) -> Double {
        let value = try value(of: reference)
        switch value {
        case .date(let milliseconds): return milliseconds
        case .double(let milliseconds):
            // DateFormat::format reads a double as UDate; it refuses int64 and decimal Formattables.
            return milliseconds
        case .int, .decimal:
            break
        case .string(let text):
            if let milliseconds = ISO8601Instant.epochMilliseconds(text) { return milliseconds }
        }
        throw .wrongArgumentType(
            name: reference.name,
            expected: "a date (ISO-8601 with offset, or epoch milliseconds)",
            actual: value.kindName,
            range: reference.range
        )
    }

    private static let firstStrongIsolate: [UInt8] = [0xE2, 0x81, 0xA8]
    private static let popDirectionalIsolate: [UInt8] = [0xE2, 0x81, 0xA9]
}

extension ArgumentValue {
    /// The number a plural argument selects on: ICU refuses text and dates there.
    var plainNumber: Double? {
        switch self {
        case .int, .double, .decimal: numericValue
        case .string, .date: nil
        }
    }
}

/// The decimal text of a double as PluralRules::select(double) sees it.
enum PlainDouble {
    static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
