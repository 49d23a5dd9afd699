/// Why a message could not be compiled or formatted.
public enum MessageFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern is not valid MessageFormat.
    case syntax(MessageSyntaxError)
    /// ICU rejected an argument style (a bad number skeleton, date pattern or rule set).
    case invalidStyle(argument: String, style: String, reason: String, range: SourceRange)
    /// The message uses an argument that was not given (ICU would print `{name}`; we refuse).
    case missingArgument(name: String, range: SourceRange)
    /// The argument's value cannot be used where the message uses it (text in `plural`, a
    /// number in `select`, text that is not a date in `date`).
    case wrongArgumentType(name: String, expected: String, actual: String, range: SourceRange)
    /// The time zone is not an IANA id that ICU knows.
    case invalidTimeZone(String)
    /// The locale tag cannot be read.
    case invalidLocale(String)

    /// A stable code for the error kind.
    public var code: String {
        switch self {
        case .syntax: "syntax"
        case .invalidStyle: "invalid-style"
        case .missingArgument: "missing-argument"
        case .wrongArgumentType: "argument-type"
        case .invalidTimeZone: "invalid-time-zone"
        case .invalidLocale: "invalid-locale"
        }
    }

    /// A sentence for people.
    public var description: String {
        switch self {
        case .syntax(let error):
            "syntax error at \(error.description)"
        case .invalidStyle(let argument, let style, let reason, _):
            "argument '\(argument)' has an invalid style '\(style)': \(reason)"
        case .missingArgument(let name, _):
            "missing argument '\(name)'"
        case .wrongArgumentType(let name, let expected, let actual, _):
            "argument '\(name)' must be \(expected), got \(actual)"
        case .invalidTimeZone(let zone):
            "unknown time zone '\(zone)' (expected an IANA id such as Europe/Warsaw)"
        case .invalidLocale(let tag):
            "invalid locale tag '\(tag)'"
        }
    }
}
