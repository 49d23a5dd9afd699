import ICUKit

/// The number a plural case is formatting, for its `#` signs.
struct PluralContext {
    var value: ArgumentValue
    var offset: Double
}

/// What a writer notes about each text argument it writes. A writer is specialized for its
/// recorder, so formatting that notes nothing carries no recording state at all.
protocol TextArgumentRecorder {
    /// A recorder that has noted nothing and holds no storage (what a writer holds while the
    /// caller's recorder is handed to it and back).
    init()

    /// `reference`'s text was written at `range` of the output.
    mutating func wrote(_ reference: UnsafePointer<ArgumentReference>, at range: Range<Int>)

    /// Whether the text in `slot` is left out: written as if it were empty, only its place noted.
    func leavesOut(_ slot: Int) -> Bool
}

extension TextArgumentRecorder {
    @inline(__always)
    func leavesOut(_ slot: Int) -> Bool { false }
}

extension TextArgumentRecorder {
    /// Runs `body` with a recorder whose `field` is the caller's `storage`, handed over and back:
    /// never copied, so the caller's storage stays uniquely referenced.
    @inline(__always)
    static func over<Storage>(
        _ storage: inout Storage,
        as field: WritableKeyPath<Self, Storage>,
        _ body: (inout Self) throws(MessageFormatError) -> Void
    ) throws(MessageFormatError) {
        var recorder = Self()
        swap(&recorder[keyPath: field], &storage)
        defer { swap(&recorder[keyPath: field], &storage) }
        try body(&recorder)
    }
}

/// Notes nothing.
struct NoRecording: TextArgumentRecorder {
    @inline(__always)
    mutating func wrote(_ reference: UnsafePointer<ArgumentReference>, at range: Range<Int>) {}
}

/// Adds one to `counts[slot]` for each text argument written (slots past the end are not counted).
struct TextArgumentCounter: TextArgumentRecorder {
    var counts: [Int] = []

    @inline(__always)
    mutating func wrote(_ reference: UnsafePointer<ArgumentReference>, at range: Range<Int>) {
        if reference.pointee.slot >= 0, reference.pointee.slot < counts.count { counts[reference.pointee.slot] += 1 }
    }
}

/// Notes where each text argument landed, in output order.
struct TextArgumentSpans: TextArgumentRecorder {
    var spans: [TextArgumentSpan] = []

    mutating func wrote(_ reference: UnsafePointer<ArgumentReference>, at range: Range<Int>) {
        spans.append(TextArgumentSpan(name: reference.pointee.name, slot: reference.pointee.slot, range: range))
    }
}

/// Leaves out the texts of some slots, noting where each would start: the payload written with
/// those texts empty, and their places, which is what fitting them into a budget needs.
struct TextPlaceholders: TextArgumentRecorder {
    /// Slots (below 64) whose texts are left out.
    var leftOut: UInt64 = 0
    /// Where the places are noted (the caller's storage, valid while the message is formatted).
    var places = UnsafeMutableBufferPointer<TextPlaceholder>(start: nil, count: 0)
    /// The places found, also those past `places`' end (not noted).
    var count = 0

    @inline(__always)
    func leavesOut(_ slot: Int) -> Bool { slot < 64 && leftOut & (1 << UInt64(slot)) != 0 }

    @inline(__always)
    mutating func wrote(_ reference: UnsafePointer<ArgumentReference>, at range: Range<Int>) {
        let slot = reference.pointee.slot
        guard slot >= 0, leavesOut(slot) else { return }
        if count < places.count { places[count] = TextPlaceholder(slot: slot, offset: range.lowerBound) }
        count += 1
    }
}

/// Walks a compiled program and writes UTF-8, following icu::MessageFormat::format step by step.
struct MessageWriter<Recorder: TextArgumentRecorder> {
    /// The program (the caller keeps it alive while the writer runs, so it is not retained).
    unowned(unsafe) let program: CompiledProgram
    /// Values by slot (the caller keeps the array alive while the writer runs).
    let arguments: UnsafeBufferPointer<ArgumentValue?>
    /// The options (the caller keeps them alive while the writer runs): a pointer, so that the
    /// writer holds nothing to release and its fields are read in place.
    let options: UnsafePointer<FormatOptions>
    var defaultNumberFormat: ICUNumberFormat { program.defaultNumberFormat }
    var locale: String { program.locale }
    /// The program's table of small integers, as plain pointers (the table lives as long as the
    /// process).
    let smallIntegers: SmallIntegerTable.View?
    /// What is noted about the text arguments written.
    var recorder: Recorder

