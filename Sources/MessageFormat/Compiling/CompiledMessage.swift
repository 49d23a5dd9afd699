import ICUKit

/// An ICU MessageFormat 1 pattern compiled for one locale: parse once, format many times, from
/// any number of threads.
///
/// Output equals icu::MessageFormat's for the same pattern, locale and arguments, except that a
/// missing argument is an error (ICU prints `{name}`), and, when asked, text arguments are
/// isolated with FSI…PDI.
public struct CompiledMessage: Sendable {
    /// Everything behind one reference, so copying a compiled message costs one retain.
    final class Storage: Sendable {
        let pattern: String
        let locale: String
        let syntax: Message
        let program: CompiledProgram
        let literal: [UInt8]?
        let argumentNames: [String]

        init(
            pattern: String,
            locale: String,
            syntax: Message,
            program: CompiledProgram,
            argumentNames: [String]
        ) {
            self.argumentNames = argumentNames
            self.pattern = pattern
            self.locale = locale
            self.syntax = syntax
            self.program = program
            literal = program.literal
        }
    }

    let storage: Storage

    /// The message behind `storage` (a copy of a compiled message, not a new one).
    init(storage: Storage) {
        self.storage = storage
    }

    /// The pattern as given.
    public var pattern: String { storage.pattern }
    /// The locale it formats for (a BCP 47 tag).
    public var locale: String { storage.locale }
    /// The syntax tree, with source offsets.
    public var syntax: Message { storage.syntax }
    /// The output when the message has no argument at all (nil otherwise): such a message is the
    /// same text whatever the arguments.
    public var literalText: [UInt8]? { storage.literal }
    /// The literal texts (UTF-8, not escaped) the message starts and ends with at its top level:
    /// empty where it starts or ends with an argument, a plural or a select, and both empty for a
    /// message that is one literal. `CompiledMessage.Unretained` can leave them out, for a caller
    /// that writes them with its own constant bytes.
    package var edgeLiterals: (leading: [UInt8], trailing: [UInt8]) {
        let program = storage.program
        let edges = program.edgeLiterals
        return (
            edges.leading.map { Array(program.bytes($0)) } ?? [], edges.trailing.map { Array(program.bytes($0)) } ?? []
        )
    }
    /// Identifies this compiled message: copies share it, a message compiled again does not. The
    /// same message formatting the same values with the same options writes the same bytes.
    public var identity: ObjectIdentifier { ObjectIdentifier(storage) }
    /// The argument names by slot: the slot-array `format` reads the value of `argumentNames[i]`
    /// at index `i`. It starts with the `argumentOrder` given at compilation; names the message
    /// uses besides those follow in first-use order.
    public var argumentNames: [String] { storage.argumentNames }

    /// Parses and compiles a pattern.
    /// - Parameters:
    ///   - pattern: ICU MessageFormat 1 text with named arguments.
    ///   - locale: BCP 47 tag whose plural rules and number and date formats apply.
    ///   - argumentOrder: names whose slots come first, in this order (a template passes its
    ///     declared arguments, so that all its messages read one value array).
    /// - Throws: `MessageFormatError.syntax` for a malformed pattern, `.invalidStyle` for a style
    ///   ICU rejects, `.invalidLocale` for a tag that cannot be read.
    public init(pattern: String, locale: String, argumentOrder: [String] = []) throws(MessageFormatError) {
        let setup = LocaleSetup.of(locale)
        guard setup.isWellFormed else { throw .invalidLocale(locale) }
        let syntax: Message
        do {
            syntax = try MessageParser.parse(pattern)
        } catch {
            throw .syntax(error)
        }
        var names = argumentOrder
        var slots: [String: Int] = [:]
        for (slot, name) in argumentOrder.enumerated() where slots[name] == nil { slots[name] = slot }
        for name in syntax.argumentNamesInUseOrder where slots[name] == nil {
            slots[name] = names.count
            names.append(name)
        }
        let compiler = try MessageCompiler(locale: locale, setup: setup, slots: slots)
        storage = Storage(
            pattern: pattern,
            locale: locale,
            syntax: syntax,
            program: try compiler.program(syntax),
            argumentNames: names
        )
    }

    /// Writes this message for values by slot, noting text arguments in `recorder`.
    @inline(__always)
    func write<Recorder: TextArgumentRecorder, Output: ByteOutput>(
        _ slots: [ArgumentValue?],
        _ options: FormatOptions,
        into output: inout Output,
        recorder: inout Recorder,
        range: InstructionRange? = nil
    ) throws(MessageFormatError) {
        let program = storage.program
        try withUnsafePointer(to: options) { options throws(MessageFormatError) in
            try slots.withUnsafeBufferPointer { slots throws(MessageFormatError) in
                // The recorder is handed over and back, never copied: a copy would share its array,
                // and the writer's first note would copy the array (an allocation per message).
                var writer = MessageWriter(program: program, arguments: slots, options: options, recorder: Recorder())
                swap(&writer.recorder, &recorder)
                defer { swap(&writer.recorder, &recorder) }
                try writer.write(range ?? program.root, into: &output, plural: nil)
            }
        }
    }

