import PushLocalizer

/// Turns Apple localizations of one key into an `ImportedString`, noting skips and warnings.
struct StringImporter {
    /// The source locale of the file.
    var sourceLocale: String
    /// How arguments are named.
    var naming: ArgumentNaming

    /// Converts one key's localizations.
    /// - Parameters:
    ///   - key: the Apple key.
    ///   - comment: its comment.
    ///   - localizations: per locale, in file order; the source locale's may be absent (the key
    ///     is then the source text).
    ///   - report: receives skips and warnings.
    /// - Returns: the imported string, or nil when nothing could be imported.
    func convert(
        key: String,
        comment: String?,
        localizations: [(locale: String, localization: AppleLocalization)],
        report: inout ImportReport
    ) -> ImportedString? {
        var all = localizations
        if !all.contains(where: { $0.locale == sourceLocale }) {
            all.insert((sourceLocale, AppleLocalization(variant: .unit(value: key, state: nil))), at: 0)
        }
        let source = all.first { $0.locale == sourceLocale }?.localization
        let pluralPosition = source.map(Self.pluralPosition) ?? 1
        var messages: [String: String] = [:]
        var kinds: [Int: PrintfValueKind] = [:]
        var hasPlural = false
        for (locale, localization) in all {
            report.locales.insert(locale)
            let states = localization.variant.states
            if locale != sourceLocale, states.contains("new") {
                report.skipped.append(.init(key: key, locale: locale, reason: "state 'new' (not translated yet)"))
                continue
            }
            do {
                let converted = try ICUConverter.convert(
                    localization,
                    locale: locale,
                    pluralPosition: pluralPosition,
                    name: { naming.name($0, appleKey: key) }
                )
                messages[locale] = converted.pattern
                hasPlural = hasPlural || converted.hasPlural
                for (position, kind) in converted.arguments where kinds[position] == nil || kind == .decimal {
                    kinds[position] = kind
                }
                report.unitsImported += 1
                if states.contains("needs_review") {
                    report.warnings.append("'\(key)' [\(locale)]: imported, but marked needs_review")
                }
                report.warnings += converted.warnings.map { "'\(key)' [\(locale)]: \($0)" }
            } catch {
                report.skipped.append(.init(key: key, locale: locale, reason: error.message))
            }
        }
        guard messages[sourceLocale] != nil else {
            if !messages.isEmpty {
                report.skipped.append(
                    .init(key: key, locale: nil, reason: "the source locale's text could not be imported")
                )
            }
            return nil
        }
        let count = kinds.keys.max() ?? 0
        let names = count == 0 ? [] : (1...count).map { naming.name($0, appleKey: key) }
        let types: [ArgumentType] =
            count == 0 ? [] : (1...count).map { kinds[$0] == .text || kinds[$0] == nil ? .string : .number }
        return ImportedString(
            appleKey: key,
            comment: comment,
            messages: messages,
            argumentNames: names,
            argumentTypes: types,
            hasPlural: hasPlural
        )
    }

    /// The argument a top-level plural selects on: the first number specifier of the source
    /// text's `other` case (position 1 when there is none).
    static func pluralPosition(_ localization: AppleLocalization) -> Int {
        var variant = localization.variant
        while true {
            switch variant {
            case .device(let cases):
                guard let next = cases["iphone"] ?? cases["other"] else { return 1 }
                variant = next
            case .plural(let cases):
                guard case .unit(let value, _)? = cases["other"] else { return 1 }
                return firstNumberPosition(value) ?? 1
            case .unit(let value, _):
                return firstNumberPosition(value) ?? 1
            }
        }
    }

    private static func firstNumberPosition(_ value: String) -> Int? {
        guard let tokens = try? PrintfFormat.tokens(value) else { return nil }
        var implicit = 0
        for token in tokens {
            switch token {
            case .specifier(let specifier):
                let position =
                    specifier.position
                    ?? {
                        implicit += 1
                        return implicit
                    }()
                if specifier.kind == .integer || specifier.kind == .decimal { return position }
            case .substitution:
                implicit += 1
            default: continue
            }
        }
        return nil
    }
}
