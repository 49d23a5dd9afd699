/// The two Unicode properties ICU's MessagePattern uses to delimit names, types and selectors:
/// Pattern_White_Space and Pattern_Syntax (Unicode PropList.txt; both stable by policy).
///
/// ICU scans UTF-16 code units, but every character of both sets is in the BMP and no surrogate
/// belongs to either, so testing whole code points gives the same answers.
enum PatternCharacters {
    /// Whether `value` is Pattern_White_Space.
    static func isWhiteSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0x200E, 0x200F, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether `value` is Pattern_Syntax.
    static func isSyntax(_ value: UInt32) -> Bool {
        switch value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x5E, 0x60, 0x7B...0x7E: true
        case 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0, 0xB1, 0xB6, 0xBB, 0xBF, 0xD7, 0xF7: true
        case 0x2010...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E: true
        case 0x2190...0x245F, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F: true
        case 0x3001...0x3003, 0x3008...0x3020, 0x3030, 0xFD3E, 0xFD3F, 0xFE45, 0xFE46: true
        default: false
        }
    }

    /// Whether `value` ends an identifier (ICU's `PatternProps::isSyntaxOrWhiteSpace`).
    static func endsIdentifier(_ value: UInt32) -> Bool {
        isWhiteSpace(value) || isSyntax(value)
    }
}

/// ASCII bytes the parser looks at, named.
extension UInt8 {
    static let apostrophe = UInt8(ascii: "'")
    static let leftBrace = UInt8(ascii: "{")
    static let rightBrace = UInt8(ascii: "}")
    static let pound = UInt8(ascii: "#")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let equals = UInt8(ascii: "=")

    /// `[A-Za-z]`, the characters of an argument type word.
    var isASCIILetter: Bool {
        (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z")
    }

    /// `[0-9]`.
    var isASCIIDigit: Bool {
        self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")
    }
}
