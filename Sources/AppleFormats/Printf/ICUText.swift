/// Literal text written into ICU MessageFormat so that it prints as is.
enum ICUText {
    /// `text` quoted for a message: every apostrophe doubled, braces quoted, and `#` quoted
    /// inside plural branches (where it would print the number).
    static func quoted(_ text: String, inPlural: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "'": output += "''"
            case "{": output += "'{'"
            case "}": output += "'}'"
            case "#" where inPlural: output += "'#'"
            default: output.append(character)
            }
        }
        return output
    }

    /// The ICU number skeleton that prints what printf prints for `specifier`, or nil for text.
    static func numberSkeleton(_ specifier: PrintfSpecifier) -> String? {
        var parts: [String] = []
        switch specifier.kind {
        case .integer:
            if specifier.flags.contains("0"), let width = specifier.width, width > 1 {
                parts.append("integer-width/*" + String(repeating: "0", count: width))
            }
        case .decimal:
            let digits = specifier.precision ?? 6
            parts.append(digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits))
        case .text, .unsupported:
            return nil
        }
        parts.append(specifier.flags.contains("'") ? "group-auto" : "group-off")
        if specifier.flags.contains("+") { parts.append("sign-always") }
        return "::" + parts.joined(separator: " ")
    }
}
