import ICUKit

/// Turns Apple format strings, plural variations and substitutions into ICU MessageFormat that
/// prints what Apple's formatting prints.
public struct ICUConverter {
    /// The locale whose CLDR plural categories apply.
    public var locale: String
    /// The argument name for a 1-based position.
    public var name: (Int) -> String
    /// The position a top-level plural variation selects on.
    public var pluralPosition: Int

    private var arguments: [Int: PrintfValueKind] = [:]
    private var warnings: [String] = []
    private var hasPlural = false
    private var depth = 0
    private let categories: Set<PluralCategory>

    /// Creates a converter.
    /// - Parameters:
    ///   - locale: the localization's locale.
    ///   - pluralPosition: the argument a top-level plural variation selects on.
    ///   - name: the argument name for a position.
    public init(locale: String, pluralPosition: Int = 1, name: @escaping (Int) -> String) {
        self.locale = locale
        self.name = name
        self.pluralPosition = pluralPosition
        let rules = try? ICUPluralRules(locale: locale, type: .cardinal)
        categories = Set(rules?.categories ?? [.one, .other])
    }

    /// Converts one localization.
    /// - Throws: `ConversionError` for an invalid specifier, a conversion ICU cannot print, a
    ///   missing substitution or a plural without `other`.
    public static func convert(
        _ localization: AppleLocalization,
        locale: String,
        pluralPosition: Int,
        name: @escaping (Int) -> String
    ) throws(ConversionError) -> ConvertedMessage {
        var converter = ICUConverter(locale: locale, pluralPosition: pluralPosition, name: name)
        let pattern = try converter.variant(localization.variant, substitutions: localization.substitutions)
        return ConvertedMessage(
            pattern: pattern,
            arguments: converter.arguments,
            warnings: converter.warnings,
            hasPlural: converter.hasPlural
        )
    }

    private mutating func variant(
        _ variant: AppleVariant,
        substitutions: [String: AppleSubstitution]
    ) throws(ConversionError) -> String {
        switch variant {
        case .unit(let value, _):
            return try string(value, substitutions: substitutions, inPlural: false, substitution: nil)
        case .device(let cases):
            let chosen = cases["iphone"] != nil ? "iphone" : "other"
            guard let picked = cases[chosen] else {
                throw ConversionError(message: "device variations have neither 'iphone' nor 'other'")
            }
            warnings.append("device variations: took '\(chosen)'")
            return try self.variant(picked, substitutions: substitutions)
        case .plural(let cases):
            record(pluralPosition, .integer, allowDecimal: true)
            return try plural(cases, position: pluralPosition, substitutions: substitutions, substitution: nil)
        }
    }

    /// `{argN, plural, …}` from Apple's categories: `zero` becomes `=0` where the locale has no
    /// CLDR `zero`; categories the locale never selects are dropped (Apple never picks them either).
    private mutating func plural(
        _ cases: [String: AppleVariant],
        position: Int,
        substitutions: [String: AppleSubstitution],
        substitution: (position: Int, specifier: PrintfSpecifier)?
    ) throws(ConversionError) -> String {
        hasPlural = true
        guard cases["other"] != nil else { throw ConversionError(message: "plural has no 'other' case") }
        var texts: [String: String] = [:]
        for keyword in ["zero", "one", "two", "few", "many", "other"] {
            guard var branch = cases[keyword] else { continue }
            let category = PluralCategory(rawValue: keyword) ?? .other
            let selector: String
            if category == .zero && !categories.contains(.zero) {
                selector = "=0"
            } else if categories.contains(category) {
                selector = keyword
            } else {
                warnings.append("plural category '\(keyword)' dropped: \(locale) never uses it")
                continue
            }
            if case .device(let devices) = branch { branch = devices["iphone"] ?? devices["other"] ?? branch }
            guard case .unit(let value, _) = branch else {
                throw ConversionError(message: "nested variations inside a plural case are not supported")
            }
            texts[selector] = try string(
                value,
                substitutions: substitutions,
                inPlural: true,
                substitution: substitution
            )
        }
        for keyword in cases.keys.sorted()
        where !["zero", "one", "two", "few", "many", "other"].contains(keyword) {
            warnings.append("plural case '\(keyword)' is not a plural category: dropped")
        }
        // A category the locale uses but the strings lack falls back to `other`, in Apple's
        // formatting and in ICU's; writing it out keeps lint's plural-missing-category quiet.
        for category in categories where texts[category.rawValue] == nil {
            texts[category.rawValue] = texts["other"]
        }
        let branches = ["=0", "zero", "one", "two", "few", "many", "other"].compactMap { selector in
            texts[selector].map { "\(selector) {\($0)}" }
        }
        return "{\(name(position)), plural, \(branches.joined(separator: " "))}"
    }

