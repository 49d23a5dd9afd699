/// `sarif` lint output: a SARIF 2.1.0 log with every rule's metadata and one result per
/// diagnostic, holding what GitHub code scanning reads (`$schema`, `version`, `tool.driver`
/// with `name` and `rules`, results with `ruleId`, `level`, `message.text` and a physical
/// location with `startLine`).
///
/// Columns count Unicode scalars, so the run says `columnKind: unicodeCodePoints` (SARIF's
/// default is UTF-16 code units). Artifact URIs are relative to `SRCROOT`, the working
/// directory, given in `originalUriBaseIds`; a file outside it gets an absolute `file://` URI.
struct SARIFLintFormatter {
    let options: LintOutputOptions

    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    static let sourceRoot = "SRCROOT"

    func format(_ report: LintReport) -> String {
        PrettyJSON.text(value(of: report))
    }

    func value(of report: LintReport) -> JSONValue {
        let run: JSONValue = .object([
            ("tool", .object([("driver", driver)])),
            ("originalUriBaseIds", .object([(Self.sourceRoot, .object([("uri", .string(options.sourceRootURI))]))])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(report.diagnostics.map(result(for:)))),
        ])
        return .object([
            ("$schema", .string(Self.schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
    }

    private var driver: JSONValue {
        .object([
            ("name", .string("pushloc")),
            ("informationUri", .string(options.informationURI)),
            ("version", .string(options.toolVersion)),
            ("rules", .array(LintRule.allCases.map(Self.descriptor(of:)))),
        ])
    }

    private static func descriptor(of rule: LintRule) -> JSONValue {
        .object([
            ("id", .string(rule.id)),
            ("name", .string(rule.displayName)),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(rule.details))])),
            ("help", .object([("text", .string(rule.help))])),
            ("defaultConfiguration", configuration(of: rule)),
        ])
    }

    /// The level a rule reports at; a rule off unless the catalog turns it on (`display-truncation`)
    /// is `enabled: false`, with the level it has when turned on.
    private static func configuration(of rule: LintRule) -> JSONValue {
        let level: (key: String, value: JSONValue) = ("level", .string(rule.defaultSeverity.rawValue))
        return .object(rule.isOffByDefault ? [("enabled", .bool(false)), level] : [level])
    }

    private func result(for diagnostic: Diagnostic) -> JSONValue {
        let ruleIndex = LintRule.allCases.firstIndex(of: diagnostic.rule) ?? 0
        var properties: [(key: String, value: JSONValue)] = []
        if let locale = diagnostic.locale { properties.append(("locale", .string(locale))) }
        if let key = diagnostic.key { properties.append(("key", .string(key))) }
        var members: [(key: String, value: JSONValue)] = [
            ("ruleId", .string(diagnostic.rule.id)),
            ("ruleIndex", .integer(ruleIndex)),
            ("level", .string(diagnostic.severity.rawValue)),
            ("message", .object([("text", .string(diagnostic.message))])),
            ("locations", .array([location(of: diagnostic.location)])),
        ]
        if !properties.isEmpty { members.append(("properties", .object(properties))) }
        return .object(members)
    }

    private func location(of location: CatalogFileLocation) -> JSONValue {
        let path = LintPaths.normalized(options.displayPath(location.file))
        let artifact: JSONValue =
            path.hasPrefix("/")
            ? .object([("uri", .string("file://" + LintPaths.percentEncoded(path)))])
            : .object([("uri", .string(LintPaths.percentEncoded(path))), ("uriBaseId", .string(Self.sourceRoot))])
        return .object([
            (
                "physicalLocation",
                .object([
                    ("artifactLocation", artifact),
                    (
                        "region",
                        .object([
                            ("startLine", .integer(location.line)),
                            ("startColumn", .integer(location.column)),
                        ])
                    ),
                ])
            )
        ])
    }
}
