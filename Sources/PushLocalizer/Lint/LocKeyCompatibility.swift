import MessageFormat

/// What `loc-key` mode can carry: an app's format string filled with `loc-args`, which are
/// strings placed at `%@` or `%n$@`. Plural, select, selectordinal, dates and number styles
/// need the server's formatting and cannot be expressed.
public enum LocKeyCompatibility {
    /// Why `message` cannot be a `loc-key` string, with the UTF-8 offset of the first offending
    /// placeholder; nil when it can.
    public static func problem(in message: Message) -> (offset: Int, reason: String)? {
        for part in message.parts {
            guard case .argument(let argument) = part else { continue }
            let reason: String?
            switch argument.kind {
            case .none: reason = nil
            case .plural: reason = "a plural"
            case .selectOrdinal: reason = "a selectordinal"
            case .select: reason = "a select"
            case .simple(let simple):
                reason = "a \(simple.type.rawValue) format"
            }
            if let reason {
                return (
                    argument.range.start,
                    "'\(argument.name)' is \(reason), which the app's format string cannot express: loc-args fill only %@ and %n$@"
                )
            }
        }
        return nil
    }
}