    /// One format string as ICU text.
    private mutating func string(
        _ value: String,
        substitutions: [String: AppleSubstitution],
        inPlural: Bool,
        substitution: (position: Int, specifier: PrintfSpecifier)?
    ) throws(ConversionError) -> String {
        let tokens: [PrintfToken]
        do {
            tokens = try PrintfFormat.tokens(value, allowsArg: substitution != nil)
        } catch {
            throw ConversionError(message: "\(error.message) (at character \(error.offset + 1))")
        }
        var output = ""
        var implicit = 0
        for token in tokens {
            switch token {
            case .literal(let text):
                output += ICUText.quoted(text, inPlural: inPlural)
            case .substitutionArgument:
                guard let substitution else { continue }
                output += try argument(substitution.specifier, position: substitution.position)
            case .specifier(let specifier):
                let position: Int
                if let explicit = specifier.position {
                    position = explicit
                } else if let substitution, specifier.kind != .text {
                    position = substitution.position
                } else {
                    implicit += 1
                    position = implicit
                }
                output += try argument(specifier, position: position)
            case .substitution(let substitutionName, let explicit):
                guard let found = substitutions[substitutionName] else {
                    throw ConversionError(message: "substitution '%#@\(substitutionName)@' is not defined")
                }
                let position: Int
                if let number = found.argumentNumber ?? explicit {
                    position = number
                } else {
                    implicit += 1
                    position = implicit
                }
                let specifierText = "%" + found.formatSpecifier
                guard case .specifier(let specifier)? = try? PrintfFormat.tokens(specifierText).first,
                    specifier.kind == .integer || specifier.kind == .decimal
                else {
                    throw ConversionError(
                        message:
                            "substitution '\(substitutionName)' has format specifier '\(found.formatSpecifier)', not a number"
                    )
                }
                record(position, specifier.kind, allowDecimal: false)
                // A case may hold another substitution (`%2$#@accounts@`); one may not hold itself.
                guard depth < 8 else {
                    throw ConversionError(message: "substitutions nested too deeply (does one refer to itself?)")
                }
                depth += 1
                defer { depth -= 1 }
                output += try plural(
                    found.plural,
                    position: position,
                    substitutions: substitutions,
                    substitution: (position, specifier)
                )
            }
        }
        return output
    }

    private mutating func argument(_ specifier: PrintfSpecifier, position: Int) throws(ConversionError) -> String {
        switch specifier.kind {
        case .unsupported:
            throw ConversionError(message: "'\(specifier.text)' has no ICU MessageFormat equivalent")
        case .text:
            record(position, .text, allowDecimal: false)
            return "{\(name(position))}"
        case .integer, .decimal:
            record(position, specifier.kind, allowDecimal: false)
            return "{\(name(position)), number, \(ICUText.numberSkeleton(specifier) ?? "")}"
        }
    }

    private mutating func record(_ position: Int, _ kind: PrintfValueKind, allowDecimal: Bool) {
        if let known = arguments[position] {
            if known == .text && kind != .text || known != .text && kind == .text {
                warnings.append("argument \(position) is used both as text and as a number")
            }
            if known == .integer && kind == .decimal { arguments[position] = .decimal }
            return
        }
        if allowDecimal && arguments[position] != nil { return }
        arguments[position] = kind
    }
}
