import Foundation
import ICUKit
import MessageFormat

extension Linter {
    /// The bytes each occurrence of a truncatable argument should keep at least.
    static let minimumTruncatableBytes = 32
    /// How far inside the budget an estimate must be for the exact render to be skipped.
    static let estimateMargin = 16

    /// Arguments whose worst-case value may depend on the locale (numbers, dates, strings used in
    /// `select`), which may then change the apns and data strings from one locale to the next.
    static func varyingArguments(_ template: Template, messages: [Message]) -> Set<String> {
        var names = Set(template.arguments.filter { $0.type != .string }.map(\.name))
        for message in messages {
            for argument in message.allArguments {
                if case .select = argument.kind { names.insert(argument.name) }
            }
        }
        return names
    }

    /// `budget`, measured with `plan` (built by ``BudgetPlan/init(source:parsed:)`` unless the
    /// rule is off).
    func checkBudgets(plan: BudgetPlan, facts: inout PluralFacts, into sink: inout DiagnosticSink) {
        let sourceLocale = source.settings.sourceLocale
        // Templates are measured independently: chunks of them on every core, each chunk with its
        // own caches (plural facts warmed here first) and its own sink, merged in template order.
        for locale in [sourceLocale] + plan.catalog.source.locales.map(\.tag) {
            _ = facts.rules(for: locale, type: .cardinal)
            _ = facts.rules(for: locale, type: .ordinal)
        }
        let warmFacts = facts
        let overrides = sink.overrides
        let templates = plan.catalog.source.templates
        let chunkCount = max(1, min(templates.count, 4 * ProcessInfo.processInfo.activeProcessorCount))
        let chunks = (0..<chunkCount).map { index in
            Array(templates[(index * templates.count / chunkCount)..<((index + 1) * templates.count / chunkCount)])
        }
        let findings = chunks.parallelMap { chunk in
            var facts = warmFacts
            var sink = DiagnosticSink(overrides: overrides)
            checkBudgets(of: chunk, plan: plan, facts: &facts, into: &sink)
            return sink.diagnostics
        }
        for found in findings { sink.absorb(found) }
    }

    private func checkBudgets(
        of templates: [Template],
        plan: BudgetPlan,
        facts: inout PluralFacts,
        into sink: inout DiagnosticSink
    ) {
        let sourceLocale = source.settings.sourceLocale
        let locales = [sourceLocale] + plan.catalog.source.locales.map(\.tag)
        var dates = WorstCaseValues.DateCache()
        for template in templates {
            let budget = template.budget ?? template.apns.pushType.defaultBudget
            let messagesByLocale = plan.messages[template.key]
            guard let sourceMessages = messagesByLocale?[sourceLocale] else { continue }
            let floor = Self.minimumTruncatableBytes
            let needed = template.arguments.filter(\.truncate).reduce(0) { $0 + min(floor, $1.maxBytes ?? floor) }
            var baseline: (measurement: BudgetPlan.Measurement, fields: BudgetPlan.FieldEstimate)?
            let templateStringArguments = Set(
                Self.apnsPayloadStrings(of: template).flatMap { _, text in
                    (try? MessageParser.parse(text.text))?.allArguments.map(\.name) ?? []
                }
            )
            let varying = Self.varyingArguments(template, messages: sourceMessages.values.compactMap(\.syntax))
            let stringsAreFixed = templateStringArguments.isDisjoint(with: varying)
            for locale in locales {
                let own = messagesByLocale?[locale]
                guard locale == sourceLocale || own != nil else { continue }
                let measured = (own ?? [:]).merging(sourceMessages) { translated, _ in translated }
                let values = worstValues(
                    template,
                    Array(measured.values),
                    locale: locale,
                    facts: &facts,
                    dates: &dates
                )
                let compiled = MessageField.allCases.compactMap { measured[$0]?.compiled }
                let fields = plan.estimateFields(
                    compiled,
                    template: template,
                    values: values,
                    isolate: plan.isolates(locale)
                )
                // A locale that translates every field, with values that do not reach the apns and
                // data strings, differs from the source payload only by its messages: when that
                // estimate is far inside the budget the exact render is skipped.
                if let baseline, let fields, own?.count == sourceMessages.count, stringsAreFixed {
                    let fixed = baseline.measurement.fixedBytes - baseline.fields.bytes + fields.bytes
                    if fixed + needed + Self.estimateMargin <= budget { continue }
                }
                guard let measurement = plan.measure(template, mode: .resolved, locale: locale, values: values)
                else { continue }
                if locale == sourceLocale, let fields { baseline = (measurement, fields) }
                let location =
                    locale == sourceLocale
                    ? template.location
                    : plan.translationLocations[locale]?[template.key] ?? template.location
                report(
                    measurement,
                    budget: budget,
                    mode: "resolved (\(locale))",
                    template: template,
                    locale: locale,
                    location: location,
                    into: &sink
                )
            }
            guard !plan.catalog.source.locales.isEmpty else { continue }
            // Content mode carries the same values to every locale; they are chosen on the source text.
            let values = worstValues(
                template,
                Array(sourceMessages.values),
                locale: sourceLocale,
                facts: &facts,
                dates: &dates
            )
            guard let measurement = plan.measure(template, mode: .content, locale: sourceLocale, values: values)
            else { continue }
            report(
                measurement,
                budget: budget,
                mode: "content mode with all locales",
                template: template,
                locale: nil,
                location: template.location,
                optionalLocalesDroppable: true,
                into: &sink
            )
        }
    }

