/// The text of an Android `<string>` element: what Android's resource compiler reads back as
/// exactly the catalog's text.
///
/// The rules are those of aapt and aapt2 (developer.android.com, "String resources", "Escaping
/// apostrophes and quotes", and `ResTable::collectString`): `\` starts an escape (`\n`, `\t`,
/// `\'`, `\"`, `\\`, `\@`, `\?`, `\uXXXX`); an unescaped `"` opens or closes a quoted run, in which
/// white space is kept; outside quotes an unescaped `'` is an error and runs of white space
/// collapse to one space, trimmed at both ends; a leading `@` or `?` makes a reference; and XML
/// itself needs `<` and `&` escaped.
public enum AndroidStringText {
    /// The element content for `pieces`.
    ///
    /// The whole text is put in double quotes when its white space would not survive otherwise:
    /// white space at either end, two white-space characters in a row, or any white space other
    /// than a plain space (tabs and line breaks are escaped too, so they survive either way).
    /// - Parameters:
    ///   - pieces: the string's text and placeholders.
    ///   - formatted: whether the app formats the string with arguments (`getString(id, args)`),
    ///     which happens when the server sends `*_loc_args`: then `%` is written `%%`. Otherwise
    ///     Android shows the string as is and `%` stays single.
    /// - Returns: the escaped text, placeholders as `%1$s`, `%2$s`….
    public static func content(_ pieces: [LocKeyPiece], formatted: Bool) -> String {
        var output = ""
        var atStart = true
        for piece in pieces {
            switch piece {
            case .argument(let position):
                output += "%\(position)$s"
            case .text(let text):
                for scalar in text.unicodeScalars {
                    append(scalar, atStart: atStart, formatted: formatted, to: &output)
                    atStart = false
                }
            }
            atStart = false
        }
        return needsQuotes(pieces) ? "\"" + output + "\"" : output
    }

    /// Appends one scalar of literal text, escaped.
    private static func append(_ scalar: Unicode.Scalar, atStart: Bool, formatted: Bool, to output: inout String) {
        switch scalar {
        case "\\": output += "\\\\"
        case "\"": output += "\\\""
        case "'": output += "\\'"
        case "\n": output += "\\n"
        case "\t": output += "\\t"
        case "<": output += "&lt;"
        case "&": output += "&amp;"
        case ">": output += "&gt;"
        case "%": output += formatted ? "%%" : "%"
        case "@" where atStart: output += "\\@"
        case "?" where atStart: output += "\\?"
        default:
            // Control characters: XML 1.0 forbids most of them even as character references, and
            // the compiler would collapse the others as white space. U+FFFE and U+FFFF are not
            // XML characters either.
            if scalar.properties.generalCategory == .control || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
    }

    /// Whether the text's white space needs a quoted run to reach the device unchanged.
    static func needsQuotes(_ pieces: [LocKeyPiece]) -> Bool {
        // A placeholder stands for text that is not white space, as far as the compiler can tell.
        var previousWasSpace = false
        var isFirst = true
        for piece in pieces {
            switch piece {
            case .argument:
                previousWasSpace = false
            case .text(let text):
                for scalar in text.unicodeScalars {
                    let isSpace = scalar.properties.isWhitespace
                    if isSpace && (isFirst || previousWasSpace) { return true }
                    if isSpace && scalar != " " && scalar.properties.generalCategory != .control { return true }
                    previousWasSpace = isSpace
                    isFirst = false
                }
            }
            isFirst = false
        }
        return previousWasSpace
    }
}
