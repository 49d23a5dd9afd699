/// One conversion of an Apple format string (`%@`, `%2$lld`, `%.2f`, `%#@NAME@`, `%arg`).
public struct PrintfSpecifier: Sendable, Hashable {
    /// The explicit position (`%2$@` → 2), if written.
    public var position: Int?
    /// Flags (`-+ #0'`).
    public var flags: String
    /// The minimum width, if written.
    public var width: Int?
    /// The precision (`.2`), if written.
    public var precision: Int?
    /// The length modifier (`l`, `ll`, `q`, `h`, …).
    public var length: String
    /// The conversion character (`@`, `d`, `f`, …).
    public var conversion: Character
    /// The text as written, from `%` to the conversion.
    public var text: String

    /// The kind of value the conversion prints.
    public var kind: PrintfValueKind {
        switch conversion {
        case "@", "s", "S": .text
        case "d", "i", "u", "D", "U": .integer
        case "f", "F": .decimal
        case "e", "E", "g", "G", "a", "A", "x", "X", "o", "O", "c", "C", "p": .unsupported
        default: .unsupported
        }
    }
}

/// What a printf conversion prints.
public enum PrintfValueKind: Sendable, Hashable {
    /// An object's description or a C string (`%@`, `%s`).
    case text
    /// A whole number (`%d %i %u` with any length).
    case integer
    /// A fixed-point number (`%f`, `%.2f`).
    case decimal
    /// A conversion with no ICU MessageFormat equivalent (`%x`, `%e`, `%c`, …).
    case unsupported
}

/// A piece of an Apple format string.
public enum PrintfToken: Sendable, Hashable {
    /// Literal text (with `%%` already turned into `%`).
    case literal(String)
    /// A conversion.
    case specifier(PrintfSpecifier)
    /// A substitution `%#@NAME@` (or `%2$#@NAME@`).
    case substitution(name: String, position: Int?)
    /// `%arg` inside a substitution's variation: the substitution's own argument.
    case substitutionArgument
}

/// A format string that is not valid, with the offset (in characters) of the problem.
public struct PrintfError: Error, Sendable, Hashable {
    /// Offset in characters from the start of the string.
    public var offset: Int
    /// What is wrong.
    public var message: String
}

/// Splits Apple format strings into literal text and conversions, as `-[NSString stringWithFormat:]`
/// reads them.
public enum PrintfFormat {
    /// The space flag is left out: `100% guaranteed` is text in every real string file, not `% g`.
    private static let flagCharacters: Set<Character> = ["-", "+", "#", "0", "'"]
    private static let lengthCharacters: Set<Character> = ["h", "l", "q", "L", "z", "t", "j"]
    private static let conversions: Set<Character> = [
        "@", "d", "D", "i", "u", "U", "x", "X", "o", "O", "f", "F", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S",
        "p",
    ]

    /// The tokens of `text`.
    /// - Parameters:
    ///   - text: an Apple format string.
    ///   - allowsArg: whether `%arg` stands for a substitution's argument (inside variations).
    /// - Throws: `PrintfError` for a `%` that starts no valid conversion.
    public static func tokens(_ text: String, allowsArg: Bool = false) throws(PrintfError) -> [PrintfToken] {
        let characters = Array(text)
        var tokens: [PrintfToken] = []
        var literal = ""
        var index = 0
        func flush() {
            if !literal.isEmpty { tokens.append(.literal(literal)) }
            literal = ""
        }
        while index < characters.count {
            let character = characters[index]
            guard character == "%" else {
                literal.append(character)
                index += 1
                continue
            }
            let start = index
            index += 1
            guard index < characters.count else {
                throw PrintfError(offset: start, message: "'%' at the end of the string")
            }
            if characters[index] == "%" {
                literal.append("%")
                index += 1
                continue
            }
            if allowsArg, characters[index...].starts(with: ["a", "r", "g"]) {
                flush()
                tokens.append(.substitutionArgument)
                index += 3
                continue
            }
            var position: Int?
            var scan = index
            while scan < characters.count, characters[scan].isASCII, characters[scan].isNumber { scan += 1 }
            if scan > index, characters[scan...].starts(with: ["#", "@"]) {
                // `%1#@NAME@` (no `$`), as some .stringsdict files write it: the digits are the position.
                position = Int(String(characters[index..<scan]))
                index = scan
            } else if scan > index, scan < characters.count, characters[scan] == "$" {
                position = Int(String(characters[index..<scan]))
                guard let position, position > 0 else {
                    throw PrintfError(offset: start, message: "argument position must be 1 or more")
                }
                index = scan + 1
            }
            if characters[index...].starts(with: ["#", "@"]) {
                guard let close = characters[(index + 2)...].firstIndex(of: "@"), close > index + 2 else {
                    throw PrintfError(offset: start, message: "substitution '%#@' has no closing '@'")
                }
                flush()
                tokens.append(.substitution(name: String(characters[(index + 2)..<close]), position: position))
                index = close + 1
                continue
            }
            var flags = ""
            while index < characters.count, flagCharacters.contains(characters[index]) {
                flags.append(characters[index])
                index += 1
            }
            let width = number(characters, &index)
            var precision: Int?
            if index < characters.count, characters[index] == "." {
                index += 1
                precision = number(characters, &index) ?? 0
            }
            var length = ""
            while index < characters.count, lengthCharacters.contains(characters[index]), length.count < 2 {
                length.append(characters[index])
                index += 1
            }
            guard index < characters.count, conversions.contains(characters[index]) else {
                throw PrintfError(
                    offset: start,
                    message:
                        "'\(String(characters[start..<min(index + 1, characters.count)]))' is not a valid format specifier"
                )
            }
            flush()
            let conversion = characters[index]
            index += 1
            tokens.append(
                .specifier(
                    PrintfSpecifier(
                        position: position,
                        flags: flags,
                        width: width,
                        precision: precision,
                        length: length,
                        conversion: conversion,
                        text: String(characters[start..<index])
                    )
                )
            )
        }
        flush()
        return tokens
    }

    private static func number(_ characters: [Character], _ index: inout Int) -> Int? {
        let start = index
        while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
        return index > start ? Int(String(characters[start..<index])) : nil
    }

    /// Whether `text` holds at least one conversion and every `%` in it is valid.
    public static func isFormatString(_ text: String) -> Bool {
        guard let tokens = try? tokens(text) else { return false }
        return tokens.contains { token in
            switch token {
            case .literal: false
            default: true
            }
        }
    }
}
