/// Double-quoted text with backslash escapes, as YAML and `.strings` files both write it.
enum QuotedText {
    /// `text` in double quotes: `"` and `\` escaped, line breaks and tabs as `\n`, `\r`, `\t`,
    /// and the scalars `needsEscape` picks as `<unicodeEscape>XXXX`; everything else as is.
    static func quoted(_ text: String, unicodeEscape: String, needsEscape: (UInt32) -> Bool) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            case _ where needsEscape(scalar.value):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += unicodeEscape + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}

/// YAML text the catalog loader reads back exactly.
enum YAMLText {
    /// `text` as a double-quoted YAML scalar (controls, C1, line and paragraph separators and
    /// the BOM as `\uXXXX`).
    static func quoted(_ text: String) -> String {
        QuotedText.quoted(text, unicodeEscape: "\\u") { value in
            value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) || value == 0x2028 || value == 0x2029
                || value == 0xFEFF
        }
    }
}

/// A YAML file seen as blocks of top-level keys, so that one key's block can be replaced or
/// appended while every other line stays as it is.
struct YAMLBlockDocument {
    /// Lines before the first key (comments), kept.
    private var preamble: [String]
    /// The blocks in file order: key and lines (the key line first).
    private var blocks: [(key: String, lines: [String])]

    /// Splits `text` at lines that start a top-level key.
    init(text: String) {
        var preamble: [String] = []
        var blocks: [(String, [String])] = []
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            if let key = Self.topLevelKey(line) {
                blocks.append((key, [line]))
            } else if blocks.isEmpty {
                preamble.append(line)
            } else {
                blocks[blocks.count - 1].1.append(line)
            }
        }
        self.preamble = preamble
        self.blocks = blocks
    }

    private static func topLevelKey(_ line: String) -> String? {
        guard let first = line.unicodeScalars.first, first != " ", first != "#", first != "\t", first != "-" else {
            return nil
        }
        guard let colon = line.firstIndex(of: ":") else { return nil }
        var key = String(line[..<colon]).trimmingCharacters(in: " ")
        if key.count >= 2, key.first == "\"" || key.first == "'", key.last == key.first {
            key = String(key.dropFirst().dropLast())
        }
        return key
    }

    /// Whether the document has a block for `key`.
    func contains(_ key: String) -> Bool { blocks.contains { $0.key == key } }

    /// Replaces the block of `key` (keeping its trailing blank lines) or appends a new one after
    /// a blank line.
    mutating func set(_ key: String, block: [String]) {
        if let index = blocks.firstIndex(where: { $0.key == key }) {
            let trailing = blocks[index].lines.reversed().prefix { $0.trimmingCharacters(in: " ").isEmpty }.count
            blocks[index].lines = block + Array(repeating: "", count: trailing)
        } else {
            if let last = blocks.indices.last, !(blocks[last].lines.last?.isEmpty ?? true) {
                blocks[last].lines.append("")
            } else if blocks.isEmpty, let last = preamble.last, !last.isEmpty {
                preamble.append("")
            }
            blocks.append((key, block))
        }
    }

    /// The document's text, ending with one newline.
    var text: String {
        var lines = preamble
        for block in blocks { lines += block.lines }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string without leading and trailing `characters`.
    fileprivate func trimmingCharacters(in characters: Character) -> String {
        var slice = Substring(self)
        while slice.first == characters { slice.removeFirst() }
        while slice.last == characters { slice.removeLast() }
        return String(slice)
    }
}
