extension SourceText {
    /// Maps a UTF-8 byte offset inside ``text`` to the line and column in the file where that
    /// character was written.
    ///
    /// Works for every scalar style: quotes, escapes (`\n`, `\u00E9`, …), doubled single quotes,
    /// line folding and block indentation are undone by re-reading the file from ``location``.
    /// A character produced by an escape maps to its backslash; a space or line feed produced by
    /// folding maps to the line break it came from; an offset inside a multi-byte character maps
    /// to that character. An offset at or past the end maps to just after the value (the closing
    /// quote of a quoted scalar); a negative offset maps to the first character.
    ///
    /// Source texts built in code (without a file) are taken to be written on one line, as is.
    /// - Parameter offset: a UTF-8 offset into ``text``.
    /// - Returns: the file location of the character at `offset`.
    public func location(ofByteOffset offset: Int) -> CatalogFileLocation {
        directLocation(ofByteOffset: offset) ?? tracedLocation(ofByteOffset: offset)
    }

    /// ``location(ofByteOffset:)`` found by re-reading the scalar in the file (any style).
    func tracedLocation(ofByteOffset offset: Int) -> CatalogFileLocation {
        let scalars = Array(text.unicodeScalars)
        let index = scalarIndex(ofByteOffset: offset, in: scalars)
        if let source, let trace = ScalarTracer.trace(style, in: source, start: location, expected: scalars) {
            let position = index < trace.positions.count ? trace.positions[index] : trace.end
            if let position {
                return CatalogFileLocation(file: location.file, line: position.line, column: position.column)
            }
        }
        return fallbackLocation(ofScalarIndex: index)
    }

    /// The location of byte `offset` when the value is written on one line exactly as it reads: a
    /// plain or quoted scalar without anchor, tag, escape, doubled quote or line break. Its
    /// characters then sit column by column after the start (and the opening quote), which is
    /// what tracing would find, without tracing; nil for every other scalar.
    func directLocation(ofByteOffset offset: Int) -> CatalogFileLocation? {
        guard let source, let start = source.index(line: location.line, column: location.column) else { return nil }
        let quote: Unicode.Scalar?
        switch style {
        case .plain: quote = nil
        case .singleQuoted: quote = "'"
        case .doubleQuoted: quote = "\""
        case .literal, .folded: return nil
        }
        let file = source.scalars
        var position = start
        guard position < file.count else { return nil }
        if let quote {
            guard file[position] == quote else { return nil }
            position += 1
        } else if file[position] == "&" || file[position] == "!" || Self.isBlank(file[position]) {
            return nil
        }
        var count = 0
        var consumed = 0
        var target: Int?
        var last: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            guard position < file.count, file[position] == scalar, !Self.isLineBreak(scalar), scalar != quote,
                quote != "\"" || scalar != "\\"
            else { return nil }
            if target == nil {
                consumed += UTF8.width(scalar)
                if offset < consumed { target = count }
            }
            count += 1
            position += 1
            last = scalar
        }
        if let quote {
            // A doubled single quote would be an escaped quote, and the value would go on.
            guard position < file.count, file[position] == quote,
                quote != "'" || position + 1 >= file.count || file[position + 1] != "'"
            else { return nil }
        } else if let last, Self.isBlank(last) {
            return nil
        }
        return fallbackLocation(ofScalarIndex: target ?? count)
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    /// The line breaks libyaml counts (see ``SourceFile``).
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// The index of the scalar holding byte `offset` (clamped to `0...scalars.count`).
    private func scalarIndex(ofByteOffset offset: Int, in scalars: [Unicode.Scalar]) -> Int {
        var consumed = 0
        for (index, scalar) in scalars.enumerated() {
            consumed += UTF8.width(scalar)
            if offset < consumed { return index }
        }
        return scalars.count
    }

    /// One line, no escapes: the column moves by one per scalar.
    private func fallbackLocation(ofScalarIndex index: Int) -> CatalogFileLocation {
        var result = location
        switch style {
        case .plain: result.column += index
        case .singleQuoted, .doubleQuoted: result.column += 1 + index
        case .literal, .folded: break
        }
        return result
    }
}
