/// Renders every variant of one message in one locale.
struct VariantRenderer {
    let pattern: String
    let locale: String
    let examples: ExampleArguments
    let isolatesText: Bool
    let limit: Int
    /// Arguments the user gave a value: never varied.
    let fixed: Set<String>

    func preview(of field: MessageField) -> FieldPreview {
        let compiled: CompiledMessage
        do {
            compiled = try CompiledMessage(pattern: pattern, locale: locale)
        } catch {
            return FieldPreview(
                field: field,
                fallback: nil,
                error: error.description,
                variants: [],
                unreachableCases: [],
                isTruncated: false
            )
        }
        var arguments = examples.values
        for (name, usages) in compiled.syntax.argumentUsages where arguments[name] == nil {
            arguments[name] = ExampleArguments.value(forUndeclared: name, usages: usages)
        }
        let choices = SelectorChoices(message: compiled.syntax, locale: locale)
        let selectors = choices.selectors.filter { !fixed.contains($0.name) }
        let (combinations, truncated) = Self.combinations(of: selectors, limit: limit)
        let variants = combinations.map { combination in
            render(compiled, arguments: arguments, combination: combination, selectors: selectors)
        }
        return FieldPreview(
            field: field,
            fallback: nil,
            error: nil,
            variants: variants,
            unreachableCases: choices.unreachableCases,
            isTruncated: truncated
        )
    }

    private func render(
        _ compiled: CompiledMessage,
        arguments: [String: ArgumentValue],
        combination: [Int],
        selectors: [SelectorChoices.Selector]
    ) -> PreviewVariant {
        var values = arguments
        var picked: [PreviewChoice] = []
        for (selector, index) in zip(selectors, combination) where index < selector.choices.count {
            let choice = selector.choices[index]
            values[selector.name] = choice.value
            picked.append(
                PreviewChoice(
                    argument: selector.name,
                    value: choice.display,
                    selector: choice.selector,
                    matchedCase: choice.matchedCase
                )
            )
        }
        var output: [UInt8] = []
        do {
            let options = FormatOptions(timeZone: nil, isolatesText: isolatesText)
            try compiled.format(values, options: options, into: &output)
            return PreviewVariant(
                choices: picked,
                text: String(decoding: output, as: UTF8.self),
                byteCount: output.count,
                error: nil
            )
        } catch {
            return PreviewVariant(choices: picked, text: nil, byteCount: 0, error: error.description)
        }
    }

    /// Every combination of one choice per selector (the first selector varying slowest), at most
    /// `limit`; a selector without choices is left at its example value.
    static func combinations(of selectors: [SelectorChoices.Selector], limit: Int) -> ([[Int]], Bool) {
        var result: [[Int]] = [[]]
        var truncated = false
        for selector in selectors {
            let count = max(1, selector.choices.count)
            var next: [[Int]] = []
            outer: for prefix in result {
                for index in 0..<count {
                    if next.count == limit {
                        truncated = true
                        break outer
                    }
                    next.append(prefix + [index])
                }
            }
            result = next
        }
        return (result, truncated)
    }
}
