internal import CICU

/// The number formatter kinds of ICU MessageFormat arguments.
public enum NumberFormatKind: Sendable {
    /// `{n}` and `{n, number}`.
    case standard
    /// `{n, number, integer}`.
    case integer
    /// `{n, number, percent}`.
    case percent
    /// `{n, number, currency}`.
    case currency
    /// `{n, number, ::skeleton}`; the style is the text after `::`.
    case skeleton
    /// `{n, number, #,##0.00}`; the style is the DecimalFormat pattern exactly as written.
    case pattern
    /// `{n, spellout[, ruleset]}`.
    case spellout
    /// `{n, ordinal[, ruleset]}`.
    case ordinal
    /// `{n, duration[, ruleset]}`.
    case duration

    var cValue: cicu_number_kind {
        switch self {
        case .standard: CICU_NUMBER_DEFAULT
        case .integer: CICU_NUMBER_INTEGER
        case .percent: CICU_NUMBER_PERCENT
        case .currency: CICU_NUMBER_CURRENCY
        case .skeleton: CICU_NUMBER_SKELETON
        case .pattern: CICU_NUMBER_PATTERN
        case .spellout: CICU_NUMBER_SPELLOUT
        case .ordinal: CICU_NUMBER_ORDINAL
        case .duration: CICU_NUMBER_DURATION
        }
    }
}

/// A number formatter built exactly as ICU4C's `icu::MessageFormat` builds it for an argument,
/// so that formatting through it is byte-identical to ICU's MessageFormat.
///
/// `@unchecked Sendable`: the handle points at an immortal ICU formatter owned by CICU's
/// process-wide cache (never freed, never mutated after creation), whose format calls are safe
/// from many threads at once (CICU locks internally where ICU is not).
public struct ICUNumberFormat: @unchecked Sendable {
    let handle: OpaquePointer

    /// Finds or creates the formatter for one argument shape. Cached: a repeat call is a lookup.
    /// - Parameters:
    ///   - locale: A BCP 47 tag, read with `icu::Locale::forLanguageTag`.
    ///   - kind: The argument's type/style keyword.
    ///   - style: The skeleton (after `::`), pattern or rule set name; `nil` for none.
    /// - Throws: `ICUError` when ICU rejects the locale, skeleton or pattern.
    public init(locale: String, kind: NumberFormatKind, style: String?) throws(ICUError) {
        var reason: String?
        let opened: OpaquePointer? = locale.withCString { cLocale in
            withOptionalCString(style) { cStyle in
                var handle: OpaquePointer?
                reason = UTF8Output.errorMessage { errorOut, capacity in
                    handle = cicu_number_format_open(cLocale, kind.cValue, cStyle, errorOut, capacity)
                    return handle != nil
                }
                return handle
            }
        }
        guard let opened else {
            throw ICUError(message: reason ?? "cannot create number format for '\(locale)'")
        }
        handle = opened
    }

    /// Whether ICU built an `icu::DecimalFormat`; plural selection then looks at the formatted
    /// digits ("1.00" is not "one" in English) rather than at the plain double.
    public var isDecimalFormat: Bool {
        cicu_number_format_is_decimal_format(handle) != 0
    }

    /// Appends the UTF-8 formatting of a double to `output`.
    /// - Parameters:
    ///   - value: The number.
    ///   - output: The bytes to append to.
    public func format(_ value: Double, into output: inout [UInt8]) {
        format(value) { output.append(contentsOf: $0) }
    }

    /// Hands the UTF-8 formatting of a double to `sink` (formatted in a temporary buffer: no
    /// allocation for the usual number).
    /// - Parameters:
    ///   - value: The number.
    ///   - sink: Receives the bytes, once.
    public func format(_ value: Double, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        UTF8Output.write({ cicu_number_format_double(handle, value, $0, $1) }, to: sink)
    }

    /// Appends the UTF-8 formatting of a 64-bit integer to `output`.
    /// - Parameters:
    ///   - value: The number.
    ///   - output: The bytes to append to.
    public func format(_ value: Int64, into output: inout [UInt8]) {
        format(value) { output.append(contentsOf: $0) }
    }

    /// Hands the UTF-8 formatting of a 64-bit integer to `sink`.
    /// - Parameters:
    ///   - value: The number.
    ///   - sink: Receives the bytes, once.
    public func format(_ value: Int64, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        UTF8Output.write({ cicu_number_format_int64(handle, value, $0, $1) }, to: sink)
    }

    /// Appends the UTF-8 formatting of a decimal number string ("12345678901234567890.5"),
    /// keeping its full precision as `icu::Formattable(StringPiece)` does. Appends nothing when
    /// the string is not a number.
    /// - Parameters:
    ///   - decimal: An ASCII decimal number.
    ///   - output: The bytes to append to.
    public func format(decimal: String, into output: inout [UInt8]) {
        format(decimal: decimal) { output.append(contentsOf: $0) }
    }

    /// Hands the UTF-8 formatting of a decimal number string to `sink` (not called when the string
    /// is not a number).
    /// - Parameters:
    ///   - decimal: An ASCII decimal number.
    ///   - sink: Receives the bytes, once.
    public func format(decimal: String, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        _ = decimal.withCString { cDecimal in
            UTF8Output.write({ cicu_number_format_decimal(handle, cDecimal, $0, $1) }, to: sink)
        }
    }

    /// The formatting of a double as a String (a convenience for tests and diagnostics).
    /// - Parameter value: The number.
    /// - Returns: The formatted text.
    public func string(for value: Double) -> String {
        var bytes: [UInt8] = []
        format(value, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Calls `body` with a C string for `text`, or with nil.
func withOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}
