import MessageFormat

/// The catalog the `budget` rule renders with: every message that parsed, compiled and uses only
/// declared arguments of the right type (the others are already findings of their own rules).
struct BudgetPlan {
    /// What the worst-case render measured.
    struct Measurement {
        /// Payload bytes with every truncatable argument empty.
        var fixedBytes: Int
        /// Bytes the truncatable arguments should get at least: 32 for each argument that occurs
        /// (or its `max-bytes`, when smaller), as the `budget` rule is documented — per argument,
        /// not per occurrence, so that content mode is not held to 32 bytes in every locale.
        var neededBytes: Int
        /// How many times truncatable arguments occur in the payload.
        var occurrences: Int
    }

    /// A budget far above any real one, so that nothing is trimmed while measuring.
    static let unlimited = 1 << 30

    let catalog: Catalog
    /// Usable messages by key, locale and field.
    let messages: [String: [String: [MessageField: LintedMessage]]]
    /// Where each locale file writes each key.
    let translationLocations: [String: [String: CatalogFileLocation]]

    init?(source: CatalogSource, parsed: [LintedMessage]) {
        var usable: [String: [String: [MessageField: LintedMessage]]] = [:]
        // Which messages are usable is decided on every core; only the filing is serial.
        let isUsable = parsed.chunkedForCores().parallelMap { chunk in chunk.map(Self.isUsable) }
        for (message, usableMessage) in zip(parsed, isUsable.joined()) where usableMessage {
            usable[message.key, default: [:]][message.locale, default: [:]][message.field] = message
        }
        let sourceLocale = source.settings.sourceLocale
        // The apns and data strings compile on every core, and are kept compiled for the catalog.
        let withStrings = source.templates.parallelMap { Self.compilingStrings(of: $0, locale: sourceLocale) }
        var templates: [Template] = []
        for (original, compiled) in zip(source.templates, withStrings) {
            guard let own = usable[original.key]?[sourceLocale], !own.isEmpty, var template = compiled else {
                usable[original.key] = nil
                continue
            }
            template.messages = own.mapValues(\.text)
            // The collapse id is a header, not payload, and has a rule of its own; left in, a long
            // one would make every render fail.
            template.apns.collapseID = nil
            templates.append(template)
        }
        let kept = Set(templates.map(\.key))
        // Locale files are rebuilt on every core (tens of thousands of translations).
        let locales: [LocaleFile] = source.locales.parallelMap { file -> LocaleFile? in
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
        .compactMap { $0 }
        let sanitized = CatalogSource(
            root: source.root,
            settings: source.settings,
            templates: templates,
            locales: locales
        )
        guard let catalog = try? Catalog(source: sanitized, makesPlans: false) else { return nil }
        self.catalog = catalog
        self.messages = usable
        self.translationLocations = Dictionary(
            locales.map { file in (file.tag, file.translations.mapValues(\.location)) }
        ) { first, _ in first }
    }

    /// Whether `message` parsed, compiled and uses only declared arguments of the right type.
    private static func isUsable(_ message: LintedMessage) -> Bool {
        guard message.compiled != nil, message.syntax != nil else { return false }
        return message.arguments.allSatisfy { argument in
            message.declaration(named: argument.name).map { Linter.typeConflict($0.type, argument.kind) == nil }
                ?? false
        }
    }

    /// The template with every `apns` and `data` string compiled (carried by its text), or nil
    /// unless each of them compiles and uses only declared arguments.
    private static func compilingStrings(of template: Template, locale: String) -> Template? {
        var failed = false
        func compiled(_ text: SourceText) -> SourceText {
            guard !failed,
                let message = try? CompiledMessage(
                    pattern: text.text,
                    locale: locale,
                    argumentOrder: template.arguments.map(\.name)
                ),
                message.syntax.allArguments.allSatisfy({ template.argument(named: $0.name) != nil })
            else {
                failed = true
                return text
            }
            var text = text
            text.precompiled = PrecompiledMessage(locale: locale, message: message)
            return text
        }
        func compiled(_ value: TemplateValue) -> TemplateValue {
            switch value {
            case .string(let text): return .string(compiled(text))
            case .array(let values): return .array(values.map(compiled))
            case .object(let entries): return .object(entries.map(compiled))
            case .number, .integer, .bool, .null: return value
            }
        }
        func compiled(_ entry: DataEntry) -> DataEntry {
            var entry = entry
            entry.value = compiled(entry.value)
            return entry
        }
        var result = template
        // The order of `Linter.apnsPayloadStrings(of:)`.
        result.apns.category = template.apns.category.map(compiled)
        result.apns.threadID = template.apns.threadID.map(compiled)
        result.apns.sound = template.apns.sound.map(compiled)
        result.apns.targetContentID = template.apns.targetContentID.map(compiled)
        result.apns.collapseID = template.apns.collapseID.map(compiled)
        result.data = template.data.map(compiled)
        return failed ? nil : result
    }

    /// Renders the template once with `values`, each truncatable argument replaced by a marker
    /// character of its own (U+E000, U+E001, … from the Private Use Area, which nothing else in a
    /// payload uses and JSON does not escape), then counts the markers: the payload without them is
    /// the fixed part, and their number is how many times each argument occurs.
    func measure(
        _ template: Template,
        mode: RenderMode,
        locale: String,
        values: [String: WorstCaseValues.Candidate]
    ) -> Measurement? {
        var arguments = values.mapValues(\.json)
        let truncatable = template.arguments.filter(\.truncate)
        for (index, declaration) in truncatable.enumerated() {
            let marked = index < Self.markerCount && (declaration.maxBytes ?? Self.markerBytes) >= Self.markerBytes
            let marker = Unicode.Scalar(0xE000 + UInt32(index)).map { String(Character($0)) } ?? ""
            arguments[declaration.name] = .string(marked ? marker : "")
        }
        guard let payload = bytes(template, mode: mode, locale: locale, arguments: arguments) else { return nil }
        var counts = [Int](repeating: 0, count: min(truncatable.count, Self.markerCount))
        var index = 0
        while index + 2 < payload.count {
            if payload[index] == 0xEE, payload[index + 1] == 0x80 {
                let marker = Int(payload[index + 2]) - 0x80
                if marker >= 0, marker < counts.count {
                    counts[marker] += 1
                    index += 3
                    continue
                }
            }
            index += 1
        }
        let occurrences = counts.reduce(0, +)
        let floor = Linter.minimumTruncatableBytes
        var needed = 0
        for (count, declaration) in zip(counts, truncatable) where count > 0 {
            needed += min(floor, declaration.maxBytes ?? floor)
        }
        return Measurement(
            fixedBytes: payload.count - occurrences * Self.markerBytes,
            neededBytes: needed,
            occurrences: occurrences
        )
    }

    /// How many distinct markers there are (U+E000…U+E03F: the third UTF-8 byte tells them apart).
    static let markerCount = 64
    /// The UTF-8 size of a marker.
    static let markerBytes = 3

    private func bytes(
        _ template: Template,
        mode: RenderMode,
        locale: String,
        arguments: [String: JSONValue]
    ) -> [UInt8]? {
        let request = RenderRequest(
            key: template.key,
            locales: [locale],
            mode: mode,
            arguments: arguments,
            budget: Self.unlimited,
            overflow: .drop,
            now: 0
        )
        return try? catalog.render(request).payload
    }
}

extension BudgetPlan {
    /// The part of a resolved payload that the alert's messages make up, computed by formatting
    /// them directly (no render): enough to tell when a locale is far inside the budget.
    struct FieldEstimate {
        /// Escaped bytes of the formatted messages, truncatable arguments left out.
        var bytes: Int
    }

