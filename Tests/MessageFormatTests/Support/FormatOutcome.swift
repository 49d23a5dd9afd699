import MessageFormat
import TestSupport

/// What one formatter did with one case: text, or a failure with its code.
enum FormatOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The formatted text.
    case text(String)
    /// A failure: our `MessageFormatError.code`, or ICU's `u_errorName` (with the parse offset).
    case failure(code: String, detail: String)

    var isFailure: Bool {
        if case .failure = self { true } else { false }
    }

    var text: String? {
        if case .text(let text) = self { text } else { nil }
    }

    var failureCode: String? {
        if case .failure(let code, _) = self { code } else { nil }
    }

    var description: String {
        switch self {
        case .text(let text): VisibleText.quote(text)
        case .failure(let code, let detail): detail.hasPrefix(code) ? "error \(detail)" : "error \(code): \(detail)"
        }
    }

    /// Compiles and formats with our engine.
    static func engine(
        pattern: String,
        locale: String,
        arguments: [String: ArgumentValue],
        timeZone: String?
    ) -> FormatOutcome {
        do throws(MessageFormatError) {
            let message = try CompiledMessage(pattern: pattern, locale: locale)
            return .text(try message.format(arguments, timeZone: timeZone))
        } catch {
            return .failure(code: error.code, detail: error.description)
        }
    }

    /// Formats with ICU4C's own icu::MessageFormat.
    static func icu(
        pattern: String,
        locale: String,
        arguments: [String: ArgumentValue],
        timeZone: String?
    ) -> FormatOutcome {
        switch ICUOracleFormatter.format(pattern: pattern, locale: locale, arguments: arguments, timeZone: timeZone) {
        case .text(let text): .text(text)
        case .failure(let code, let detail): .failure(code: code, detail: detail)
        }
    }
}
