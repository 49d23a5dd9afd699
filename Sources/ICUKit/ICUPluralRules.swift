internal import CICU

/// A locale's CLDR plural rules as ICU4C applies them.
///
/// `@unchecked Sendable`: the handle points at immortal `icu::PluralRules` owned by CICU's
/// process-wide cache; selection is a const ICU call, safe from many threads.
public struct ICUPluralRules: @unchecked Sendable {
    let handle: OpaquePointer

    /// Finds or creates (cached) the cardinal or ordinal rules of a locale.
    /// - Parameters:
    ///   - locale: A BCP 47 tag, read with `icu::Locale::forLanguageTag`.
    ///   - type: Cardinal (`plural`) or ordinal (`selectordinal`).
    /// - Throws: `ICUError` when the tag is not readable.
    public init(locale: String, type: PluralType) throws(ICUError) {
        let opened = locale.withCString { cicu_plural_rules_open($0, type == .ordinal ? 1 : 0) }
        guard let opened else {
            throw ICUError(message: "no plural rules for locale '\(locale)'")
        }
        handle = opened
    }

    /// The categories the locale uses, in CLDR order (always ending with `other`).
    public var categories: [PluralCategory] {
        let keywords = UTF8Output.string { out, capacity in cicu_plural_rules_keywords(handle, out, capacity) }
        let list = (keywords ?? "other").split(separator: " ").compactMap { PluralCategory(rawValue: String($0)) }
        return list.isEmpty ? [.other] : list.sorted()
    }

    /// The category ICU's MessageFormat picks for a plural argument's number.
    /// - Parameters:
    ///   - value: The number (after subtracting any `offset:`).
    ///   - format: The number format the argument is shown with (the first `{n, number, …}` of
    ///     the `other` branch), or `nil` for the locale's default. A DecimalFormat makes visible
    ///     fraction digits count; other formats select on the plain double.
    /// - Returns: The category.
    public func category(of value: Double, formattedBy format: ICUNumberFormat?) -> PluralCategory {
        let keyword = UTF8Output.string { out, capacity in
            cicu_plural_select(handle, format?.handle, value, out, capacity)
        }
        return keyword.flatMap(PluralCategory.init(rawValue:)) ?? .other
    }

    /// The category of a whole number `value` (0 ≤ value < 10^15) as ICU's MessageFormat picks it
    /// with a DecimalFormat (the default number format): the formatted quantity of a whole number
    /// has no fraction digits, so this asks PluralRules::select(double) directly, without
    /// formatting the number first.
    public func category(ofWhole value: Double) -> PluralCategory {
        switch cicu_plural_select_whole(handle, value) {
        case 0: .zero
        case 1: .one
        case 2: .two
        case 3: .few
        case 4: .many
        default: .other
        }
    }

    /// The category ICU's MessageFormat picks for a plural argument that is a decimal string, or
    /// an `Int64` too large for a double to hold exactly (pass its digits), with no `offset:`.
    /// - Parameters:
    ///   - decimal: An ASCII decimal number ("12345678901234567891").
    ///   - format: As in ``category(of:formattedBy:)``.
    /// - Returns: The category; `other` when the text is not a number.
    public func category(ofDecimal decimal: String, formattedBy format: ICUNumberFormat?) -> PluralCategory {
        let keyword = decimal.withCString { cDecimal in
            UTF8Output.string { out, capacity in
                cicu_plural_select_formatted_decimal(handle, format?.handle, cDecimal, out, capacity)
            }
        }
        return keyword.flatMap(PluralCategory.init(rawValue:)) ?? .other
    }

    /// The category of a decimal written with its visible fraction digits ("1.0" → `other` in
    /// English, "1" → `one`).
    /// - Parameter decimal: An ASCII decimal number.
    /// - Returns: The category; `other` when the text is not a number.
    public func category(ofDecimal decimal: String) -> PluralCategory {
        let keyword = decimal.withCString { cDecimal in
            UTF8Output.string { out, capacity in cicu_plural_select_decimal(handle, cDecimal, out, capacity) }
        }
        return keyword.flatMap(PluralCategory.init(rawValue:)) ?? .other
    }

    /// CLDR's sample numbers for a category, as ICU's `PluralRules::getSamples` gives them: the
    /// integer samples, or the decimal ones when the category has no integer samples.
    /// - Parameters:
    ///   - category: The category.
    ///   - limit: The most samples to return.
    /// - Returns: Up to `limit` samples; empty when the locale does not use the category.
    public func samples(for category: PluralCategory, limit: Int) -> [Double] {
        guard limit > 0 else { return [] }
        let capacity = Int32(clamping: limit)
        return [Double](unsafeUninitializedCapacity: Int(capacity)) { buffer, count in
            let written = category.rawValue.withCString { keyword in
                cicu_plural_rules_samples(handle, keyword, buffer.baseAddress, capacity)
            }
            count = max(0, min(Int(written), Int(capacity)))
        }
    }
}
