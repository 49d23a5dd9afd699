extension ScalarTracer {
    /// The header of a block scalar: `|` or `>`, then chomping and indentation indicators in
    /// either order.
    private struct BlockHeader {
        var literal: Bool
        /// -1 strip (`-`), 0 clip, 1 keep (`+`).
        var chomping = 0
        /// The explicit indentation indicator, 0 when absent.
        var increment = 0
    }

    /// A literal or folded block scalar.
    ///
    /// An explicit indentation indicator counts from the parent node's indentation, which the
    /// scalar alone does not tell; each possible parent indentation is tried and the one that
    /// reproduces the value wins.
    static func traceBlock(_ cursor: inout SourceCursor, expected: [Unicode.Scalar]) -> ScalarTrace? {
        let headerColumn = cursor.indentColumn
        guard let header = readHeader(&cursor) else { return nil }
        let indents = header.increment == 0 ? [0] : (0...headerColumn).map { $0 + header.increment }
        for indent in indents {
            var attempt = cursor
            let trace = traceBlockBody(&attempt, header: header, indent: indent)
            if trace.scalars == expected { return trace }
        }
        return nil
    }

    private static func readHeader(_ cursor: inout SourceCursor) -> BlockHeader? {
        guard let indicator = cursor.current, indicator == "|" || indicator == ">" else { return nil }
        var header = BlockHeader(literal: indicator == "|")
        cursor.advance()
        for _ in 0..<2 {
            if let scalar = cursor.current, scalar == "+" || scalar == "-" {
                header.chomping = scalar == "+" ? 1 : -1
                cursor.advance()
            } else if let scalar = cursor.current, ("1"..."9").contains(scalar) {
                header.increment = Int(scalar.value - 0x30)
                cursor.advance()
            }
        }
        while cursor.isBlank { cursor.advance() }
        if cursor.current == "#" {
            while cursor.current != nil, !cursor.isBreak { cursor.advance() }
        }
        if cursor.isBreak { _ = cursor.consumeLineBreak() }
        return header
    }

    /// Mirrors libyaml's `yaml_parser_scan_block_scalar` body, recording positions.
    private static func traceBlockBody(_ cursor: inout SourceCursor, header: BlockHeader, indent: Int) -> ScalarTrace {
        var indent = indent
        var trace = ScalarTrace()
        var trailing: [(Unicode.Scalar, SourcePosition)] = []
        scanBreaks(&cursor, indent: &indent, into: &trailing)
        var leadingBreak: (Unicode.Scalar, SourcePosition)?
        var leadingBlank = false
        var contentEnd = cursor.position
        while cursor.indentColumn == indent, cursor.current != nil {
            let trailingBlank = cursor.isBlank
            if !header.literal, let line = leadingBreak, line.0 == "\n", !leadingBlank, !trailingBlank {
                // Folding: a line break between two text lines is a space, or nothing when empty
                // lines (which stay line feeds) come between them.
                if trailing.isEmpty { trace.emit(" ", at: line.1) }
                leadingBreak = nil
            }
            if let line = leadingBreak { trace.emit(line.0, at: line.1) }
            trace.emit(trailing)
            leadingBreak = nil
            trailing.removeAll()
            leadingBlank = cursor.isBlank
            while let scalar = cursor.current, !cursor.isBreak {
                trace.emit(scalar, at: cursor.position)
                cursor.advance()
            }
            contentEnd = cursor.position
            guard cursor.current != nil else { break }
            let position = cursor.position
            leadingBreak = (cursor.consumeLineBreak(), position)
            scanBreaks(&cursor, indent: &indent, into: &trailing)
        }
        if header.chomping != -1, let line = leadingBreak { trace.emit(line.0, at: line.1) }
        if header.chomping == 1 { trace.emit(trailing) }
        trace.end = contentEnd
        return trace
    }

    /// Reads indentation and empty lines; when `indent` is 0 it is set from the most indented of
    /// them (libyaml's auto-detection).
    private static func scanBreaks(
        _ cursor: inout SourceCursor,
        indent: inout Int,
        into breaks: inout [(Unicode.Scalar, SourcePosition)]
    ) {
        var maxIndent = 0
        while true {
            while indent == 0 || cursor.indentColumn < indent, cursor.current == " " { cursor.advance() }
            maxIndent = max(maxIndent, cursor.indentColumn)
            guard cursor.isBreak else { break }
            let position = cursor.position
            breaks.append((cursor.consumeLineBreak(), position))
        }
        if indent == 0 { indent = max(maxIndent, 1) }
    }
}
