/// The output formats of `pushloc lint --format` (docs/cli.md).
public enum LintOutputFormat: String, Sendable, Hashable, CaseIterable {
    /// Compiler style: `file:line:column: error: [rule] message`, the source line, a caret, a summary.
    case text
    /// `{"diagnostics": [...], "summary": {"errors": n, "warnings": n}}`.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`).
    case github
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    case sarif
}

extension LintReport {
    /// Renders the report in `format`.
    /// - Parameters:
    ///   - format: the output format.
    ///   - options: paths, colours and tool details.
    /// - Returns: the complete output, ending with a line feed.
    public func formatted(as format: LintOutputFormat, options: LintOutputOptions) -> String {
        switch format {
        case .text: TextLintFormatter(options: options).format(self)
        case .json: JSONLintFormatter.format(self)
        case .github: GitHubLintFormatter(options: options).format(self)
        case .sarif: SARIFLintFormatter(options: options).format(self)
        }
    }

    /// `N errors, M warnings`, with the singular for one (`1 error, 0 warnings`).
    public var summaryLine: String {
        "\(Self.counted(errorCount, "error")), \(Self.counted(warningCount, "warning"))"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
