import MessageFormat

/// Which arguments a template's messages use only as plain `{name}`: for those, the payload's size
/// is its size with the argument empty plus the argument's escaped size per occurrence, whatever
/// its value (no `select` branches on it, no date is read from it).
enum PlainTextArguments {
    /// Whether every use of each of `names` in `messages` is a plain `{name}`.
    static func usedOnlyPlain(_ names: Set<String>, in messages: [Message]) -> Bool {
        messages.allSatisfy { usedOnlyPlain(names, in: $0) }
    }

    private static func usedOnlyPlain(_ names: Set<String>, in message: Message) -> Bool {
        message.parts.allSatisfy { part in
            guard case .argument(let argument) = part else { return true }
            switch argument.kind {
            case .none:
                return true
            case .simple:
                return !names.contains(argument.name)
            case .plural(let plural), .selectOrdinal(let plural):
                return !names.contains(argument.name)
                    && plural.cases.allSatisfy { usedOnlyPlain(names, in: $0.message) }
            case .select(let select):
                return !names.contains(argument.name)
                    && select.cases.allSatisfy { usedOnlyPlain(names, in: $0.message) }
            }
        }
    }
}