    /// The values of `arguments` by slot (nil for a name it lacks).
    private func slots(_ arguments: [String: ArgumentValue]) -> [ArgumentValue?] {
        storage.argumentNames.map { arguments[$0] }
    }

    /// Formats the message.
    /// - Parameters:
    ///   - arguments: values by argument name.
    ///   - timeZone: IANA time zone for dates and times (nil = UTC).
    /// - Returns: the formatted text.
    /// - Throws: `MessageFormatError` for a missing argument, a value of the wrong kind, or an
    ///   unknown time zone.
    public func format(
        _ arguments: [String: ArgumentValue],
        timeZone: String? = nil
    ) throws(MessageFormatError)
        -> String
    {
        var output: [UInt8] = []
        try format(arguments, options: FormatOptions(timeZone: timeZone), into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Formats the message, appending UTF-8 to `output`.
    /// - Parameters:
    ///   - arguments: values by argument name.
    ///   - options: time zone and bidi isolation.
    ///   - output: the buffer to append to.
    /// - Throws: as `format(_:timeZone:)`; `output` then holds a partial result.
    public func format(
        _ arguments: [String: ArgumentValue],
        options: FormatOptions,
        into output: inout [UInt8]
    ) throws(MessageFormatError) {
        try format(slots: slots(arguments), options: options, into: &output)
    }

    /// Formats the message from values by slot (see `argumentNames`), appending UTF-8 to `output`.
    /// - Parameters:
    ///   - slots: the value of `argumentNames[i]` at index `i` (nil or absent: missing).
    ///   - options: time zone and bidi isolation.
    ///   - output: the buffer to append to.
    /// - Throws: as `format(_:timeZone:)`; `output` then holds a partial result.
    public func format(
        slots: [ArgumentValue?],
        options: FormatOptions,
        into output: inout [UInt8]
    ) throws(MessageFormatError) {
        // One writer for both: this message is alive for the whole call.
        try Unretained(self).format(slots: slots, options: options, into: &output)
    }

    /// Formats the message from values by slot, appending UTF-8 to `output` and adding one to
    /// `counts[slot]` for each text argument written (slots past the end of `counts` are not counted).
    /// - Throws: as `format(_:timeZone:)`.
    public func format(
        slots: [ArgumentValue?],
        options: FormatOptions,
        into output: inout [UInt8],
        countingTextArgumentsIn counts: inout [Int]
    ) throws(MessageFormatError) {
        try Unretained(self).format(slots: slots, options: options, into: &output, countingTextArgumentsIn: &counts)
    }

    /// Formats the message, appending UTF-8 to `output` and noting where each text argument landed.
    /// - Parameters:
    ///   - arguments: values by argument name.
    ///   - options: time zone and bidi isolation.
    ///   - output: the buffer to append to.
    ///   - spans: receives one span per text argument written, in output order.
    /// - Throws: as `format(_:timeZone:)`.
    public func format(
        _ arguments: [String: ArgumentValue],
        options: FormatOptions,
        into output: inout [UInt8],
        recordingTextSpansIn spans: inout [TextArgumentSpan]
    ) throws(MessageFormatError) {
        try format(slots: slots(arguments), options: options, into: &output, recordingTextSpansIn: &spans)
    }

    /// Formats the message from values by slot, appending UTF-8 to `output` and noting where each
    /// text argument landed.
    /// - Throws: as `format(_:timeZone:)`.
    public func format(
        slots: [ArgumentValue?],
        options: FormatOptions,
        into output: inout [UInt8],
        recordingTextSpansIn spans: inout [TextArgumentSpan]
    ) throws(MessageFormatError) {
        try Unretained(self).format(slots: slots, options: options, into: &output, recordingTextSpansIn: &spans)
    }
}

extension CompiledMessage {
    /// Formats one value as `{name}` would in `locale`: text as is, numbers in the locale's default
    /// number format, dates as short date and time (as `loc-args` need them).
    /// - Throws: `MessageFormatError.invalidLocale` or `.invalidTimeZone`.
    public static func formatPlain(
        _ value: ArgumentValue,
        locale: String,
        timeZone: String?
    )
        throws(MessageFormatError) -> [UInt8]
    {
        let compiler = try MessageCompiler(locale: locale, slots: ["value": 0])
        let program = try compiler.program(
            Message(
                parts: [
                    .argument(
                        Argument(name: "value", nameRange: SourceRange(0, 0), range: SourceRange(0, 0), kind: .none)
                    )
                ],
                range: SourceRange(0, 0)
            )
        )
        var output: [UInt8] = []
        let options = FormatOptions(timeZone: timeZone)
        try withUnsafePointer(to: options) { options throws(MessageFormatError) in
            try [Optional(value)].withUnsafeBufferPointer { arguments throws(MessageFormatError) in
                var writer = MessageWriter(
                    program: program,
                    arguments: arguments,
                    options: options,
                    recorder: NoRecording()
                )
                try writer.write(program.root, into: &output, plural: nil)
            }
        }
        return output
    }
}
