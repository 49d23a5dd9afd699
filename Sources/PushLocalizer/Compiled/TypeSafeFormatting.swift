import MessageFormat

/// Whether a template's messages always format once its arguments are bound: every argument they
/// use is declared, and used only as its declared type allows (`{x}` for any; `select` for
/// text; `plural`, `selectordinal` and number styles for numbers; `date` and `time` for dates).
/// Binding has already checked each value against its declaration, so such messages cannot fail,
/// and content mode may leave optional locales it drops unformatted without hiding an error.
enum TypeSafeFormatting {
    /// Whether every use in `messages` suits the declared types.
    static func holds(for messages: [Message], declared: [String: ArgumentType]) -> Bool {
        messages.allSatisfy { holds(for: $0, declared: declared) }
    }

    private static func holds(for message: Message, declared: [String: ArgumentType]) -> Bool {
        message.parts.allSatisfy { part in
            guard case .argument(let argument) = part else { return true }
            guard let type = declared[argument.name] else { return false }
            switch argument.kind {
            case .none:
                return true
            case .simple(let simple):
                switch simple.type {
                case .date, .time: return type == .date
                default: return type == .number
                }
            case .plural(let plural), .selectOrdinal(let plural):
                return type == .number && plural.cases.allSatisfy { holds(for: $0.message, declared: declared) }
            case .select(let select):
                return type == .string && select.cases.allSatisfy { holds(for: $0.message, declared: declared) }
            }
        }
    }
}
