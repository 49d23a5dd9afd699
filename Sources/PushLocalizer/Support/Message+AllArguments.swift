import MessageFormat

extension Message {
    /// Every argument of the message, nested ones included, in source order.
    var allArguments: [Argument] {
        var result: [Argument] = []
        func visit(_ message: Message) {
            for part in message.parts {
                guard case .argument(let argument) = part else { continue }
                result.append(argument)
                switch argument.kind {
                case .none, .simple: break
                case .plural(let plural), .selectOrdinal(let plural): plural.cases.forEach { visit($0.message) }
                case .select(let select): select.cases.forEach { visit($0.message) }
                }
            }
        }
        visit(self)
        return result
    }
}
