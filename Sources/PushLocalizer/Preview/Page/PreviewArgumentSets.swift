/// The argument sets of one template in one locale on the preview page: the variants
/// `pushloc preview` lists (CLDR sample numbers, select keywords, made-up examples), then, for
/// templates with truncatable string arguments, the worst cases: each such argument a long name
/// in the locale's script (cut at its `max-bytes` by the render), and a name of the other writing
/// direction (right-to-left in a left-to-right locale, and the reverse). The worst cases take the
/// cases of the sample variant with the longest text.
struct PreviewArgumentSets {
    /// One set of argument values.
    struct Set {
        var kind: PreviewRowKind
        /// The cases reached (`like_count=2 [two]`).
        var variant: String
        /// The values as a render request takes them.
        var values: [String: JSONValue]
        /// The values for people, in declaration order.
        var display: [(name: String, value: String)]
    }

    let all: [Set]

    init(template: Template, locale: LocalePreview, given: [String: JSONValue]) {
        var base: [String: JSONValue] = [:]
        for (name, value) in ExampleArguments(for: template).values { base[name] = Self.json(value) }
        base.merge(given) { _, new in new }
        // The field with the most variants, then the most selecting arguments: its variants are
        // the rows (the others' selecting arguments, if any, keep one value).
        let varied =
            locale.fields.max {
                ($0.variants.count, $0.variants.first?.choices.count ?? 0)
                    < ($1.variants.count, $1.variants.first?.choices.count ?? 0)
            }?.variants ?? []
        var sets: [Set] = []
        for variant in varied.isEmpty ? [nil] : varied.map(Optional.some) {
            sets.append(Self.set(.sample, template: template, base: base, choices: variant?.choices ?? []))
        }
        let longest = varied.max { $0.byteCount < $1.byteCount }?.choices ?? []
        let names = template.arguments.filter { $0.type == .string && $0.truncate && given[$0.name] == nil }
        if !names.isEmpty {
            var long = base
            var other = base
            for declaration in names {
                let name = WorstCaseNames.longName(for: locale.locale)
                long[declaration.name] = .string(WorstCaseNames.filling(name, beyond: declaration.maxBytes))
                other[declaration.name] = .string(WorstCaseNames.otherDirectionName(for: locale.locale))
            }
            sets.append(Self.set(.longNames, template: template, base: long, choices: longest))
            let kind: PreviewRowKind =
                ScriptDirection.isRightToLeft(locale.locale) ? .leftToRightName : .rightToLeftName
            sets.append(Self.set(kind, template: template, base: other, choices: longest))
        }
        all = sets
    }

    private static func set(
        _ kind: PreviewRowKind,
        template: Template,
        base: [String: JSONValue],
        choices: [PreviewChoice]
    ) -> Set {
        var values = base
        for choice in choices {
            switch template.argument(named: choice.argument)?.type {
            case .number?: values[choice.argument] = .number(choice.value)
            case .string?: values[choice.argument] = .string(choice.value)
            case .date?, nil: continue
            }
        }
        let variant = choices.map { "\($0.argument)=\($0.value) [\($0.selector)]" }.joined(separator: ", ")
        let display = template.arguments.compactMap { declaration -> (name: String, value: String)? in
            guard let value = values[declaration.name] else { return nil }
            return (declaration.name, text(of: value, type: declaration.type))
        }
        return Set(kind: kind, variant: variant, values: values, display: display)
    }

    private static func json(_ value: ArgumentValue) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .int(let number): .number(String(number))
        case .double(let number): .number(SelectorChoices.text(number))
        case .decimal(let text): .number(text)
        case .date(let milliseconds): .number(SelectorChoices.text(milliseconds))
        }
    }

    private static func text(of value: JSONValue, type: ArgumentType) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .number(let text) where type == .date:
            Double(text) == ExampleArguments.exampleInstant ? "2026-11-22T10:00:00Z" : text
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: value.kindName
        }
    }
}