    private func worstValues(
        _ template: Template,
        _ messages: [LintedMessage],
        locale: String,
        facts: inout PluralFacts,
        dates: inout WorstCaseValues.DateCache
    ) -> [String: WorstCaseValues.Candidate] {
        let cardinal = facts.rules(for: locale, type: .cardinal)
        let ordinal = facts.rules(for: locale, type: .ordinal)
        var candidates = WorstCaseValues.candidates(
            for: template,
            arguments: messages.flatMap(\.arguments),
            pluralRules: { $0 == .ordinal ? ordinal : cardinal },
            truncatedAtCap: false
        )
        let patterns = messages.compactMap { message in message.syntax.map { (message.text.text, $0) } }
        WorstCaseValues.narrowDates(&candidates, template: template, patterns: patterns, locale: locale, cache: &dates)
        return WorstCaseValues.choose(
            from: candidates,
            messages: messages.compactMap { message in message.compiled.map { ($0, message.arguments) } }
        )
    }

    private func report(
        _ measurement: BudgetPlan.Measurement,
        budget: Int,
        mode: String,
        template: Template,
        locale: String?,
        location: CatalogFileLocation,
        optionalLocalesDroppable: Bool = false,
        into sink: inout DiagnosticSink
    ) {
        let remaining = budget - measurement.fixedBytes
        if remaining < 0 {
            // With every locale in, the renderer can still drop or trim the optional ones
            // (`overflow`), so the payload is sent, without some locales: a warning, not an error.
            let consequence = optionalLocalesDroppable ? "; optional locales will be dropped or trimmed to fit" : ""
            sink.report(
                .budget,
                at: location,
                locale: locale,
                key: template.key,
                "\(mode): the fixed text and pinned arguments take \(measurement.fixedBytes) bytes at "
                    + "worst, over the budget of \(budget) bytes by \(-remaining)\(consequence)",
                defaultSeverity: optionalLocalesDroppable ? .warning : nil
            )
        } else if remaining < measurement.neededBytes {
            let names = template.arguments.filter(\.truncate).map(\.name).joined(separator: ", ")
            sink.report(
                .budget,
                at: location,
                locale: locale,
                key: template.key,
                "\(mode): at worst only \(remaining) of \(budget) bytes remain for the truncatable "
                    + "arguments (\(names)), fewer than \(Self.minimumTruncatableBytes) bytes each "
                    + "(\(measurement.occurrences) occurrence(s) in the payload)",
                defaultSeverity: .warning
            )
        }
    }

    /// `collapse-id`: the `apns-collapse-id` at its longest (arguments at `max-bytes`; an
    /// argument without `max-bytes` counts as empty, since APNs ids are typically short and
    /// the renderer refuses an over-long one anyway) is over 64 bytes.
    func checkCollapseIDs(facts: inout PluralFacts, into sink: inout DiagnosticSink) {
        let locale = source.settings.sourceLocale
        for template in source.templates {
            guard let text = template.apns.collapseID,
                let compiled = try? CompiledMessage(pattern: text.text, locale: locale),
                compiled.syntax.allArguments.allSatisfy({ template.argument(named: $0.name) != nil })
            else { continue }
            let cardinal = facts.rules(for: locale, type: .cardinal)
            let ordinal = facts.rules(for: locale, type: .ordinal)
            let arguments = compiled.syntax.allArguments
            var candidates = WorstCaseValues.candidates(
                for: template,
                arguments: arguments,
                pluralRules: { $0 == .ordinal ? ordinal : cardinal },
                truncatedAtCap: true
            )
            for index in candidates.indices {
                guard let declaration = template.argument(named: candidates[index].name),
                    declaration.type == .string, declaration.maxBytes == nil
                else { continue }
                candidates[index].values = [.string("")]
            }
            let values = WorstCaseValues.choose(from: candidates, messages: [(compiled, arguments)])
            let length = WorstCaseValues.formattedLength([compiled], values)
            guard length > 64 else { continue }
            sink.report(
                .collapseID,
                at: text.location,
                locale: locale,
                key: template.key,
                "apns-collapse-id can be \(length) bytes long with its arguments at max-bytes; APNs "
                    + "allows at most 64"
            )
        }
    }
}