    init(
        program: CompiledProgram,
        arguments: UnsafeBufferPointer<ArgumentValue?>,
        options: UnsafePointer<FormatOptions>,
        recorder: Recorder
    ) {
        self.program = program
        self.smallIntegers = program.smallIntegers?.view
        self.arguments = arguments
        self.options = options
        self.recorder = recorder
    }

    mutating func write<Output: ByteOutput>(
        _ range: InstructionRange,
        into output: inout Output,
        plural: PluralContext?
    )
        throws(MessageFormatError)
    {
        let instructions = program.instructions
        for index in Int(range.start)..<Int(range.end) {
            switch instructions[index] {
            case .literal(let text):
                let start = output.count
                output.append(contentsOf: program.bytes(text))
                if options.pointee.escapesJSON, program.textNeedsJSONEscape {
                    JSONStringText.escapeTail(&output, from: start)
                }
            case .pound:
                let start = output.count
                if !writePound(plural, into: &output) { escapeJSON(&output, from: start) }
            case .plain(let reference):
                try writePlain(program.reference(reference), into: &output)
            case .number(let reference, let format):
                let start = output.count
                try writeNumber(program.reference(reference), program.numberFormats[Int(format)], into: &output)
                escapeJSON(&output, from: start)
            case .date(let reference, let format):
                let start = output.count
                let milliseconds = try epochMilliseconds(of: program.reference(reference))
                try writeDate(milliseconds, program.dateFormats[Int(format)], into: &output)
                escapeJSON(&output, from: start)
            case .plural(let index):
                let compiled = program.plurals[Int(index)]
                let reference = program.reference(compiled.reference)
                let value = try value(of: reference)
                guard let number = value.plainNumber else {
                    throw .wrongArgumentType(
                        name: reference.pointee.name,
                        expected: "a number",
                        actual: value.kindName,
                        range: reference.pointee.range
                    )
                }
                let chosen = select(compiled, number: number, value: value)
                try write(chosen, into: &output, plural: PluralContext(value: value, offset: compiled.offset))
            case .select(let index):
                let compiled = program.selects[Int(index)]
                let reference = program.reference(compiled.reference)
                let value = try value(of: reference)
                guard case .string(var text) = value else {
                    throw .wrongArgumentType(
                        name: reference.pointee.name,
                        expected: "text",
                        actual: value.kindName,
                        range: reference.pointee.range
                    )
                }
                var chosen = compiled.other
                text.withUTF8 { text in
                    for selectCase in program.selectCases[
                        Int(compiled.cases.lowerBound)..<Int(compiled.cases.upperBound)
                    ]
                    where text.elementsEqual(program.bytes(selectCase.keyword)) {
                        chosen = selectCase.message
                        break
                    }
                }
                try write(chosen, into: &output, plural: nil)
            }
        }
    }

