/// Composes the plain shape most catalog files have, without libyaml: block maps whose keys are
/// simple words, and values that are one-line plain or quoted scalars, one-line flow maps of
/// those, or nested block maps. For such text it builds the very nodes that Yams' nodes convert to
/// (values, styles, string tags, locations), and gives up — returning nil, so that Yams composes
/// the file and reports its errors — at anything else: sequences, block scalars, anchors, tags,
/// escapes, multi-line scalars, tabs, carriage returns, control characters, empty values,
/// repeated keys, a document without a map.
///
/// Yams spends most of a large file's time on its repeated-key check (a regular expression per
/// key to resolve its tag) and on bridging each scalar's bytes; this reader does neither.
/// `PlainYAMLComposerTests` compares the two on catalogs and on thousands of mutations of them.
struct PlainYAMLComposer {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where each line starts and ends (the end excludes the line feed); line n is at n - 1.
    private var lines: [(start: Int, end: Int)] = []
    /// The content line being read (blank and comment lines are skipped).
    private var lineIndex = 0

    /// The root node of `text`, or nil when the text is not of the plain shape.
    static func compose(_ text: String) -> YAMLNode? {
        var text = text
        return text.withUTF8 { bytes in
            var composer = PlainYAMLComposer(bytes: bytes)
            return composer.composeDocument()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: Lines

    private mutating func composeDocument() -> YAMLNode? {
        guard Self.hasOnlyPlainCharacters(bytes) else { return nil }
        splitLines()
        guard let first = nextContentLine(), indent(of: first) == 0, let root = blockMap(indent: 0) else {
            return nil
        }
        // Everything was read: no line is left at a smaller (impossible) or stray indentation.
        return nextContentLine() == nil ? root : nil
    }

    /// Records where every line starts and ends.
    private mutating func splitLines() {
        var start = 0
        for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
            lines.append((start, index))
            start = index + 1
        }
        if start < bytes.count { lines.append((start, bytes.count)) }
    }

    /// The index of the next line with content (not blank, not only a comment), without moving on.
    private mutating func nextContentLine() -> Int? {
        while lineIndex < lines.count {
            let line = lines[lineIndex]
            let first = firstNonSpace(from: line.start, to: line.end)
            if first < line.end, bytes[first] != UInt8(ascii: "#") { return lineIndex }
            lineIndex += 1
        }
        return nil
    }

    private func indent(of line: Int) -> Int {
        firstNonSpace(from: lines[line].start, to: lines[line].end) - lines[line].start
    }

    private func firstNonSpace(from start: Int, to end: Int) -> Int {
        var index = start
        while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }

    // MARK: Block maps

    /// The block map whose keys start at `indent`, from the current content line on.
    private mutating func blockMap(indent: Int) -> YAMLNode? {
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        var keys: Set<String> = []
        var mapLocation: YAMLNode.Location?
        while let line = nextContentLine(), self.indent(of: line) >= indent {
            guard self.indent(of: line) == indent else { return nil }
            let (start, end) = lines[line]
            let keyStart = start + indent
            guard let (key, afterKey) = plainKey(at: keyStart, end: end) else { return nil }
            // `key:` then a space or the end of the line.
            guard afterKey < end, bytes[afterKey] == UInt8(ascii: ":") else { return nil }
            let afterColon = afterKey + 1
            guard afterColon == end || bytes[afterColon] == UInt8(ascii: " ") else { return nil }
            guard keys.insert(key).inserted else { return nil }
            let keyLocation = location(line: line, at: keyStart)
            if mapLocation == nil { mapLocation = keyLocation }
            let keyNode = YAMLNode.scalar(.init(string: key, style: .plain, hasStringTag: false, location: keyLocation))
            let valueStart = firstNonSpace(from: afterColon, to: end)
            lineIndex += 1
            let value: YAMLNode
            if valueStart == end || bytes[valueStart] == UInt8(ascii: "#") {
                // A nested map on the following, deeper lines (anything else: let Yams decide).
                guard let next = nextContentLine(), self.indent(of: next) > indent,
                    let nested = blockMap(indent: self.indent(of: next))
                else { return nil }
                value = nested
            } else {
                guard let (scalar, after) = inlineValue(line: line, at: valueStart, end: end, inFlow: false),
                    isLineEnd(after, end: end)
                else { return nil }
                // A deeper line after a value would continue it, or be an error.
                if let next = nextContentLine(), self.indent(of: next) > indent { return nil }
                value = scalar
            }
            pairs.append((keyNode, value))
        }
        guard let mapLocation else { return nil }
        return .mapping(.init(pairs: pairs, location: mapLocation))
    }

    /// Whether only spaces, then the end of the line or a comment, follow `index`.
    private func isLineEnd(_ index: Int, end: Int) -> Bool {
        let next = firstNonSpace(from: index, to: end)
        return next == end || (next > index && bytes[next] == UInt8(ascii: "#"))
    }

    // MARK: Scalars and flow maps

    /// libyaml looks for the `:` of a key at most 1,024 characters on; keys here stay well short.
    private static let longestKey = 256

    /// A key: a letter, digit or `_`, then letters, digits, `_`, `-` and `.`.
    private func plainKey(at start: Int, end: Int) -> (String, Int)? {
        guard start < end, Self.isWordStart(bytes[start]) else { return nil }
        var index = start + 1
        while index < end,
            Self.isWordStart(bytes[index]) || bytes[index] == UInt8(ascii: "-")
                || bytes[index] == UInt8(ascii: ".")
        {
            index += 1
        }
        guard index - start <= Self.longestKey else { return nil }
        return (string(start, index), index)
    }

    /// A quoted or plain scalar, or (outside flow maps) a one-line flow map, starting at `start`.
    /// - Returns: the node and the index just after it.
    private func inlineValue(line: Int, at start: Int, end: Int, inFlow: Bool) -> (YAMLNode, Int)? {
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return quoted(line: line, at: start, end: end, quote: UInt8(ascii: "\""))
        case UInt8(ascii: "'"):
            return quoted(line: line, at: start, end: end, quote: UInt8(ascii: "'"))
        case UInt8(ascii: "{") where !inFlow:
            return flowMap(line: line, at: start, end: end)
        default:
            return plainValue(line: line, at: start, end: end, inFlow: inFlow)
        }
    }

