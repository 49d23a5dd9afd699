import FuzzSupport
import ICUOracle
import MessageFormat
import TestSupport

/// libFuzzer target: the input is a MessageFormat pattern; its last two bytes also choose the
/// locale and the kind of values its arguments get. Invariants:
/// - the parser and the compiler agree on whether the pattern is well-formed, and a syntax error
///   points inside the pattern;
/// - a compiled message formats to valid UTF-8, the same bytes through every `format` entry
///   point and on every call, with the same error when it fails;
/// - every recorded text span lies inside the output, in order, and holds the argument's text;
/// - the JSON-escaped output is a JSON string whose value is the plain output;
/// - the output is ICU4C's own `icu::MessageFormat` output, byte for byte (for values ICU survives).
@main
enum FuzzMessageFormat {
    static func main() { runFuzzer(test) }

    static let test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        guard let data else { return 0 }
        let bytes = UnsafeRawBufferPointer(start: data, count: size)
        let pattern = String(decoding: bytes, as: UTF8.self)
        let locale = MessageFormatTarget.locales[
            Int(size > 0 ? bytes[size - 1] : 0) % MessageFormatTarget.locales.count
        ]
        let flavour = Int(size > 1 ? bytes[size - 2] : 0)
        MessageFormatTarget.check(pattern: pattern, locale: locale, flavour: flavour)
        return 0
    }
}

enum MessageFormatTarget {
    static let locales = [
        "en", "ru", "ar", "pl", "ja", "he", "fr", "hi", "cy", "zh-Hant", "ar-u-nu-arab", "en-u-nu-roman",
        "th-u-nu-thai", "sr-Latn", "ga", "lt", "br", "root", "und", "x", "en-US-u-ca-buddhist",
    ]

    static func check(pattern: String, locale: String, flavour: Int) {
        let parsed: Result<Message, MessageSyntaxError>
        do {
            parsed = .success(try MessageParser.parse(pattern))
        } catch {
            parsed = .failure(error)
            require(
                (0...pattern.utf8.count).contains(error.byteOffset) && error.line >= 1 && error.column >= 1,
                "syntax error outside the pattern: \(error) at byte \(error.byteOffset) of \(pattern.utf8.count)"
            )
        }
        let message: CompiledMessage
        do {
            message = try CompiledMessage(pattern: pattern, locale: locale)
        } catch {
            if case .syntax(let syntax) = error {
                guard case .failure(let expected) = parsed else {
                    fail("the parser accepts what the compiler calls a syntax error: \(syntax)")
                }
                require(syntax == expected, "two syntax errors for one pattern: \(syntax) / \(expected)")
            } else if case .invalidLocale = error {
                // The locale is read before the pattern.
            } else {
                require(
                    parsed.isSuccess,
                    "a pattern the parser rejects fails to compile with \(error), not a syntax error"
                )
            }
            return
        }
        require(parsed.isSuccess, "the compiler accepts a pattern the parser rejects")
        let values = ArgumentValues.make(for: message.argumentNames, flavour: flavour)
        checkFormatting(message, values: values, timeZone: flavour & 0x40 == 0 ? nil : "Asia/Kathmandu")
    }

    static func checkFormatting(_ message: CompiledMessage, values: [String: ArgumentValue], timeZone: String?) {
        let plain = FormatOptions(timeZone: timeZone)
        let first = attempt { (output: inout [UInt8]) throws(MessageFormatError) in
            try message.format(values, options: plain, into: &output)
        }
        let again = attempt { (output: inout [UInt8]) throws(MessageFormatError) in
            try message.format(values, options: plain, into: &output)
        }
        require(first == again, "two formats of one message differ: \(first) / \(again)")
        let slots = message.argumentNames.map { values[$0] }
        let bySlot = attempt { (output: inout [UInt8]) throws(MessageFormatError) in
            try message.format(slots: slots, options: plain, into: &output)
        }
        require(first == bySlot, "formatting by name and by slot differ: \(first) / \(bySlot)")
        var spans: [TextArgumentSpan] = []
        let spanned = attempt { (output: inout [UInt8]) throws(MessageFormatError) in
            try message.format(values, options: plain, into: &output, recordingTextSpansIn: &spans)
        }
        require(first == spanned, "recording spans changes the output: \(first) / \(spanned)")
        guard case .success(let output) = first else { return }
        require(PayloadChecks.isValidUTF8(output), "output is not UTF-8: \(output)")
        checkAgainstICU(message, values: values, timeZone: timeZone, output: output)
        if let literal = message.literalText {
            require(literal == output, "literal text \(literal) but formatted \(output)")
        }
        var end = 0
        for span in spans {
            require(
                span.range.lowerBound >= end && span.range.upperBound <= output.count,
                "span \(span) out of order or outside \(output.count) bytes"
            )
            end = span.range.upperBound
            if case .string(let text) = values[span.name] {
                require(Array(output[span.range]) == Array(text.utf8), "span \(span) does not hold '\(text)'")
            }
        }
        let escaped = attempt { (output: inout [UInt8]) throws(MessageFormatError) in
            try message.format(values, options: FormatOptions(timeZone: timeZone, escapesJSON: true), into: &output)
        }
        guard case .success(let escapedBytes) = escaped else {
            fail("escaping JSON makes formatting fail: \(escaped)")
        }
        let decoded = PayloadChecks.json([0x22] + escapedBytes + [0x22])
        require(
            decoded?.stringValue == String(decoding: output, as: UTF8.self),
            "escaped output is not the JSON string of the output: \(escapedBytes) for \(output)"
        )
    }

    /// Our output must be ICU4C's, byte for byte, for values ICU itself survives: its rule-based
    /// formats (algorithmic numbering systems, spellout) recurse until the stack runs out on
    /// INT64_MIN and on whole numbers beyond Int64, which we answer deliberately instead. Texts
    /// with NUL are left out too: the oracle takes C strings.
    static func checkAgainstICU(
        _ message: CompiledMessage,
        values: [String: ArgumentValue],
        timeZone: String?,
        output: [UInt8]
    ) {
        let survivable = values.values.allSatisfy { value in
            switch value {
            case .int(let number): number != .min
            case .double(let number), .date(let number): number.isFinite && abs(number) < 9.0e18
            case .decimal(let text):
                Double(text) != nil && text.utf8.count <= 18 && !text.contains { $0 == "e" || $0 == "E" }
            // ISO-8601 text in a date slot is ours, not ICU's (it takes a UDate): a deliberate
            // difference.
            case .string(let text): !text.utf8.contains(0) && ISO8601Instant.epochMilliseconds(text) == nil
            }
        }
        // The oracle takes C strings: a NUL would end them early.
        guard survivable, !message.pattern.utf8.contains(0) else { return }
        let icu = ICUOracleFormatter.format(
            pattern: message.pattern,
            locale: message.locale,
            arguments: values,
            timeZone: timeZone
        )
        let ours = String(decoding: output, as: UTF8.self)
        require(
            icu == .text(ours),
            "ICU4C differs for \(VisibleText.quote(message.pattern)) in \(message.locale) with \(values): ICU \(icu), ours \(VisibleText.quote(ours))"
        )
    }

    static func attempt(
        _ body: (inout [UInt8]) throws(MessageFormatError) -> Void
    ) -> Result<[UInt8], MessageFormatError> {
        var output: [UInt8] = []
        do {
            try body(&output)
            return .success(output)
        } catch {
            return .failure(error)
        }
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