    /// PluralFormat::findSubMessage: the first `=N` equal to the number wins; otherwise the first
    /// case named by the category of (number − offset); otherwise the first `other`.
    private func select(_ plural: PluralInstruction, number: Double, value: ArgumentValue) -> InstructionRange {
        for exact in program.exactCases[Int(plural.exactCases.lowerBound)..<Int(plural.exactCases.upperBound)]
        where exact.value == number {
            return exact.message
        }
        let shifted = number - plural.offset
        let category: PluralCategory
        if plural.offset == 0, !plural.selectsOnPlainDouble, case .int(let whole) = value,
            whole.magnitude > 1 << 53
        {
            // A double cannot hold it: ICU selects on the exact int64 (with no offset to subtract).
            let format = plural.selectionFormat < 0 ? nil : program.numberFormats[Int(plural.selectionFormat)]
            category = program.pluralRules[Int(plural.rules)].category(ofDecimal: String(whole), formattedBy: format)
        } else if plural.selectionFormat < 0, !plural.selectsOnPlainDouble, let table = smallIntegers,
            let index = SmallIntegerTable.index(shifted)
        {
            category = plural.isOrdinal ? table.ordinal[index] : table.cardinal[index]
        } else if plural.selectionFormat < 0, !plural.selectsOnPlainDouble, program.selectsWholeNumbersDirectly,
            shifted >= 0, shifted < 1e15, shifted == shifted.rounded(.towardZero)
        {
            category = program.pluralRules[Int(plural.rules)].category(ofWhole: shifted)
        } else {
            let rules = program.pluralRules[Int(plural.rules)]
            if plural.selectsOnPlainDouble {
                category = rules.category(ofDecimal: PlainDouble.text(shifted))
            } else {
                let format = plural.selectionFormat < 0 ? nil : program.numberFormats[Int(plural.selectionFormat)]
                category = rules.category(of: shifted, formattedBy: format)
            }
        }
        return program.categoryCases[Int(plural.categoryCases) + category.index]
    }

    /// Writes `#`; returns whether what it wrote needs no JSON escape (see `writeDefaultNumber`).
    private func writePound<Output: ByteOutput>(_ plural: PluralContext?, into output: inout Output) -> Bool {
        guard let plural else {
            output.append(UInt8(ascii: "#"))
            return true
        }
        if plural.offset == 0 { return writeDefaultNumber(plural.value, into: &output) }
        let shifted = (plural.value.numericValue ?? 0) - plural.offset
        if let table = smallIntegers, let index = SmallIntegerTable.index(shifted) {
            output.append(contentsOf: table.formatted(index))
            return table.isJSONClean
        }
        defaultNumberFormat.format(shifted) { output.append(contentsOf: $0) }
        return false
    }

    private mutating func writePlain<Output: ByteOutput>(
        _ reference: UnsafePointer<ArgumentReference>,
        into output: inout Output
    )
        throws(MessageFormatError)
    {
        // Text, the usual argument, read from the slot once (each copy of a value retains its text).
        let slot = reference.pointee.slot
        // A text left out is written as the empty text would be (its value is not read).
        if slot >= 0, slot < arguments.count, recorder.leavesOut(slot) {
            writeText(UnsafeBufferPointer(start: nil, count: 0), reference, into: &output)
            return
        }
        if slot >= 0, slot < arguments.count, case .string(var text)? = arguments[slot] {
            text.withUTF8 { writeText($0, reference, into: &output) }
            return
        }
        let value = try value(of: reference)
        let start = output.count
        switch value {
        case .string:
            return  // written above: a text value is always found in its slot
        case .int, .double, .decimal:
            if writeDefaultNumber(value, into: &output) { return }
        case .date(let milliseconds):
            let format: ICUDateFormat
            do {
                format = try ICUDateFormat(locale: locale, kind: .dateTime, style: nil)
            } catch {
                throw .invalidLocale(locale)
            }
            try writeDate(milliseconds, format, into: &output)
        }
        escapeJSON(&output, from: start)
    }

    /// Writes a text argument: isolated and escaped as the options say.
    @inline(__always)
    private mutating func writeText<Output: ByteOutput>(
        _ text: UnsafeBufferPointer<UInt8>,
        _ reference: UnsafePointer<ArgumentReference>,
        into output: inout Output
    ) {
        if options.pointee.isolatesText { IsolationMarks.appendFirstStrongIsolate(to: &output) }
        let start = output.count
        if options.pointee.escapesJSON {
            JSONStringText.appendEscaped(text, to: &output)
        } else {
            output.append(contentsOf: text)
        }
        recorder.wrote(reference, at: start..<output.count)
        if options.pointee.isolatesText { IsolationMarks.appendPopDirectionalIsolate(to: &output) }
    }

    /// With `escapesJSON`, escapes what an argument wrote from `start` on.
    @inline(__always)
    private func escapeJSON<Output: ByteOutput>(_ output: inout Output, from start: Int) {
        if options.pointee.escapesJSON { JSONStringText.escapeTail(&output, from: start) }
    }

