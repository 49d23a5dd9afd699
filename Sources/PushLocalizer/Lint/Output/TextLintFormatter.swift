/// `text` lint output, like a compiler's:
///
/// ```
/// Locales/ru.yaml:12:9: error: [plural-missing-category] message
///   body: "{count, plural, one {…} other {…}}"
///         ^
/// 1 error, 0 warnings
/// ```
///
/// The quoted line is the file's line as written; the caret line repeats its tabs so that the
/// caret lines up in any tab width. Colour (ANSI, as clang uses it) only when asked for.
struct TextLintFormatter {
    let options: LintOutputOptions

    func format(_ report: LintReport) -> String {
        var cache = SourceLineCache(source: options.sourceLines)
        var output = ""
        for diagnostic in report.diagnostics {
            output += headline(of: diagnostic) + "\n"
            let location = diagnostic.location
            guard let line = cache.line(location.line, of: location.file) else { continue }
            output += String(String.UnicodeScalarView(line)) + "\n"
            output += paint(Self.caretLine(under: location.column, in: line), Style.caret) + "\n"
        }
        output += paint(report.summaryLine, Style.bold) + "\n"
        return output
    }

    /// `file:line:column: error: [rule] message`.
    private func headline(of diagnostic: Diagnostic) -> String {
        let location = diagnostic.location
        let place = "\(options.displayPath(location.file)):\(location.line):\(location.column):"
        let severity =
            diagnostic.severity == .error
            ? paint("error:", Style.error) : paint("warning:", Style.warning)
        let message = paint("[\(diagnostic.rule.id)] \(diagnostic.message)", Style.bold)
        return paint(place, Style.bold) + " " + severity + " " + message
    }

    /// White space up to `column` (1-based, in scalars) and a caret: tabs are kept, wide (East
    /// Asian) characters take two cells and combining marks none, as terminals draw them.
    static func caretLine(under column: Int, in line: [Unicode.Scalar]) -> String {
        var padding = ""
        for scalar in line.prefix(max(0, column - 1)) {
            if scalar == "\t" {
                padding += "\t"
            } else {
                padding += String(repeating: " ", count: TerminalWidth.cells(of: scalar))
            }
        }
        let missing = max(0, column - 1 - line.count)
        return padding + String(repeating: " ", count: missing) + "^"
    }

    private func paint(_ text: String, _ style: String) -> String {
        options.usesColor ? style + text + Style.reset : text
    }

    /// ANSI SGR sequences.
    private enum Style {
        static let bold = "\u{1B}[1m"
        static let error = "\u{1B}[1;31m"
        static let warning = "\u{1B}[1;35m"
        static let caret = "\u{1B}[1;32m"
        static let reset = "\u{1B}[0m"
    }
}
