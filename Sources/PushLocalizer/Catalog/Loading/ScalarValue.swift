import Yams

/// A scalar's value under the YAML 1.2 core schema (catalogs are YAML 1.2), which Yams' default
/// resolver does not follow: YAML 1.1 reads `off`, `no` and `y` as booleans.
enum ScalarValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)

    /// The tag `YAMLFile.resolver` gives untagged plain scalars.
    static let plainTag = Tag.Name(rawValue: "tag:pushloc,2026:plain")

    /// Resolves a scalar node: quoted and block scalars and `!!str` are strings; plain scalars
    /// follow the core schema.
    init(_ scalar: YAMLNode.Scalar) {
        guard scalar.style == .plain, !scalar.hasStringTag else {
            self = .string(scalar.string)
            return
        }
        self = Self.resolvePlain(scalar.string)
    }

    static func resolvePlain(_ text: String) -> ScalarValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
        case ".nan", ".NaN", ".NAN": return .number(.nan)
        default: break
        }
        // Every numeric form starts with a sign, a dot or a digit; most plain scalars are words.
        guard let first = text.utf8.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: ".") || PlainNumberShape.isDigit(first)
        else { return .string(text) }
        let shape: PlainNumberShape
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            shape = PlainNumberShape(ascii: Array(text.utf8))
        } else {
            // Outside ASCII, matching is by Character; left to the regular expressions (which are
            // built on each call, so only for this rare case).
            shape = PlainNumberShape(matchingByRegex: text)
        }
        switch shape {
        case .integer:
            if let value = Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text) { return .integer(value) }
            return Double(text).map(ScalarValue.number) ?? .string(text)
        case .octal:
            if let value = Int64(text.dropFirst(2), radix: 8) { return .integer(value) }
        case .hexadecimal:
            if let value = Int64(text.dropFirst(2), radix: 16) { return .integer(value) }
        case .float:
            if let value = Double(text) { return .number(value) }
        case .none:
            break
        }
        return .string(text)
    }
}

/// Which of the core schema's numeric forms a plain scalar has: `[-+]?[0-9]+`, `0o[0-7]+`,
/// `0x[0-9a-fA-F]+` or `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, tried in that order.
enum PlainNumberShape: Equatable {
    case integer
    case octal
    case hexadecimal
    case float
    case none

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isSign(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }

    /// Classifies ASCII text byte by byte (for ASCII, the same as the regular expressions).
    init(ascii bytes: [UInt8]) {
        func digits(from start: Int, where accepts: (UInt8) -> Bool) -> Int {
            var index = start
            while index < bytes.count, accepts(bytes[index]) { index += 1 }
            return index
        }
        let afterSign = bytes.first.map(Self.isSign) == true ? 1 : 0
        let integerEnd = digits(from: afterSign, where: Self.isDigit)
        if integerEnd > afterSign, integerEnd == bytes.count {
            self = .integer
            return
        }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "o"), digits(from: 2, where: { $0 >= 0x30 && $0 <= 0x37 }) == bytes.count {
                self = .octal
                return
            }
            if bytes[1] == UInt8(ascii: "x"), digits(from: 2, where: Self.isHexDigit) == bytes.count {
                self = .hexadecimal
                return
            }
        }
        var index: Int
        if integerEnd > afterSign {
            index = integerEnd
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index = digits(from: index + 1, where: Self.isDigit)
            }
        } else {
            guard afterSign < bytes.count, bytes[afterSign] == UInt8(ascii: ".") else {
                self = .none
                return
            }
            index = digits(from: afterSign + 1, where: Self.isDigit)
            guard index > afterSign + 1 else {
                self = .none
                return
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var exponent = index + 1
            if exponent < bytes.count, Self.isSign(bytes[exponent]) { exponent += 1 }
            let end = digits(from: exponent, where: Self.isDigit)
            guard end > exponent else {
                self = .none
                return
            }
            index = end
        }
        self = index == bytes.count ? .float : .none
    }

    /// Classifies any text with the regular expressions themselves (Character by Character).
    init(matchingByRegex text: String) {
        if text.wholeMatch(of: /[-+]?[0-9]+/) != nil {
            self = .integer
        } else if text.wholeMatch(of: /0o[0-7]+/) != nil {
            self = .octal
        } else if text.wholeMatch(of: /0x[0-9a-fA-F]+/) != nil {
            self = .hexadecimal
        } else if text.wholeMatch(of: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/) != nil {
            self = .float
        } else {
            self = .none
        }
    }
}
