extension LintReport {
    /// The diagnostics of a catalog that did not load, so that lint still reports every problem
    /// with its place instead of stopping at the first.
    ///
    /// `collapse-id` errors keep their rule; a key or field given twice (and two files for one
    /// locale) is `duplicate-key`; everything else (YAML syntax, structure, unknown fields,
    /// invalid values, unreadable files) is `syntax`. All are errors: a catalog that cannot be
    /// loaded cannot be rendered, whatever `pushloc.yaml` says (and it may be what failed).
    /// - Parameter failure: the load error.
    /// - Returns: the report, and the errors that name no file (a missing catalog directory),
    ///   which are not catalog defects but unreadable input.
    public static func loadFailure(_ failure: CatalogLoadError) -> (report: LintReport, unlocated: [CatalogError]) {
        var diagnostics: [Diagnostic] = []
        var unlocated: [CatalogError] = []
        for error in failure.errors {
            guard let location = error.location else {
                unlocated.append(error)
                continue
            }
            diagnostics.append(
                Diagnostic(
                    rule: rule(forLoadErrorCode: error.code),
                    severity: .error,
                    location: location,
                    locale: locale(of: location.file),
                    key: nil,
                    message: error.message
                )
            )
        }
        return (LintReport(diagnostics: diagnostics), unlocated)
    }

    /// The lint rule a ``CatalogError/code`` is reported under.
    static func rule(forLoadErrorCode code: String) -> LintRule {
        switch code {
        case CatalogError.Code.collapseID: .collapseID
        case CatalogError.Code.duplicateKey, CatalogError.Code.duplicateLocale: .duplicateKey
        default: .syntax
        }
    }

    /// `Locales/pt-BR.yaml` → `pt-BR`; nil for other files.
    private static func locale(of file: String) -> String? {
        guard file.hasPrefix("Locales/") else { return nil }
        let name = file.dropFirst("Locales/".count)
        guard let dot = name.lastIndex(of: ".") else { return String(name) }
        return String(name[..<dot])
    }
}
