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
        let rows = Self.sampleChoices(of: locale.fields)
        var sets: [Set] = []
        for choices in rows {
            sets.append(Self.set(.sample, template: template, base: base, choices: choices))
        }
        let varied = locale.fields.flatMap(\.variants)
        let longestVariant = varied.max { $0.byteCount < $1.byteCount }?.choices ?? []
        let longest = rows.first { row in longestVariant.allSatisfy(row.contains) } ?? longestVariant
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

    /// The cases of the sample rows: the variants of the field with the most (then with the most
    /// selecting arguments, then the body), then a row for each variant of another field that none of those
    /// reaches (a title selecting on another argument than the body), on the first row's values.
    private static func sampleChoices(of fields: [FieldPreview]) -> [[PreviewChoice]] {
        func rank(_ field: FieldPreview) -> (Int, Int, Int) {
            (field.variants.count, field.variants.first?.choices.count ?? 0, field.field == .body ? 1 : 0)
        }
        let primary = fields.max { rank($0) < rank($1) }
        var rows = primary?.variants.map(\.choices) ?? []
        if rows.isEmpty { rows = [[]] }
        for field in fields where field.field != primary?.field {
            for variant in field.variants
            where !rows.contains(where: { row in variant.choices.allSatisfy(row.contains) }) {
                let others = rows[0].filter { choice in !variant.choices.contains { $0.argument == choice.argument } }
                rows.append(others + variant.choices)
            }
        }
        return rows
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
