/// A strict JSON reader (RFC 8259) written for the fuzzers, independent of the library's own
/// parser: it refuses anything the grammar does not allow (leading zeros, bare control
/// characters, bad escapes, trailing text, invalid UTF-8), keeps numbers as their text (so that
/// `1e400` is a number, as JSON says, even though no double holds it), and reads `\uD800`-style
/// escapes without a pair as U+FFFD.
public indirect enum StrictJSON {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([StrictJSON])
    case object([(key: String, value: StrictJSON)])

    /// Parses one JSON text, with optional white space around it.
    /// - Returns: the value, or nil when `bytes` are not exactly one JSON text.
    public static func parse(_ bytes: [UInt8]) -> StrictJSON? {
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        var reader = Reader(bytes: bytes)
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == bytes.count ? value : nil
    }

    /// The member named `key` (the last one when repeated), when this is an object.
    public subscript(key: String) -> StrictJSON? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number's text, when this is a number.
    public var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }

    /// Every string value with the path of member names and array indexes that leads to it,
    /// so that two payloads can be compared string by string.
    public var stringsByPath: [[String]: String] {
        var strings: [[String]: String] = [:]
        collectStrings(at: [], into: &strings)
        return strings
    }

    private func collectStrings(at path: [String], into strings: inout [[String]: String]) {
        switch self {
        case .string(let text): strings[path] = text
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                element.collectStrings(at: path + [String(index)], into: &strings)
            }
        case .object(let members):
            for member in members { member.value.collectStrings(at: path + [member.key], into: &strings) }
        default: break
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func literal(_ word: String) -> Bool {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected
            else { return false }
            index += expected.count
            return true
        }

        mutating func value(depth: Int) -> StrictJSON? {
            guard depth < 10_000 else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "\""): return string().map(StrictJSON.string)
            case UInt8(ascii: "["):
                index += 1
                var elements: [StrictJSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(elements)
                }
                while true {
                    guard let element = value(depth: depth + 1) else { return nil }
                    elements.append(element)
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "]") { return .array(elements) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: StrictJSON)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else {
                        return nil
                    }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let member = value(depth: depth + 1) else { return nil }
                    members.append((key, member))
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            default:
                return number().map(StrictJSON.number)
            }
        }

        mutating func digits() -> Int {
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index - start
        }

        mutating func number() -> String? {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else if digits() == 0 {
                return nil
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return nil }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else { return nil }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func hex4() -> UInt32? {
            guard bytes.count - index >= 4 else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            index += 4
            return value
        }

        mutating func string() -> String? {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flush(index)
                    index += 1
                    return String(scalars)
                }
                guard byte >= 0x20 else { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                flush(index)
                index += 1
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escape))
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard let unit = hex4() else { return nil }
                    scalars.append(surrogatePair(first: unit))
                default:
                    return nil
                }
                run = index
            }
            return nil
        }

        /// The scalar of `\uXXXX` (reading its low half when it is a high surrogate).
        mutating func surrogatePair(first: UInt32) -> Unicode.Scalar {
            if (0xD800..<0xDC00).contains(first), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            {
                let saved = index
                index += 2
                if let second = hex4(), (0xDC00..<0xE000).contains(second) {
                    return Unicode.Scalar(0x10000 + (first - 0xD800) << 10 + (second - 0xDC00)) ?? "\u{FFFD}"
                }
                index = saved
            }
            return Unicode.Scalar(first) ?? "\u{FFFD}"
        }
    }
}
