import MessageFormat

/// A piece of a `loc-key` string: literal text exactly as the user sees it (ICU quoting already
/// resolved), or the `loc-args` element that fills a placeholder.
///
/// Each export writes the pieces in its own format: Apple's `%1$@`, Android's `%1$s`. Deciding the
/// pieces once keeps both formats numbering placeholders the way the server sends `loc-args`.
public enum LocKeyPiece: Sendable, Hashable {
    /// Literal text; adjacent texts are joined, so two texts never follow each other.
    case text(String)
    /// The `loc-args` element at `position` (1 for the first).
    case argument(position: Int)

    /// The pieces of a message made of text and `{name}` placeholders.
    /// - Parameters:
    ///   - message: a message that ``LocKeyCompatibility`` accepts (other arguments are written as
    ///     placeholders too, but no format string can express them).
    ///   - order: the argument names in `loc-args` order.
    /// - Returns: the pieces, or nil when the message uses an argument `order` does not name (the
    ///   server would send no value for it).
    public static func pieces(of message: Message, order: [String]) -> [LocKeyPiece]? {
        var pieces: [LocKeyPiece] = []
        func append(_ text: String) {
            if case .text(let previous) = pieces.last {
                pieces[pieces.count - 1] = .text(previous + text)
            } else if !text.isEmpty {
                pieces.append(.text(text))
            }
        }
        for part in message.parts {
            switch part {
            case .text(let text, _): append(text)
            case .pound: append("#")
            case .argument(let argument):
                guard let index = order.firstIndex(of: argument.name) else { return nil }
                pieces.append(.argument(position: index + 1))
            }
        }
        return pieces
    }
}
