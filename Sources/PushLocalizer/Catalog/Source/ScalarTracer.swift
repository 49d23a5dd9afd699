/// Re-reads a scalar node in the file text to find where each character of its value was written.
///
/// The rules follow libyaml's scanner (the parser under Yams) for each style; the result is used
/// only when it reproduces the value exactly, so an unforeseen input degrades to a coarser
/// location rather than a wrong one.
enum ScalarTracer {
    /// Traces the scalar starting at `start`, or returns nil when its value cannot be reproduced.
    static func trace(
        _ style: ScalarStyle,
        in file: SourceFile,
        start: CatalogFileLocation,
        expected: [Unicode.Scalar]
    ) -> ScalarTrace? {
        guard let index = file.index(line: start.line, column: start.column) else { return nil }
        var cursor = SourceCursor(
            file: file,
            index: index,
            position: SourcePosition(line: start.line, column: start.column)
        )
        cursor.skipNodeProperties()
        let trace: ScalarTrace?
        switch style {
        case .plain: trace = tracePlain(&cursor, count: expected.count)
        case .singleQuoted, .doubleQuoted: trace = traceQuoted(&cursor)
        case .literal, .folded: return traceBlock(&cursor, expected: expected)
        }
        return trace?.scalars == expected ? trace : nil
    }

    /// A plain scalar: runs of text joined by spaces, with line folding; it ends where its value
    /// ends, which spares re-implementing the plain scalar's many end conditions.
    private static func tracePlain(_ cursor: inout SourceCursor, count: Int) -> ScalarTrace? {
        var trace = ScalarTrace()
        var folding = Folding()
        while trace.count < count, let scalar = cursor.current {
            if cursor.isBlank || cursor.isBreak {
                folding.consumeBlanks(&cursor)
                continue
            }
            folding.flush(into: &trace)
            trace.emit(scalar, at: cursor.position)
            cursor.advance()
        }
        trace.end = cursor.position
        return trace
    }

    /// A single- or double-quoted scalar, up to its closing quote.
    private static func traceQuoted(_ cursor: inout SourceCursor) -> ScalarTrace? {
        guard let quote = cursor.current, quote == "'" || quote == "\"" else { return nil }
        let single = quote == "'"
        cursor.advance()
        var trace = ScalarTrace()
        while cursor.current != nil {
            var folding = Folding()
            while let scalar = cursor.current, !cursor.isBlank, !cursor.isBreak {
                if single, scalar == "'", cursor.peek(1) == "'" {
                    trace.emit("'", at: cursor.position)
                    cursor.advance()
                    cursor.advance()
                } else if scalar == quote {
                    break
                } else if !single, scalar == "\\", cursor.isBreak(atDistance: 1) {
                    // An escaped line break joins the lines with nothing in between.
                    cursor.advance()
                    _ = cursor.consumeLineBreak()
                    folding.startAfterEscapedBreak()
                    break
                } else if !single, scalar == "\\" {
                    let position = cursor.position
                    guard let value = readEscape(&cursor) else { return nil }
                    trace.emit(value, at: position)
                } else {
                    trace.emit(scalar, at: cursor.position)
                    cursor.advance()
                }
            }
            if cursor.current == quote {
                break
            }
            folding.consumeBlanks(&cursor)
            folding.flush(into: &trace)
        }
        guard cursor.current == quote else { return nil }
        trace.end = cursor.position
        return trace
    }

    /// Reads a double-quoted escape at the cursor (on its backslash) and returns its value.
    private static func readEscape(_ cursor: inout SourceCursor) -> Unicode.Scalar? {
        cursor.advance()
        guard let letter = cursor.current else { return nil }
        cursor.advance()
        let digits: Int
        switch letter {
        case "x": digits = 2
        case "u": digits = 4
        case "U": digits = 8
        default: return simpleEscapes[letter].flatMap(Unicode.Scalar.init)
        }
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let digit = cursor.current, let nibble = hexValue(digit) else { return nil }
            value = value << 4 | nibble
            cursor.advance()
        }
        return Unicode.Scalar(value)
    }

    private static let simpleEscapes: [Unicode.Scalar: UInt32] = [
        "0": 0, "a": 7, "b": 8, "t": 9, "\t": 9, "n": 10, "v": 11, "f": 12, "r": 13, "e": 0x1B,
        " ": 0x20, "\"": 0x22, "/": 0x2F, "'": 0x27, "\\": 0x5C, "N": 0x85, "_": 0xA0,
        "L": 0x2028, "P": 0x2029,
    ]

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }
}

/// The blanks and line breaks between two runs of a flow scalar's text, and what they become.
struct Folding {
    private var whitespace: [(Unicode.Scalar, SourcePosition)] = []
    private var leadingBreak: (Unicode.Scalar, SourcePosition)?
    private var trailingBreaks: [(Unicode.Scalar, SourcePosition)] = []
    private var afterBreak = false

    /// Marks that an escaped line break was just read: the next line's indentation is skipped.
    mutating func startAfterEscapedBreak() {
        afterBreak = true
    }

    /// Reads blanks and line breaks: blanks before a line break are dropped, as are the blanks
    /// that indent the following lines.
    mutating func consumeBlanks(_ cursor: inout SourceCursor) {
        while cursor.isBlank || cursor.isBreak {
            if cursor.isBlank {
                if !afterBreak, let scalar = cursor.current { whitespace.append((scalar, cursor.position)) }
                cursor.advance()
            } else if !afterBreak {
                whitespace.removeAll()
                let position = cursor.position
                leadingBreak = (cursor.consumeLineBreak(), position)
                afterBreak = true
            } else {
                let position = cursor.position
                trailingBreaks.append((cursor.consumeLineBreak(), position))
            }
        }
    }

    /// Emits what the blanks read so far stand for, and starts over.
    mutating func flush(into trace: inout ScalarTrace) {
        if afterBreak {
            trace.joinBreaks(leading: leadingBreak, trailing: trailingBreaks)
        } else {
            trace.emit(whitespace)
        }
        self = Folding()
    }
}
