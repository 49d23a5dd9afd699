/// How a message uses an argument, which decides how untyped input (command-line text) is read.
public enum ArgumentUsage: Sendable, Hashable, Comparable {
    /// `{name}` or `select`: text.
    case text
    /// `number`, `spellout`, `ordinal`, `duration`, `plural`, `selectordinal`: a number.
    case number
    /// `date` or `time`: an instant.
    case date
}

extension Message {
    /// Calls `body` with every argument of the message, nested ones included, in source order (an
    /// argument before the arguments of its cases).
    public func forEachArgument(_ body: (Argument) -> Void) {
        for part in parts {
            guard case .argument(let argument) = part else { continue }
            body(argument)
            switch argument.kind {
            case .none, .simple: break
            case .plural(let plural), .selectOrdinal(let plural):
                for pluralCase in plural.cases { pluralCase.message.forEachArgument(body) }
            case .select(let select):
                for selectCase in select.cases { selectCase.message.forEachArgument(body) }
            }
        }
    }

    /// Every argument of the message, nested ones included, in source order.
    public var allArguments: [Argument] {
        var arguments: [Argument] = []
        forEachArgument { arguments.append($0) }
        return arguments
    }

    /// Every argument the message uses with each way it is used, in first-use order.
    public var argumentUsages: [(name: String, usages: Set<ArgumentUsage>)] {
        var order: [String] = []
        var usages: [String: Set<ArgumentUsage>] = [:]
        forEachArgument { argument in
            if usages[argument.name] == nil { order.append(argument.name) }
            let usage: ArgumentUsage
            switch argument.kind {
            case .none, .select: usage = .text
            case .simple(let simple): usage = simple.type == .date || simple.type == .time ? .date : .number
            case .plural, .selectOrdinal: usage = .number
            }
            usages[argument.name, default: []].insert(usage)
        }
        return order.map { ($0, usages[$0] ?? []) }
    }

    /// The names of ``argumentUsages``, in the same first-use order, without collecting the usages
    /// (compiling every message needs only the names).
    var argumentNamesInUseOrder: [String] {
        var order: [String] = []
        // Messages use a handful of names: a linear search beats hashing them.
        forEachArgument { argument in
            if !order.contains(argument.name) { order.append(argument.name) }
        }
        return order
    }
}
