/// `github` lint output: one GitHub Actions workflow command per diagnostic,
/// `::error file=Locales/ru.yaml,line=12,col=9::[plural-missing-category] message` (or
/// `::warning …`), so that the run page and pull requests show annotations; then the summary as
/// a plain log line.
struct GitHubLintFormatter {
    let options: LintOutputOptions

    func format(_ report: LintReport) -> String {
        var output = ""
        for diagnostic in report.diagnostics {
            let location = diagnostic.location
            let command = diagnostic.severity == .error ? "error" : "warning"
            let properties = [
                "file=" + Self.escapeProperty(options.displayPath(location.file)),
                "line=\(location.line)",
                "col=\(location.column)",
            ]
            output += "::\(command) \(properties.joined(separator: ","))::"
            output += Self.escapeData("[\(diagnostic.rule.id)] \(diagnostic.message)") + "\n"
        }
        output += report.summaryLine + "\n"
        return output
    }

    /// A command's message, escaped as the Actions runner reads it (`@actions/core`'s
    /// `escapeData`): `%` → `%25`, CR → `%0D`, LF → `%0A`.
    static func escapeData(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// A property value (`file=…`), escaped as `escapeProperty` does: as ``escapeData(_:)`` and
    /// also `:` → `%3A`, `,` → `%2C`, which would otherwise end the value.
    static func escapeProperty(_ text: String) -> String {
        var output = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": output += "%3A"
            case ",": output += "%2C"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
