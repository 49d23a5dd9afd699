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
