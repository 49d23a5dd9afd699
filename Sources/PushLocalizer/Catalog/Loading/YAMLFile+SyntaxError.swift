import Yams

extension YAMLFile {
    /// A `yaml-syntax` error at the place libyaml names.
    func syntaxError(_ error: YamlError) -> CatalogError {
        switch error {
        case let .scanner(context, problem, mark, _),
            let .parser(context, problem, mark, _),
            let .composer(context, problem, mark, _):
            return yamlError(problem: problem, context: context, line: mark.line, column: mark.column)
        case let .reader(problem, offset, _, yaml):
            let position = offset.flatMap { Self.position(ofCharacterOffset: $0, in: yaml) } ?? (1, 1)
            return yamlError(problem: problem, context: nil, line: position.line, column: position.column)
        default:
            return yamlError(problem: "\(error)", context: nil, line: 1, column: 1)
        }
    }

    private func yamlError(problem: String, context: YamlError.Context?, line: Int, column: Int) -> CatalogError {
        let contextText = context.flatMap { $0.text.isEmpty ? nil : $0.text }
        let contextPlace = context.map { location(line: $0.mark.line, column: $0.mark.column) }
        let place = location(line: line, column: column)
        let hint = syntaxHint(
            problem: problem,
            context: contextText,
            line: place.line,
            column: place.column,
            contextLine: contextPlace?.line,
            contextColumn: contextPlace?.column
        )
        var message = "invalid YAML: \(hint?.problem ?? problem)"
        if hint?.problem == nil, let contextText, let contextPlace {
            message += " (\(contextText) at \(contextPlace.line):\(contextPlace.column))"
        }
        if let hint { message += "; hint: \(hint.hint)" }
        return CatalogError(
            location: hint.map { CatalogFileLocation(file: path, line: $0.line, column: $0.column) } ?? place,
            code: CatalogError.Code.yamlSyntax,
            message: message
        )
    }

    /// Yams gives reader errors as a Character offset; turn it into a line and scalar column.
    private static func position(ofCharacterOffset offset: Int, in text: String) -> (line: Int, column: Int)? {
        guard let index = text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex) else { return nil }
        let scalarOffset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index)
        let file = SourceFile(path: "", text: text)
        let line = file.lineStarts.lastIndex { $0 <= scalarOffset } ?? 0
        return (line + 1, scalarOffset - file.lineStarts[line] + 1)
    }
}