    /// Whether `locale`'s text arguments are wrapped in FSI…PDI, as the renderer decides.
    func isolates(_ locale: String) -> Bool {
        switch catalog.settings.bidiIsolation {
        case .always: true
        case .never: false
        case .auto: catalog.rightToLeftLocales.contains(locale)
        }
    }

    /// Formats `messages` with `values` (truncatable arguments as markers) and measures them as
    /// the payload writer escapes them (an over-estimate for control characters).
    func estimateFields(
        _ messages: [CompiledMessage],
        template: Template,
        values: [String: WorstCaseValues.Candidate],
        isolate: Bool
    ) -> FieldEstimate? {
        var arguments = values.mapValues(\.value)
        let truncatable = template.arguments.filter(\.truncate)
        for (index, declaration) in truncatable.enumerated() {
            let marked = index < Self.markerCount && (declaration.maxBytes ?? Self.markerBytes) >= Self.markerBytes
            let marker = Unicode.Scalar(0xE000 + UInt32(index)).map { String(Character($0)) } ?? ""
            arguments[declaration.name] = .string(marked ? marker : "")
        }
        var estimate = FieldEstimate(bytes: 0)
        for message in messages {
            var output: [UInt8] = []
            guard (try? message.format(arguments, options: FormatOptions(isolatesText: isolate), into: &output)) != nil
            else { return nil }
            var index = 0
            while index < output.count {
                let byte = output[index]
                if byte == 0xEE, index + 2 < output.count, output[index + 1] == 0x80 {
                    let marker = Int(output[index + 2]) - 0x80
                    if marker >= 0, marker < min(truncatable.count, Self.markerCount) {
                        index += 3
                        continue
                    }
                }
                estimate.bytes += byte == 0x22 || byte == 0x5C ? 2 : byte < 0x20 ? 6 : 1
                index += 1
            }
        }
        return estimate
    }
}