    /// Writes a number in the locale's default format; returns whether it came from the small
    /// integer table and that table writes nothing a JSON string escapes (ICU's output is
    /// escaped like any argument's).
    private func writeDefaultNumber<Output: ByteOutput>(_ value: ArgumentValue, into output: inout Output) -> Bool {
        switch value {
        case .int(let number) where number >= 0 && number < SmallIntegerTable.count && smallIntegers != nil:
            output.append(contentsOf: smallIntegers.unsafelyUnwrapped.formatted(Int(number)))
            return smallIntegers.unsafelyUnwrapped.isJSONClean
        case .int(let number) where WholeNumberDigits.range.contains(number) && smallIntegers?.wholeNumbers != nil:
            smallIntegers.unsafelyUnwrapped.wholeNumbers.unsafelyUnwrapped.write(number, into: &output)
            return smallIntegers.unsafelyUnwrapped.isJSONClean
        case .int(let number): defaultNumberFormat.format(number) { output.append(contentsOf: $0) }
        case .double(let number): defaultNumberFormat.format(number) { output.append(contentsOf: $0) }
        case .decimal(let text): defaultNumberFormat.format(decimal: text) { output.append(contentsOf: $0) }
        case .date(let number): defaultNumberFormat.format(number) { output.append(contentsOf: $0) }
        case .string: break
        }
        return false
    }

    private func writeNumber<Output: ByteOutput>(
        _ reference: UnsafePointer<ArgumentReference>,
        _ format: ICUNumberFormat,
        into output: inout Output
    )
        throws(MessageFormatError)
    {
        switch try value(of: reference) {
        case .int(let number): format.format(number) { output.append(contentsOf: $0) }
        case .double(let number): format.format(number) { output.append(contentsOf: $0) }
        case .decimal(let text): format.format(decimal: text) { output.append(contentsOf: $0) }
        case let other:
            throw .wrongArgumentType(
                name: reference.pointee.name,
                expected: "a number",
                actual: other.kindName,
                range: reference.pointee.range
            )
        }
    }

    private func writeDate<Output: ByteOutput>(
        _ milliseconds: Double,
        _ format: ICUDateFormat,
        into output: inout Output
    )
        throws(MessageFormatError)
    {
        do {
            try format.format(epochMilliseconds: milliseconds, timeZone: options.pointee.timeZone) {
                output.append(contentsOf: $0)
            }
        } catch {
            throw .invalidTimeZone(options.pointee.timeZone ?? "")
        }
    }

    private func value(of reference: UnsafePointer<ArgumentReference>) throws(MessageFormatError) -> ArgumentValue {
        guard reference.pointee.slot >= 0, reference.pointee.slot < arguments.count,
            let value = arguments[reference.pointee.slot]
        else {
            throw .missingArgument(name: reference.pointee.name, range: reference.pointee.range)
        }
        return value
    }

    /// A date argument's instant: a date, a number of epoch milliseconds (as ICU reads a number
    /// given to a date format), or ISO-8601 text.
    private func epochMilliseconds(of reference: UnsafePointer<ArgumentReference>) throws(MessageFormatError) -> Double
    {
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
            name: reference.pointee.name,
            expected: "a date (ISO-8601 with offset, or epoch milliseconds)",
            actual: value.kindName,
            range: reference.pointee.range
        )
    }
}

/// The bidi isolation marks around text arguments (`FormatOptions.isolatesText`).
enum IsolationMarks {
    /// Appends FIRST STRONG ISOLATE, U+2068 (from constants: no shared array to retain).
    @inline(__always)
    static func appendFirstStrongIsolate<Output: ByteOutput>(to output: inout Output) {
        withUnsafeBytes(of: (UInt8(0xE2), UInt8(0x81), UInt8(0xA8))) {
            output.append(contentsOf: $0.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Appends POP DIRECTIONAL ISOLATE, U+2069.
    @inline(__always)
    static func appendPopDirectionalIsolate<Output: ByteOutput>(to output: inout Output) {
        withUnsafeBytes(of: (UInt8(0xE2), UInt8(0x81), UInt8(0xA9))) {
            output.append(contentsOf: $0.assumingMemoryBound(to: UInt8.self))
        }
    }
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
