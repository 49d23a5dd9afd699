/// `json` lint output: `{"diagnostics": [{"rule", "severity", "file", "line", "column",
/// "locale", "key", "message"}], "summary": {"errors": n, "warnings": n}}`, keys in that order,
/// `locale` and `key` null when a diagnostic has none, `file` relative to the catalog root.
enum JSONLintFormatter {
    static func format(_ report: LintReport) -> String {
        // The same text as `PrettyJSON.text(value(of: report))`, the diagnostics written in parallel.
        PrettyJSON.text(
            key: "diagnostics",
            elements: report.diagnostics,
            element: value(of:),
            rest: [
                (
                    "summary",
                    .object([
                        ("errors", .integer(report.errorCount)),
                        ("warnings", .integer(report.warningCount)),
                    ])
                )
            ]
        )
    }

    static func value(of report: LintReport) -> JSONValue {
        .object([
            ("diagnostics", .array(report.diagnostics.map(value(of:)))),
            (
                "summary",
                .object([
                    ("errors", .integer(report.errorCount)),
                    ("warnings", .integer(report.warningCount)),
                ])
            ),
        ])
    }

    private static func value(of diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("rule", .string(diagnostic.rule.id)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("file", .string(diagnostic.location.file)),
            ("line", .integer(diagnostic.location.line)),
            ("column", .integer(diagnostic.location.column)),
            ("locale", .optionalString(diagnostic.locale)),
            ("key", .optionalString(diagnostic.key)),
            ("message", .string(diagnostic.message)),
        ])
    }
}
