import ArgumentParser
import PushLocalizer

/// `pushloc format`: format one ICU MessageFormat message, exactly as ICU4C would.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Format an ICU MessageFormat message.",
        discussion: """
            Output equals ICU4C's icu::MessageFormat, except that a missing argument is an error. \
            --arg values are text, read as numbers where the message uses them as numbers; \
            --json-args carries typed values. Dates are ISO-8601 with an offset, or epoch milliseconds.
            """
    )

    @Option(help: "BCP 47 locale tag.")
    var locale = "en"

    @Option(
        name: .customLong("arg"),
        help: ArgumentHelp("An argument as NAME=VALUE (repeatable).", valueName: "NAME=VALUE")
    )
    var arguments: [String] = []

    @Option(name: .customLong("json-args"), help: ArgumentHelp("Typed arguments as a JSON object.", valueName: "JSON"))
    var jsonArguments: String?

    @Option(name: .customLong("time-zone"), help: "IANA time zone for dates and times (default UTC).")
    var timeZone: String?

    @Option(help: "Catalog directory (unused by format; accepted for symmetry).")
    var catalog = "."

    @ArgumentParser.Argument(help: "The message pattern.")
    var message: String

    func run() throws {
        let compiled: CompiledMessage
        do {
            compiled = try CompiledMessage(pattern: message, locale: locale)
        } catch {
            if case .invalidLocale = error { throw CommandFailure.usage("--locale: \(error.description)") }
            throw CommandFailure.failed(error.description)
        }
        let values = try argumentValues(for: compiled.syntax)
        do {
            var output: [UInt8] = []
            try compiled.format(values, options: FormatOptions(timeZone: timeZone), into: &output)
            output.append(0x0A)
            Standard.output(output)
        } catch {
            if case .invalidTimeZone = error { throw CommandFailure.usage("--time-zone: \(error.description)") }
            throw CommandFailure.failed(error.description)
        }
    }

    private func argumentValues(for syntax: Message) throws -> [String: ArgumentValue] {
        let usages = Dictionary(syntax.argumentUsages.map { ($0.name, $0.usages) }, uniquingKeysWith: { a, _ in a })
        var values: [String: ArgumentValue] = [:]
        for (name, member) in try CommandArguments.jsonObject(jsonArguments) {
            guard let value = ArgumentConversion.value(fromJSON: member) else {
                throw CommandFailure.usage(
                    "--json-args: argument '\(name)' is \(member.kindName); use a string or number"
                )
            }
            values[name] = Self.reading(value, as: usages[name] ?? [])
        }
        for argument in arguments {
            let (name, text) = try CommandArguments.split(argument)
            values[name] = Self.reading(
                ArgumentConversion.value(fromText: text, usages: usages[name] ?? [.text]),
                as: usages[name] ?? []
            )
        }
        return values
    }

    /// A number given for an argument used only as a date is epoch milliseconds.
    private static func reading(_ value: ArgumentValue, as usages: Set<ArgumentUsage>) -> ArgumentValue {
        guard usages == [.date] else { return value }
        switch value {
        case .int(let number): return .date(epochMilliseconds: Double(number))
        case .double(let number): return .date(epochMilliseconds: number)
        default: return value
        }
    }
}