    /// A one-line double-quoted scalar without escapes, or single-quoted (where `''` is one quote).
    private func quoted(line: Int, at start: Int, end: Int, quote: UInt8) -> (YAMLNode, Int)? {
        var index = start + 1
        var value: [UInt8] = []
        var hasDoubledQuote = false
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") { return nil }
            if byte == quote {
                guard quote == UInt8(ascii: "'"), index + 1 < end, bytes[index + 1] == quote else { break }
                hasDoubledQuote = true
                value.append(quote)
                index += 2
                continue
            }
            value.append(byte)
            index += 1
        }
        guard index < end else { return nil }
        let text = hasDoubledQuote ? String(decoding: value, as: UTF8.self) : string(start + 1, index)
        let style: ScalarStyle = quote == UInt8(ascii: "'") ? .singleQuoted : .doubleQuoted
        // Yams tags every quoted scalar `str`.
        let scalar = YAMLNode.Scalar(
            string: text,
            style: style,
            hasStringTag: true,
            location: location(line: line, at: start)
        )
        return (.scalar(scalar), index + 1)
    }

    /// A plain scalar of words (letters, digits, `_ . + / - ( )` and single spaces between them).
    /// In a flow map it ends at `,` or `}`; elsewhere at the end of the line or a comment.
    private func plainValue(line: Int, at start: Int, end: Int, inFlow: Bool) -> (YAMLNode, Int)? {
        let first = bytes[start]
        guard
            Self.isWordStart(first) || first == UInt8(ascii: "/") || first == UInt8(ascii: ".")
                || first == UInt8(ascii: "+")
                || (first == UInt8(ascii: "-") && start + 1 < end && Self.isDigit(bytes[start + 1]))
        else { return nil }
        var index = start
        var valueEnd = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") {
                index += 1
                continue
            }
            if inFlow, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") { break }
            if byte == UInt8(ascii: "#"), bytes[index - 1] == UInt8(ascii: " ") { break }
            guard Self.isPlainCharacter(byte, inFlow: inFlow) else { return nil }
            index += 1
            valueEnd = index
        }
        let scalar = YAMLNode.Scalar(
            string: string(start, valueEnd),
            style: .plain,
            hasStringTag: false,
            location: location(line: line, at: start)
        )
        return (.scalar(scalar), valueEnd)
    }

    /// `{ key: value, … }` on one line, its values plain or quoted scalars.
    private func flowMap(line: Int, at start: Int, end: Int) -> (YAMLNode, Int)? {
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        var keys: Set<String> = []
        var index = start + 1
        while true {
            index = firstNonSpace(from: index, to: end)
            guard let (key, afterKey) = plainKey(at: index, end: end), afterKey + 1 < end,
                bytes[afterKey] == UInt8(ascii: ":"), bytes[afterKey + 1] == UInt8(ascii: " "),
                keys.insert(key).inserted
            else { return nil }
            let keyNode = YAMLNode.scalar(
                .init(string: key, style: .plain, hasStringTag: false, location: location(line: line, at: index))
            )
            let valueStart = firstNonSpace(from: afterKey + 1, to: end)
            guard valueStart < end,
                let (value, afterValue) = inlineValue(line: line, at: valueStart, end: end, inFlow: true)
            else { return nil }
            pairs.append((keyNode, value))
            index = firstNonSpace(from: afterValue, to: end)
            guard index < end else { return nil }
            if bytes[index] == UInt8(ascii: "}") { break }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
        return (.mapping(.init(pairs: pairs, location: location(line: line, at: start))), index + 1)
    }

    // MARK: Characters

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Where `index` of content line `line` is, as libyaml counts: 1-based line, and 1-based
    /// column counted in Unicode scalars.
    private func location(line: Int, at index: Int) -> YAMLNode.Location {
        var column = 1
        for position in lines[line].start..<index where bytes[position] & 0xC0 != 0x80 { column += 1 }
        return YAMLNode.Location(line: line + 1, column: column)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isWordStart(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "_")
    }

    private static func isPlainCharacter(_ byte: UInt8, inFlow: Bool) -> Bool {
        if isWordStart(byte) { return true }
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "("),
            UInt8(ascii: ")"):
            return true
        default:
            return false
        }
    }

    /// No tab, carriage return or other control character, and no character libyaml treats as a
    /// line break or refuses (C1 controls, U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF).
    private static func hasOnlyPlainCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if (byte < 0x20 && byte != UInt8(ascii: "\n")) || byte == 0x7F { return false }
                index += 1
                continue
            }
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            let third = index + 2 < bytes.count ? bytes[index + 2] : 0
            switch byte {
            case 0xC2 where next < 0xA0:
                return false
            case 0xE2 where next == 0x80 && (third == 0xA8 || third == 0xA9):
                return false
            case 0xEF where (next == 0xBB && third == 0xBF) || (next == 0xBF && third >= 0xBE):
                return false
            default:
                index += 1
            }
        }
        return true
    }
}
