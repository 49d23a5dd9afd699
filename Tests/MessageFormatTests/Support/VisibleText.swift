/// Renders text for failure reports so that invisible and look-alike characters show.
enum VisibleText {
    /// The text in double quotes with controls, format characters (bidi marks, FSI/PDI) and every
    /// space other than U+0020 written as `\u{XXXX}`, so that "1 234" with a NARROW NO-BREAK SPACE
    /// and "1 234" with a plain space read differently.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case " ": result += " "
            default:
                if isInvisible(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned,
            .surrogate:
            true
        default:
            false
        }
    }
}
