/// Builds `pushloc preview`: every `plural`, `selectordinal` and `select` branch of a template's
/// title, subtitle and body, per locale, rendered with CLDR sample numbers and example arguments
/// (see ``ExampleArguments``), with the UTF-8 byte count of each variant.
///
/// For a plural argument the variants are its `=N` cases, then one CLDR sample number per
/// category the locale uses (cardinal for `plural`, ordinal for `selectordinal`), plus `offset`;
/// for a select argument each keyword, then a value that reaches `other`. Messages with several
/// selecting arguments show every combination, up to ``variantLimit``. Dates format in UTC;
/// string arguments are isolated (FSI…PDI) where `bidi-isolation` says, as the renderer does, so
/// byte counts are those of a real payload's text.
public struct PreviewBuilder: Sendable {
    /// The most variants shown for one message.
    public static let variantLimit = 256

    /// The catalog.
    public let source: CatalogSource
    private let negotiator: LocaleNegotiator

    /// Creates a builder for a loaded catalog.
    public init(source: CatalogSource) {
        self.source = source
        negotiator = LocaleNegotiator(available: source.locales.map(\.tag), sourceLocale: source.settings.sourceLocale)
    }

    /// The locales previewed by default: the source locale, then the catalog's locales by tag.
    public var defaultLocales: [String] {
        [source.settings.sourceLocale] + source.locales.map(\.tag)
    }

    /// Previews the template `key`.
    /// - Parameters:
    ///   - key: a template key.
    ///   - locales: the locales to show, each negotiated as a render negotiates it (`de-AT` shows the
    ///     catalog's `de`); nil for all of the catalog's locales.
    ///   - arguments: values for declared arguments, used instead of the made-up examples; an
    ///     argument given a value is not varied (its plural or select case is the one it reaches).
    /// - Returns: the preview.
    /// - Throws: ``PreviewError`` for an unknown key, a locale that matches none of the catalog's,
    ///   an argument the template does not declare, or a value that is not of its declared type.
    public func preview(
        key: String,
        locales: [String]? = nil,
        arguments: [String: JSONValue] = [:]
    ) throws(PreviewError) -> TemplatePreview {
        guard let template = source.templates.first(where: { $0.key == key }) else {
            throw .unknownKey(key)
        }
        let given = try PreviewArguments.values(arguments, for: template)
        var chosen: [(locale: String, requested: String?)] = []
        for tag in locales ?? defaultLocales {
            let match = try self.match(tag)
            if !chosen.contains(where: { $0.locale == match.locale }) { chosen.append(match) }
        }
        var examples = ExampleArguments(for: template)
        examples.override(with: given)
        let varied = Self.selectingArguments(of: template).subtracting(given.keys)
        return TemplatePreview(
            key: key,
            description: template.description,
            arguments: template.arguments.map { declaration in
                PreviewArgument(
                    name: declaration.name,
                    type: declaration.type,
                    truncate: declaration.truncate,
                    example: Self.display(examples.values[declaration.name]),
                    isVaried: varied.contains(declaration.name)
                )
            },
            locales: chosen.map {
                preview(template, in: $0.locale, requested: $0.requested, examples: examples, fixed: Set(given.keys))
            },
            platformNotes: Self.platformNotes(of: template)
        )
    }

    /// What a translator should know about `template` on FCM and Web Push.
    static func platformNotes(of template: Template) -> [String] {
        var notes: [String] = []
        if template.messages[.subtitle] != nil {
            notes.append("subtitle: shown on iPhones only (FCM and Web Push notifications have no subtitle)")
        }
        if template.messages[.title] == nil {
            notes.append("title: none; Web Push sends an empty title, FCM a notification without one")
        }
        for field in [MessageField.title, .body] {
            guard let text = template.messages[field], let syntax = try? MessageParser.parse(text.text),
                let problem = LocKeyCompatibility.problem(in: syntax)
            else { continue }
            notes.append(
                "FCM loc-key: not possible (\(field.rawValue): \(problem.reason.prefix { $0 != "," && $0 != ";" })); "
                    + "Android gets this template as resolved or data messages"
            )
            break
        }
        return notes
    }

    /// The catalog locale shown for `tag`: the catalog's own spelling when the tag names one of its
    /// locales (any case, `_` or `-`), else the negotiated locale, with the tag as asked.
    private func match(_ tag: String) throws(PreviewError) -> (locale: String, requested: String?) {
        let known = defaultLocales
        if let exact = known.first(where: { $0.caseInsensitiveEquals(tag) }) { return (exact, nil) }
        // The chain always ends with the source locale; it is a match only when it is of the tag's
        // language and script, not as the last resort of every chain.
        guard let desired = LocaleNegotiator.identity(ofPreference: tag),
            let negotiated = negotiator.chain(for: [tag]).first,
            negotiated != source.settings.sourceLocale || Self.matches(source.settings.sourceLocale, desired)
        else {
            throw .unknownLocale(tag, available: known)
        }
        return (negotiated, tag)
    }

