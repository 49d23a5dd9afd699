import MessageFormat

/// Finds apostrophes that ICU reads as the start of quoted text where the writer most likely
/// meant a plain apostrophe.
///
/// In ICU's default mode (`DOUBLE_OPTIONAL`) an apostrophe before `{`, `}` (or `#` directly in a
/// plural case) starts quoted literal text up to the next lone apostrophe, or to the end of the
/// message when there is none. French `l'{name}` thus prints `l{name}` and everything after it
/// verbatim. A finding is either
/// - quoted text that runs to the end of its message and swallows more than the one syntax
///   character, or
/// - quoted text that contains what looks like a placeholder (`{name}` or `{name,`) when the
///   apostrophe follows a letter (an elision such as `l'`, `d'`, `n'`); `'{name}'` after a space
///   is taken as deliberate quoting and left alone.
enum ApostropheScanner {
    /// One suspicious apostrophe.
    struct Finding: Equatable {
        /// UTF-8 offset of the apostrophe in the pattern.
        var offset: Int
        /// Whether its quoted text runs to the end of the enclosing message.
        var isUnterminated: Bool
    }

    /// Scans the literal text of a parsed message.
    static func findings(in pattern: String, syntax: Message) -> [Finding] {
        let bytes = Array(pattern.utf8)
        var result: [Finding] = []
        func visit(_ message: Message, inPlural: Bool) {
            for part in message.parts {
                switch part {
                case .text(_, let range):
                    scan(bytes, range: range, inPlural: inPlural, into: &result)
                case .pound:
                    break
                case .argument(let argument):
                    switch argument.kind {
                    case .none, .simple: break
                    case .plural(let plural), .selectOrdinal(let plural):
                        plural.cases.forEach { visit($0.message, inPlural: true) }
                    case .select(let select):
                        select.cases.forEach { visit($0.message, inPlural: false) }
                    }
                }
            }
        }
        visit(syntax, inPlural: false)
        return result
    }

    /// Apostrophes after a letter and before `{`, `}` or `#`, in a pattern that did not parse
    /// (an elided article whose quote swallowed a closing brace is a common cause).
    static func elidedQuoteOffsets(in pattern: String) -> [Int] {
        let bytes = Array(pattern.utf8)
        var offsets: [Int] = []
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "'") {
                if bytes[index + 1] == UInt8(ascii: "'") {
                    index += 2
                    continue
                }
                if isSyntax(bytes[index + 1], inPlural: true), followsLetter(bytes, index) {
                    offsets.append(index)
                }
            }
            index += 1
        }
        return offsets
    }

    private static func scan(_ bytes: [UInt8], range: SourceRange, inPlural: Bool, into result: inout [Finding]) {
        var index = range.start
        let end = min(range.end, bytes.count)
        while index < end {
            guard bytes[index] == UInt8(ascii: "'"), index + 1 < end else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "'") {
                index += 2
                continue
            }
            guard isSyntax(next, inPlural: inPlural) else {
                index += 1
                continue
            }
            let start = index
            var cursor = index + 2
            var close: Int?
            while cursor < end {
                if bytes[cursor] == UInt8(ascii: "'") {
                    if cursor + 1 < end, bytes[cursor + 1] == UInt8(ascii: "'") {
                        cursor += 2
                        continue
                    }
                    close = cursor
                    break
                }
                cursor += 1
            }
            let quoted = Array(bytes[(start + 1)..<(close ?? end)])
            if close == nil {
                if quoted.count > 1 {
                    result.append(Finding(offset: start, isUnterminated: true))
                }
            } else if containsPlaceholder(quoted), followsLetter(bytes, start) {
                result.append(Finding(offset: start, isUnterminated: false))
            }
            index = (close ?? end) + 1
        }
    }

    private static func isSyntax(_ byte: UInt8, inPlural: Bool) -> Bool {
        byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || (inPlural && byte == UInt8(ascii: "#"))
    }

    /// `{` followed by an argument name and then `}` or `,` (spaces allowed around the name).
    private static func containsPlaceholder(_ quoted: [UInt8]) -> Bool {
        var index = 0
        while index < quoted.count {
            defer { index += 1 }
            guard quoted[index] == UInt8(ascii: "{") else { continue }
            var cursor = index + 1
            while cursor < quoted.count, quoted[cursor] == UInt8(ascii: " ") { cursor += 1 }
            let nameStart = cursor
            while cursor < quoted.count, isNameByte(quoted[cursor]) { cursor += 1 }
            guard cursor > nameStart else { continue }
            while cursor < quoted.count, quoted[cursor] == UInt8(ascii: " ") { cursor += 1 }
            if cursor < quoted.count, quoted[cursor] == UInt8(ascii: "}") || quoted[cursor] == UInt8(ascii: ",") {
                return true
            }
        }
        return false
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// Whether the character before `offset` is a letter (decoding a multi-byte one if needed).
    private static func followsLetter(_ bytes: [UInt8], _ offset: Int) -> Bool {
        guard offset > 0 else { return false }
        var start = offset - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let scalar = String(decoding: bytes[start..<offset], as: UTF8.self).unicodeScalars.first
        return scalar?.properties.isAlphabetic ?? false
    }
}
