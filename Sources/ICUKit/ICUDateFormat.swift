internal import CICU

/// The date argument kinds of ICU MessageFormat.
public enum DateFormatKind: Sendable {
    /// A date value in a plain `{d}`: short date and short time.
    case dateTime
    /// `{d, date[, style]}`.
    case date
    /// `{d, time[, style]}`.
    case time

    var cValue: cicu_date_kind {
        switch self {
        case .dateTime: CICU_DATE_DEFAULT
        case .date: CICU_DATE_DATE
        case .time: CICU_DATE_TIME
        }
    }
}

/// A date formatter built exactly as ICU4C's `icu::MessageFormat` builds it for an argument.
///
/// `@unchecked Sendable`: the handle points at an immortal prototype owned by CICU's cache;
/// formatting uses a per-time-zone clone under its own lock inside CICU, so any thread may format.
public struct ICUDateFormat: @unchecked Sendable {
    let handle: OpaquePointer

    /// Finds or creates (cached) the formatter for one argument shape.
    /// - Parameters:
    ///   - locale: A BCP 47 tag, read with `icu::Locale::forLanguageTag`.
    ///   - kind: `dateTime` for a plain `{d}`, else `date` or `time`.
    ///   - style: The style text as written after the comma: `short`, `medium`, `long`, `full`,
    ///     `::skeleton` or a pattern; `nil` for none.
    /// - Throws: `ICUError` when ICU rejects the locale or skeleton.
    public init(locale: String, kind: DateFormatKind, style: String?) throws(ICUError) {
        var reason: String?
        let opened: OpaquePointer? = locale.withCString { cLocale in
            withOptionalCString(style) { cStyle in
                var handle: OpaquePointer?
                reason = UTF8Output.errorMessage { errorOut, capacity in
                    handle = cicu_date_format_open(cLocale, kind.cValue, cStyle, errorOut, capacity)
                    return handle != nil
                }
                return handle
            }
        }
        guard let opened else {
            throw ICUError(message: reason ?? "cannot create date format for '\(locale)'")
        }
        handle = opened
    }

    /// Appends the UTF-8 formatting of an instant in a time zone to `output`.
    /// - Parameters:
    ///   - epochMilliseconds: Milliseconds since 1970-01-01T00:00:00Z.
    ///   - timeZone: An IANA time zone id; `nil` or empty for UTC.
    ///   - output: The bytes to append to.
    /// - Throws: `ICUError` for a time zone ICU does not know or a pattern ICU cannot format.
    public func format(epochMilliseconds: Double, timeZone: String?, into output: inout [UInt8]) throws(ICUError) {
        try format(epochMilliseconds: epochMilliseconds, timeZone: timeZone) { output.append(contentsOf: $0) }
    }

    /// Hands the UTF-8 formatting of an instant in a time zone to `sink`.
    /// - Parameters:
    ///   - epochMilliseconds: Milliseconds since 1970-01-01T00:00:00Z.
    ///   - timeZone: An IANA time zone id; `nil` or empty for UTC.
    ///   - sink: Receives the bytes, once (not called on an error).
    /// - Throws: `ICUError` for a time zone ICU does not know or a pattern ICU cannot format.
    public func format(
        epochMilliseconds: Double,
        timeZone: String?,
        to sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(ICUError) {
        let length = withOptionalCString(timeZone) { cZone in
            UTF8Output.write({ cicu_date_format_format(handle, cZone, epochMilliseconds, $0, $1) }, to: sink)
        }
        guard length >= 0 else {
            if let timeZone, !TimeZones.isValid(timeZone) {
                throw ICUError(message: "unknown time zone '\(timeZone)'")
            }
            throw ICUError(message: "cannot format date (ICU status \(length))")
        }
    }
}

/// Time zone identifiers as ICU knows them.
public enum TimeZones {
    /// Whether ICU knows `identifier` (an IANA id such as `Europe/Paris`, or `UTC`).
    /// - Parameter identifier: The id to check.
    /// - Returns: `false` for ids ICU would replace with `Etc/Unknown`.
    public static func isValid(_ identifier: String) -> Bool {
        identifier.withCString { cicu_time_zone_is_valid($0) != 0 }
    }
}
