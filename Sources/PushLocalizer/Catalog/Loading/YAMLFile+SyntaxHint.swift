/// One-line hints for the YAML mistakes catalog authors make most, added to libyaml's own words:
/// a message that starts with `{` (YAML reads a flow map), a tab in the indentation, and a quote
/// that is never closed (libyaml reports the end of the file; the place that matters is the quote).
extension YAMLFile {
    /// What to report for a libyaml error at `line`:`column` (original coordinates) whose
    /// context (if any) is `context` at `contextLine`:`contextColumn`.
    struct SyntaxHint {
        /// Where the error is best reported.
        var line: Int
        var column: Int
        /// The problem in words, replacing libyaml's when set.
        var problem: String?
        /// The hint.
        var hint: String
    }

    /// The hint for a libyaml error, or nil when none of the common causes applies.
    func syntaxHint(
        problem: String,
        context: String?,
        line: Int,
        column: Int,
        contextLine: Int?,
        contextColumn: Int?
    ) -> SyntaxHint? {
        if context == "while scanning a quoted scalar", problem.contains("end of stream"),
            let contextLine, let contextColumn
        {
            let quote = scalar(line: contextLine, column: contextColumn).map { "\($0)" } ?? "quote"
            return SyntaxHint(
                line: contextLine,
                column: contextColumn,
                problem: "the \(quote) opened here is never closed (the file ends inside the quoted text)",
                hint: "close it at the end of the value; inside '…' write an apostrophe as '', inside \"…\" write \\\""
            )
        }
        if problem.contains("tab") || scalar(line: line, column: column) == "\t" {
            return SyntaxHint(
                line: line,
                column: column,
                problem: nil,
                hint: "YAML indents with spaces only: replace the tab at \(line):\(column) with spaces"
            )
        }
        for candidate in [line, contextLine].compactMap({ $0 }) {
            if let brace = unquotedBraceValue(onLine: candidate) {
                return SyntaxHint(
                    line: line,
                    column: column,
                    problem: nil,
                    hint: "a value that starts with '{' (at \(candidate):\(brace)) is read as a YAML map; "
                        + "put the whole message in quotes: \"{name} …\""
                )
            }
        }
        return nil
    }

    /// The scalar at a 1-based line and column of the original text.
    private func scalar(line: Int, column: Int) -> Unicode.Scalar? {
        guard let index = source.index(line: line, column: column), index < source.scalars.count else { return nil }
        return source.scalars[index]
    }

    /// The column of a `{` that starts a block mapping's value on `line` (`body: {name} …`).
    private func unquotedBraceValue(onLine line: Int) -> Int? {
        guard line >= 1, line <= source.lineStarts.count else { return nil }
        let start = source.lineStarts[line - 1]
        let end = line < source.lineStarts.count ? source.lineStarts[line] : source.scalars.count
        let text = source.scalars[start..<end]
        var previous: Unicode.Scalar = " "
        var afterColon = false
        for (offset, scalar) in text.enumerated() {
            if afterColon {
                if scalar == " " { continue }
                return scalar == "{" ? offset + 1 : nil
            }
            if scalar == "\"" || scalar == "'" || scalar == "#" { return nil }
            if scalar == " ", previous == ":" { afterColon = true }
            previous = scalar
        }
        return nil
    }
}
