/// Escaping for the preview page: every text on it is catalog or user input.
enum HTMLText {
    /// `text` safe in element content and in double- or single-quoted attribute values; `/` is
    /// written `&#47;` too, so that a URL in a message never appears as one in the file.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "/": result += "&#47;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// A font family as a CSS string: quotes, backslashes, angle brackets and control characters
    /// dropped (no family name needs them, and none may end the style element or the string).
    static func cssFamily(_ family: String) -> String {
        let kept = family.unicodeScalars.filter { scalar in
            !"\"'\\<>{};".unicodeScalars.contains(scalar) && !scalar.properties.generalCategory.isControl
        }
        return "\"" + String(String.UnicodeScalarView(kept)) + "\""
    }

    /// A number for CSS: whole numbers without a decimal point.
    static func css(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
        return String(value)
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
