/// A 1-based line and column in a source file.
struct SourcePosition: Hashable {
    var line: Int
    var column: Int
}

/// Walks a file's scalars while tracking line and column the way libyaml does.
struct SourceCursor {
    private let scalars: [Unicode.Scalar]
    private(set) var index: Int
    private(set) var position: SourcePosition

    init(file: SourceFile, index: Int, position: SourcePosition) {
        scalars = file.scalars
        self.index = index
        self.position = position
    }

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    func peek(_ distance: Int) -> Unicode.Scalar? {
        index + distance < scalars.count ? scalars[index + distance] : nil
    }

    /// Space or tab.
    var isBlank: Bool { current == " " || current == "\t" }

    var isBreak: Bool { SourceFile.lineBreakWidth(in: scalars, at: index) > 0 }

    func isBreak(atDistance distance: Int) -> Bool {
        SourceFile.lineBreakWidth(in: scalars, at: index + distance) > 0
    }

    /// The 0-based column, as libyaml's indentation checks use it.
    var indentColumn: Int { position.column - 1 }

    /// Moves past one scalar that is not a line break.
    mutating func advance() {
        guard index < scalars.count else { return }
        index += 1
        position.column += 1
    }

    /// Moves past a line break and returns what YAML reads it as: LF for CR LF, CR, LF and NEL,
    /// itself for LS and PS (libyaml's READ_LINE).
    mutating func consumeLineBreak() -> Unicode.Scalar {
        let width = SourceFile.lineBreakWidth(in: scalars, at: index)
        guard width > 0 else { return "\n" }
        let scalar = scalars[index]
        index += width
        position = SourcePosition(line: position.line + 1, column: 1)
        return scalar.value == 0x2028 || scalar.value == 0x2029 ? scalar : "\n"
    }

    /// Skips a node's anchor (`&a`) and tag (`!!str`), which come before the scalar itself.
    mutating func skipNodeProperties() {
        while current == "&" || current == "!" {
            while current != nil, !isBlank, !isBreak { advance() }
            while isBlank || isBreak {
                if isBreak { _ = consumeLineBreak() } else { advance() }
            }
        }
    }
}

/// The source position of every Unicode scalar of a scalar node's value.
struct ScalarTrace {
    private(set) var scalars: [Unicode.Scalar] = []
    private(set) var positions: [SourcePosition] = []
    /// The position just after the value (a closing quote, or just past the last character).
    var end: SourcePosition?

    var count: Int { scalars.count }

    mutating func emit(_ scalar: Unicode.Scalar, at position: SourcePosition) {
        scalars.append(scalar)
        positions.append(position)
    }

    mutating func emit(_ pieces: [(Unicode.Scalar, SourcePosition)]) {
        for (scalar, position) in pieces { emit(scalar, at: position) }
    }

    /// Joins the line breaks met between two runs of text, as YAML folding does: a single line
    /// feed becomes a space; when empty lines follow it, only they count, each as a line feed.
    mutating func joinBreaks(
        leading: (Unicode.Scalar, SourcePosition)?,
        trailing: [(Unicode.Scalar, SourcePosition)]
    ) {
        if let leading, leading.0 == "\n" {
            if trailing.isEmpty { emit(" ", at: leading.1) } else { emit(trailing) }
        } else {
            if let leading { emit(leading.0, at: leading.1) }
            emit(trailing)
        }
    }
}
