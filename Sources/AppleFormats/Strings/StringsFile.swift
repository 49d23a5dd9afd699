/// A `.strings` file read with CoreFoundation's old-style property-list grammar: `key = value;`
/// pairs (or `key;`, whose value is the key), strings in double or single quotes or unquoted,
/// `//` and `/* */` comments.
public struct StringsFile: Sendable, Hashable {
    /// One pair, with the line of its key.
    public struct Pair: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The value.
        public var value: String
        /// 1-based line of the key.
        public var line: Int
    }

    /// The pairs in file order; a repeated key keeps its last value (and its first position).
    public var pairs: [Pair]
    /// Warnings: repeated keys.
    public var warnings: [String]

    /// The pairs as a dictionary.
    public var dictionary: [String: String] {
        Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Reads a `.strings` file.
    /// - Parameters:
    ///   - bytes: the file's bytes: UTF-16 with a byte-order mark, or UTF-8 (with or without one).
    ///   - file: the path, for errors.
    /// - Throws: `AppleFileError` with the line and column of the first problem.
    public init(bytes: [UInt8], file: String) throws(AppleFileError) {
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let bigEndian = bytes[0] == 0xFE
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = 2
            while index + 1 < bytes.count {
                let high = UInt16(bytes[bigEndian ? index : index + 1])
                let low = UInt16(bytes[bigEndian ? index + 1 : index])
                units.append(high << 8 | low)
                index += 2
            }
            text = String(decoding: units, as: UTF16.self)
        } else {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            guard let decoded = String(validating: body, as: UTF8.self) else {
                throw AppleFileError(
                    file: file,
                    line: 1,
                    column: 1,
                    message: "not valid UTF-8, and no UTF-16 byte-order mark"
                )
            }
            text = decoded
        }
        var parser = StringsParser(scalars: Array(text.unicodeScalars), file: file)
        let parsed = try parser.parse()
        var order: [String: Int] = [:]
        var pairs: [Pair] = []
        var warnings: [String] = []
        for pair in parsed {
            if let index = order[pair.key] {
                warnings.append(
                    "\(file):\(pair.line): key '\(pair.key)' repeated (first on line \(pairs[index].line)); the last value wins"
                )
                pairs[index].value = pair.value
            } else {
                order[pair.key] = pairs.count
                pairs.append(pair)
            }
        }
        self.pairs = pairs
        self.warnings = warnings
    }
}

/// The scanner and parser behind `StringsFile`.
struct StringsParser {
    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0

    init(scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
    }

    private func failure(_ message: String, at position: Int? = nil) -> AppleFileError {
        let end = min(position ?? index, scalars.count)
        var line = 1
        var column = 1
        for scalar in scalars[..<end] {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return AppleFileError(file: file, line: line, column: column, message: message)
    }

    /// Lines counted so far: up to `lineCursor.position`, `lineCursor.line` lines began.
    private var lineCursor = (position: 0, line: 1)

    /// The 1-based line of `position` (positions asked for only grow, so counting resumes).
    private mutating func line(at position: Int) -> Int {
        let end = min(position, scalars.count)
        if end < lineCursor.position { lineCursor = (0, 1) }
        for index in lineCursor.position..<end where scalars[index] == "\n" { lineCursor.line += 1 }
        lineCursor.position = end
        return lineCursor.line
    }

    mutating func parse() throws(AppleFileError) -> [StringsFile.Pair] {
        var pairs: [StringsFile.Pair] = []
        while true {
            try skipSpaceAndComments()
            guard index < scalars.count else { return pairs }
            let keyStart = index
            let key = try string(expected: "a key")
            try skipSpaceAndComments()
            guard index < scalars.count else {
                throw failure("expected ';' or '=' after the key, found the end of the file")
            }
            if scalars[index] == ";" {
                index += 1
                pairs.append(.init(key: key, value: key, line: line(at: keyStart)))
                continue
            }
            guard scalars[index] == "=" else { throw failure("expected '=' or ';' after the key") }
            index += 1
            try skipSpaceAndComments()
            let value = try string(expected: "a value")
            try skipSpaceAndComments()
            guard index < scalars.count, scalars[index] == ";" else { throw failure("expected ';' after the value") }
            index += 1
            pairs.append(.init(key: key, value: value, line: line(at: keyStart)))
        }
    }

    private mutating func skipSpaceAndComments() throws(AppleFileError) {
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                index += 1
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while index < scalars.count, scalars[index] != "\n", scalars[index] != "\r" { index += 1 }
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let start = index
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                guard index + 1 < scalars.count else { throw failure("unterminated comment", at: start) }
                index += 2
            } else {
                return
            }
        }
    }

    /// Characters CoreFoundation accepts in an unquoted string.
    private static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "_$/:.-".unicodeScalars.contains(scalar))
    }

    private mutating func string(expected: String) throws(AppleFileError) -> String {
        guard index < scalars.count else { throw failure("expected \(expected), found the end of the file") }
        let quote = scalars[index]
        if quote == "\"" || quote == "'" { return try quoted(quote) }
        let start = index
        while index < scalars.count, Self.isUnquoted(scalars[index]) { index += 1 }
        guard index > start else { throw failure("expected \(expected), found '\(scalars[index])'") }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[start..<index])
        return String(result)
    }

    private mutating func quoted(_ quote: Unicode.Scalar) throws(AppleFileError) -> String {
        let start = index
        index += 1
        var result = String.UnicodeScalarView()
        while true {
            guard index < scalars.count else { throw failure("unterminated string", at: start) }
            let scalar = scalars[index]
            index += 1
            if scalar == quote { return String(result) }
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            guard index < scalars.count else { throw failure("unterminated string", at: start) }
            let escaped = scalars[index]
            index += 1
            switch escaped {
            case "a": result.append("\u{07}")
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "v": result.append("\u{0B}")
            case "U":
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, index < scalars.count, let digit = scalars[index].hexDigitValue {
                    value = value * 16 + UInt32(digit)
                    index += 1
                    digits += 1
                }
                if (0xD800...0xDBFF).contains(value), index + 1 < scalars.count, scalars[index] == "\\",
                    scalars[index + 1] == "U"
                {
                    var low: UInt32 = 0
                    var lowDigits = 0
                    var scan = index + 2
                    while lowDigits < 4, scan < scalars.count, let digit = scalars[scan].hexDigitValue {
                        low = low * 16 + UInt32(digit)
                        scan += 1
                        lowDigits += 1
                    }
                    if (0xDC00...0xDFFF).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        index = scan
                    }
                }
                result.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            case "0"..."7":
                var value = UInt32(escaped.value - 0x30)
                var digits = 1
                while digits < 3, index < scalars.count, ("0"..."7").contains(scalars[index]) {
                    value = value * 8 + (scalars[index].value - 0x30)
                    index += 1
                    digits += 1
                }
                result.append(
                    Unicode.Scalar(value < 128 ? value : NextStepEncoding.scalar(UInt8(value & 0xFF))) ?? "\u{FFFD}"
                )
            default:
                // `\"`, `\'`, `\\` and a backslash before any other character: the character.
                result.append(escaped)
            }
        }
    }
}

extension Unicode.Scalar {
    /// The value of a hexadecimal digit.
    fileprivate var hexDigitValue: UInt32? {
        switch self {
        case "0"..."9": value - 0x30
        case "a"..."f": value - 0x61 + 10
        case "A"..."F": value - 0x41 + 10
        default: nil
        }
    }
}