    private static func matches(_ tag: String, _ desired: LocaleIdentity) -> Bool {
        guard let identity = LocaleIdentity(tag) else { return false }
        return LocaleNegotiator.closeness(of: identity, to: desired) != nil
    }

    private func preview(
        _ template: Template,
        in locale: String,
        requested: String?,
        examples: ExampleArguments,
        fixed: Set<String>
    ) -> LocalePreview {
        let isSource = locale == source.settings.sourceLocale
        let translation = source.locales.first { $0.tag == locale }?.translations[template.key]
        var fields: [FieldPreview] = []
        for field in MessageField.allCases where template.messages[field] != nil {
            let text = isSource ? template.messages[field] : translation?.messages[field]
            guard let text, !text.text.isEmpty else {
                fields.append(
                    FieldPreview(
                        field: field,
                        fallback: fallback(for: template, field: field, from: locale, requested: requested),
                        error: nil,
                        variants: [],
                        unreachableCases: [],
                        isTruncated: false
                    )
                )
                continue
            }
            fields.append(
                VariantRenderer(
                    pattern: text.text,
                    locale: locale,
                    examples: examples,
                    isolatesText: isolatesText(locale),
                    limit: Self.variantLimit,
                    fixed: fixed
                ).preview(of: field)
            )
        }
        return LocalePreview(locale: locale, requested: requested, isSource: isSource, fields: fields)
    }

    /// The next locale along the negotiation chain (of the tag asked for, when negotiated) that has the field.
    private func fallback(
        for template: Template,
        field: MessageField,
        from locale: String,
        requested: String?
    ) -> String {
        for tag in negotiator.chain(for: [requested ?? locale]) where tag != locale {
            if tag == source.settings.sourceLocale { return tag }
            let text = source.locales.first { $0.tag == tag }?.translations[template.key]?.messages[field]
            if let text, !text.text.isEmpty { return tag }
        }
        return source.settings.sourceLocale
    }

    private func isolatesText(_ locale: String) -> Bool {
        switch source.settings.bidiIsolation {
        case .always: true
        case .never: false
        case .auto: ScriptDirection.isRightToLeft(locale)
        }
    }

    /// The arguments the template's source messages select on, at any depth.
    private static func selectingArguments(of template: Template) -> Set<String> {
        var names = Set<String>()
        func visit(_ message: Message) {
            for part in message.parts {
                guard case .argument(let argument) = part else { continue }
                switch argument.kind {
                case .plural(let plural), .selectOrdinal(let plural):
                    names.insert(argument.name)
                    plural.cases.forEach { visit($0.message) }
                case .select(let select):
                    names.insert(argument.name)
                    select.cases.forEach { visit($0.message) }
                case .none, .simple:
                    continue
                }
            }
        }
        for text in template.messages.values {
            if let message = try? MessageParser.parse(text.text) { visit(message) }
        }
        return names
    }

    static func display(_ value: ArgumentValue?) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .int(let number): String(number)
        case .double(let number): SelectorChoices.text(number)
        case .decimal(let text): text
        case .date: "2026-11-22T10:00:00Z"
        case nil: "-"
        }
    }
}

/// Why a preview cannot be made.
public enum PreviewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No template has the key.
    case unknownKey(String)
    /// The tag matches neither the source locale nor any of the catalog's locales.
    case unknownLocale(String, available: [String])
    /// A given argument value names an argument the template does not declare.
    case unknownArgument(String, key: String, declared: [String])
    /// A given argument value is not of the argument's declared type.
    case argumentType(String, expected: ArgumentType, got: String)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .unknownKey(let key): "no template '\(key)' in the catalog"
        case .unknownLocale(let tag, let available):
            "locale '\(tag)' matches none of the catalog's locales (available: \(available.joined(separator: ", ")))"
        case .unknownArgument(let name, let key, let declared):
            "template '\(key)' has no argument '\(name)' (declared: "
                + (declared.isEmpty ? "none" : declared.joined(separator: ", ")) + ")"
        case .argumentType(let name, let expected, let got):
            "argument '\(name)' is declared \(expected.rawValue) but got \(got)"
        }
    }
}

extension String {
    fileprivate func caseInsensitiveEquals(_ other: String) -> Bool {
        lowercased().replacing("_", with: "-") == other.lowercased().replacing("_", with: "-")
    }
}
