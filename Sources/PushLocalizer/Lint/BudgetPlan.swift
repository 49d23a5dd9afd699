import MessageFormat

/// The catalog the `budget` rule renders with: every message that parsed, compiled and uses only
/// declared arguments of the right type (the others are already findings of their own rules).
struct BudgetPlan {
    /// What the worst-case render measured.
    struct Measurement {
        /// Payload bytes with every truncatable argument empty.
        var fixedBytes: Int
        /// Bytes the truncatable arguments should get at least.
        var neededBytes: Int
        /// How many times truncatable arguments occur in the payload.
        var occurrences: Int
    }

    /// A budget far above any real one, so that nothing is trimmed while measuring.
    static let unlimited = 1 << 30

    let catalog: Catalog
    /// Usable messages by key, locale and field.
    let messages: [String: [String: [MessageField: LintedMessage]]]

    init?(source: CatalogSource, parsed: [LintedMessage]) {
        var usable: [String: [String: [MessageField: LintedMessage]]] = [:]
        for message in parsed {
            guard message.compiled != nil, let syntax = message.syntax,
                syntax.allArguments.allSatisfy({ argument in
                    message.template.argument(named: argument.name).map {
                        Linter.typeConflict($0.type, argument.kind) == nil
                    } ?? false
                })
            else { continue }
            usable[message.key, default: [:]][message.locale, default: [:]][message.field] = message
        }
        let sourceLocale = source.settings.sourceLocale
        var templates: [Template] = []
        for var template in source.templates {
            guard let own = usable[template.key]?[sourceLocale], !own.isEmpty,
                Self.stringsCompile(template, locale: sourceLocale)
            else {
                usable[template.key] = nil
                continue
            }
            template.messages = own.mapValues(\.text)
            templates.append(template)
        }
        let kept = Set(templates.map(\.key))
        let locales: [LocaleFile] = source.locales.compactMap { file in
            guard LanguageTagSyntax.isValid(file.tag) else { return nil }
            var file = file
            var translations: [String: Translation] = [:]
            for (key, var translation) in file.translations where kept.contains(key) {
                translation.messages = (usable[key]?[file.tag] ?? [:]).mapValues(\.text)
                translations[key] = translation
            }
            file.translations = translations
            file.keyOrder = file.keyOrder.filter { translations[$0] != nil }
            return file
        }
        let sanitized = CatalogSource(
            root: source.root, settings: source.settings, templates: templates, locales: locales)
        guard let catalog = try? Catalog(source: sanitized) else { return nil }
        self.catalog = catalog
        self.messages = usable
    }

    /// Whether every `apns` and `data` string of the template compiles with declared arguments.
    private static func stringsCompile(_ template: Template, locale: String) -> Bool {
        Linter.templateStrings(of: template).allSatisfy { _, text in
            guard let compiled = try? CompiledMessage(pattern: text.text, locale: locale) else { return false }
            return compiled.syntax.allArguments.allSatisfy { template.argument(named: $0.name) != nil }
        }
    }

    /// Renders the template with `values`, then with each truncatable argument one byte long,
    /// to find the fixed bytes and how many times the truncatable arguments occur.
    func measure(
        _ template: Template, mode: RenderMode, locale: String, values: [String: WorstCaseValues.Candidate]
    ) -> Measurement? {
        var arguments = values.mapValues(\.json)
        let truncatable = template.arguments.filter(\.truncate)
        for declaration in truncatable { arguments[declaration.name] = .string("") }
        guard let fixed = bytes(template, mode: mode, locale: locale, arguments: arguments) else { return nil }
        guard !truncatable.isEmpty else { return Measurement(fixedBytes: fixed, neededBytes: 0, occurrences: 0) }
        let floor = Linter.minimumTruncatableBytes
        let uniform = truncatable.allSatisfy { ($0.maxBytes ?? floor) >= floor }
        var occurrences = 0
        var needed = 0
        // One render counts all occurrences when every argument needs the same floor; an
        // argument capped below it needs only its cap, so it is counted on its own.
        let groups: [[ArgumentDeclaration]] = uniform ? [truncatable] : truncatable.map { [$0] }
        for group in groups {
            var probe = arguments
            for declaration in group { probe[declaration.name] = .string("x") }
            guard let probed = bytes(template, mode: mode, locale: locale, arguments: probe) else { return nil }
            let count = probed - fixed
            occurrences += count
            needed += count * min(floor, group.count == 1 ? group[0].maxBytes ?? floor : floor)
        }
        return Measurement(fixedBytes: fixed, neededBytes: needed, occurrences: occurrences)
    }

    private func bytes(_ template: Template, mode: RenderMode, locale: String, arguments: [String: JSONValue]) -> Int? {
        let request = RenderRequest(
            key: template.key, locales: [locale], mode: mode, arguments: arguments, budget: Self.unlimited,
            overflow: .drop, now: 0)
        return try? catalog.render(request).payload.count
    }
}
