/// Reads `pushloc.yaml`.
struct SettingsReader {
    var reader: NodeReader

    static let fields = [
        "source-locale", "locale-priority", "overflow", "bidi-isolation", "ellipsis", "lint", "display",
    ]

    mutating func readSettings() -> CatalogSettings {
        var settings = CatalogSettings()
        guard let root = reader.file.root,
            let fields = reader.fields(
                of: root,
                known: Self.fields,
                requirement: "pushloc.yaml must be a map of settings",
                naming: "setting"
            )
        else { return settings }
        if let node = fields["source-locale"]?.value, let tag = localeTag(node, field: "source-locale") {
            settings.sourceLocale = tag
        }
        if let node = fields["locale-priority"]?.value {
            settings.localePriority = localePriority(node)
        }
        if let node = fields["overflow"]?.value,
            let overflow = reader.choice(node, subject: "'overflow'", as: OverflowPolicy.self)
        {
            settings.overflow = overflow
        }
        if let node = fields["bidi-isolation"]?.value,
            let isolation = reader.choice(node, subject: "'bidi-isolation'", as: BidiIsolation.self)
        {
            settings.bidiIsolation = isolation
        }
        if let node = fields["ellipsis"]?.value {
            if case .scalar(let scalar) = node, !reader.isNull(node) {
                settings.ellipsis = scalar.string
            } else {
                reader.report(
                    CatalogError.Code.invalidValue,
                    "'ellipsis' must be a string, found \(reader.describe(node))",
                    at: node
                )
            }
        }
        if let node = fields["lint"]?.value {
            settings.lintRules = lintRules(node)
        }
        if let node = fields["display"]?.value {
            settings.display = display(node)
        }
        return settings
    }

    /// A non-empty string without spaces; whether it is a valid BCP 47 tag is negotiation's concern.
    private mutating func localeTag(_ node: YAMLNode, field: String) -> String? {
        if case .scalar(let scalar) = node, !reader.isNull(node), !scalar.string.isEmpty,
            !scalar.string.unicodeScalars.contains(where: { $0.properties.isWhitespace })
        {
            return scalar.string
        }
        reader.report(
            CatalogError.Code.invalidValue,
            "'\(field)' must be a locale tag, found \(reader.describe(node))",
            at: node
        )
        return nil
    }

    private mutating func localePriority(_ node: YAMLNode) -> [String] {
        guard case .sequence(let sequence) = node else {
            reader.report(
                CatalogError.Code.invalidValue,
                "'locale-priority' must be a list of locale tags, found \(reader.describe(node))",
                at: node
            )
            return []
        }
        return sequence.compactMap { localeTag($0, field: "locale-priority") }
    }

    private mutating func lintRules(_ node: YAMLNode) -> [String: RuleSeverity] {
        guard
            let fields = reader.fields(
                of: node,
                known: ["rules"],
                requirement: "'lint' must be a map",
                naming: "lint setting"
            ),
            let rulesNode = fields["rules"]?.value,
            let entries = reader.entries(of: rulesNode, requirement: "'lint.rules' must be a map of rule to severity")
        else { return [:] }
        var rules: [String: RuleSeverity] = [:]
        for entry in entries {
            guard CatalogSettings.knownLintRules.contains(entry.key) else {
                reader.report(
                    CatalogError.Code.unknownField,
                    "unknown lint rule '\(entry.key)'; known: "
                        + CatalogSettings.knownLintRules.sorted().joined(separator: ", "),
                    at: entry.location
                )
                continue
            }
            if rules[entry.key] != nil {
                reader.report(
                    CatalogError.Code.duplicateKey,
                    "lint rule '\(entry.key)' is given twice",
                    at: entry.location
                )
                continue
            }
            if let severity = reader.choice(entry.value, subject: "lint rule '\(entry.key)'", as: RuleSeverity.self) {
                rules[entry.key] = severity
            }
        }
        return rules
    }
}
