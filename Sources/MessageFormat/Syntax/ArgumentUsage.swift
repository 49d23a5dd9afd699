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
    /// Every argument the message uses with each way it is used, in first-use order.
    public var argumentUsages: [(name: String, usages: Set<ArgumentUsage>)] {
        var order: [String] = []
        var usages: [String: Set<ArgumentUsage>] = [:]
        func visit(_ message: Message) {
            for part in message.parts {
                guard case .argument(let argument) = part else { continue }
                if usages[argument.name] == nil { order.append(argument.name) }
                switch argument.kind {
                case .none:
                    usages[argument.name, default: []].insert(.text)
                case .simple(let simple):
                    let usage: ArgumentUsage = simple.type == .date || simple.type == .time ? .date : .number
                    usages[argument.name, default: []].insert(usage)
                case .plural(let plural), .selectOrdinal(let plural):
                    usages[argument.name, default: []].insert(.number)
                    plural.cases.forEach { visit($0.message) }
                case .select(let select):
                    usages[argument.name, default: []].insert(.text)
                    select.cases.forEach { visit($0.message) }
                }
            }
        }
        visit(self)
        return order.map { ($0, usages[$0] ?? []) }
    }

    /// The names of ``argumentUsages``, in the same first-use order, without collecting the usages
    /// (compiling every message needs only the names).
    var argumentNamesInUseOrder: [String] {
        var order: [String] = []
        func visit(_ message: Message) {
            for part in message.parts {
                guard case .argument(let argument) = part else { continue }
                // Messages use a handful of names: a linear search beats hashing them.
                if !order.contains(argument.name) { order.append(argument.name) }
                switch argument.kind {
                case .none, .simple: break
                case .plural(let plural), .selectOrdinal(let plural): plural.cases.forEach { visit($0.message) }
                case .select(let select): select.cases.forEach { visit($0.message) }
                }
            }
        }
        visit(self)
        return order
    }
}
