import MessageFormat

/// What a template's messages do with their arguments, decided at load for the renderer's fast
/// paths (each reads every argument of every message, nested ones included: `allArguments`).
enum ArgumentUses {
    /// Whether `names` appear only as plain `{name}`: then the payload's size is its size with them
    /// empty plus each one's escaped size per occurrence, whatever their values (no `select`
    /// branches on them, no date is read from them).
    static func plainOnly(_ names: Set<String>, in messages: [Message]) -> Bool {
        guard !names.isEmpty else { return true }
        // Walked in place (`allArguments` would copy every argument into an array).
        var plain = true
        for message in messages where plain {
            message.forEachArgument { argument in
                guard plain, names.contains(argument.name) else { return }
                if case .none = argument.kind { return }
                plain = false
            }
        }
        return plain
    }

    /// Whether every argument the messages use is declared and used only as its declared type
    /// allows (`{x}` for any; `select` for text; `plural`, `selectordinal` and number styles for
    /// numbers; `date` and `time` for dates). Binding has already checked each value against its
    /// declaration, so such messages always format, and content mode may leave optional locales it
    /// drops unformatted without hiding an error.
    static func typeSafe(_ messages: [Message], declared: [String: ArgumentType]) -> Bool {
        var safe = true
        for message in messages where safe {
            message.forEachArgument { argument in
                guard safe else { return }
                safe = fits(argument, declared[argument.name])
            }
        }
        return safe
    }

    /// Whether `argument` is used as its declared `type` allows (false when undeclared).
    private static func fits(_ argument: Argument, _ type: ArgumentType?) -> Bool {
        guard let type else { return false }
        switch argument.kind {
        case .none: return true
        case .simple(let simple):
            return type == (simple.type == .date || simple.type == .time ? .date : .number)
        case .plural, .selectOrdinal: return type == .number
        case .select: return type == .string
        }
    }
}
