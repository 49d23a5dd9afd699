/// Parses ICU MessageFormat 1 patterns (named arguments, ICU's default apostrophe mode) into a
/// syntax tree with source offsets.
///
/// The grammar and every accept/reject decision follow ICU4C 72's `MessagePattern` (msgpat.cpp)
/// with `UMSGPAT_APOS_DOUBLE_OPTIONAL`, plus the type check `icu::MessageFormat` makes when it
/// builds its formatters. Deliberate differences:
/// - `choice` arguments are rejected (`unknownArgumentType`): the product does not support them.
/// - Nesting deeper than `maximumNestingDepth` is rejected (`nestingTooDeep`); ICU allows 32767.
/// - Error offsets are UTF-8 bytes and, where ICU reports 0 or the start of a whole plural/select
///   style, point at something more useful: the `{` never closed, the bad selector, the argument
///   missing its `other` case.
public enum MessageParser {
    /// How deep arguments may nest. ICU allows 32767; a recursive parser on a 512 KiB thread
    /// stack cannot, and no real message comes near this. (Measured on x86-64: about 1.5 KiB of
    /// stack per level optimized, 3.5 KiB unoptimized, so the limit fits 512 KiB either way.)
    public static let maximumNestingDepth = 128

    /// Parses a whole pattern.
    /// - Parameter pattern: the message text.
    /// - Returns: the top-level message.
    /// - Throws: `MessageSyntaxError` naming the kind, offset, line and column.
    public static func parse(_ pattern: String) throws(MessageSyntaxError) -> Message {
        var state = State(pattern: pattern)
        do throws(ParseFailure) {
            let message = try state.parseMessage(level: 0, context: .topLevel, openBrace: nil)
            // ICU finds unknown argument types only after the whole pattern parsed, so any syntax
            // error anywhere takes precedence over them.
            if let deferredFailure = state.deferredFailure {
                throw deferredFailure
            }
            return message
        } catch {
            throw error.syntaxError(in: state)
        }
    }
}

extension MessageParser {
    /// What kind of message is being parsed: it decides whether `#` and `'#` are special.
    enum Context {
        /// The whole pattern.
        case topLevel
        /// A sub-message directly inside `plural` or `selectordinal`.
        case plural
        /// A sub-message directly inside `select` (even when that select sits in a plural).
        case select
    }

    /// One run of the parser over one pattern.
    struct State {
        /// The pattern, kept for computing error lines and columns.
        let pattern: String
        /// The pattern's UTF-8 bytes; every offset in the tree indexes this.
        let bytes: [UInt8]
        /// The next byte to read.
        var index = 0
        /// The first error ICU's MessageFormat (not MessagePattern) would raise: reported only when
        /// the pattern has no syntax error.
        var deferredFailure: ParseFailure?

        init(pattern: String) {
            self.pattern = pattern
            self.bytes = Array(pattern.utf8)
        }

        /// Parses message text up to the `}` closing it (when `openBrace` is set) or the end.
        /// - Parameters:
        ///   - level: how many arguments enclose this message.
        ///   - context: the kind of argument this is a sub-message of.
        ///   - openBrace: offset of the `{` that opened this sub-message; nil at the top level,
        ///     where a `}` is plain text (as in ICU).
        mutating func parseMessage(
            level: Int,
            context: Context,
            openBrace: Int?
        ) throws(ParseFailure) -> Message {
            let contentStart = index
            var parts: [MessagePart] = []
            var text = TextRun()
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case .apostrophe:
                    text.begin(at: index)
                    scanApostrophe(context: context, into: &text)
                case .pound where context == .plural:
                    text.flush(into: &parts, end: index)
                    parts.append(.pound(SourceRange(index, index + 1)))
                    index += 1
                case .leftBrace:
                    text.flush(into: &parts, end: index)
                    parts.append(.argument(try parseArgument(level: level + 1)))
                case .rightBrace where openBrace != nil:
                    text.flush(into: &parts, end: index)
                    let range = SourceRange(contentStart, index)
                    index += 1
                    return Message(parts: parts, range: range)
                default:
                    scanLiteralRun(into: &text)
                }
            }
            if let openBrace {
                // ICU reports offset 0 here; the brace never closed is what the writer must fix.
                throw ParseFailure(.unclosedBrace, at: openBrace)
            }
            text.flush(into: &parts, end: index)
            return Message(parts: parts, range: SourceRange(contentStart, index))
        }

        /// Appends the byte at `index` and the bytes after it up to the next one that may be syntax
        /// (the main loop decides whether it is, here).
        @inline(never)
        private mutating func scanLiteralRun(into text: inout TextRun) {
            text.begin(at: index)
            let runStart = index
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == .apostrophe || byte == .leftBrace || byte == .rightBrace || byte == .pound {
                    break
                }
                index += 1
            }
            text.bytes.append(contentsOf: bytes[runStart..<index])
        }

        /// Reads an apostrophe at `index` and what it quotes, appending the literal output.
        ///
        /// `''` is one apostrophe; `'` before `{`, `}` (or `#` directly in a plural) starts a quoted
        /// literal that runs to the next lone `'` or, if none, to the end of the pattern without an
        /// error; any other `'` is itself literal.
        @inline(never)
        private mutating func scanApostrophe(context: Context, into text: inout TextRun) {
            index += 1
            guard index < bytes.count else {
                text.bytes.append(.apostrophe)
                return
            }
            let next = bytes[index]
            if next == .apostrophe {
                text.bytes.append(.apostrophe)
                index += 1
                return
            }
            guard next == .leftBrace || next == .rightBrace || (next == .pound && context == .plural) else {
                text.bytes.append(.apostrophe)
                return
            }
            // The first quoted character is the syntax character itself; the search starts after it.
            text.bytes.append(next)
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                guard byte == .apostrophe else {
                    text.bytes.append(byte)
                    continue
                }
                guard index < bytes.count, bytes[index] == .apostrophe else {
                    return
                }
                text.bytes.append(.apostrophe)
                index += 1
            }
        }

        /// The text of `range` (always on UTF-8 character boundaries).
        func text(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }
    }

    /// Adjacent literal text being merged into one `.text` part.
    struct TextRun {
        /// Where the first literal of the run starts, or nil when the run is empty.
        var start: Int?
        /// The unquoted output bytes.
        var bytes: [UInt8] = []

        /// Marks the start of the run, if it has not started yet.
        mutating func begin(at offset: Int) {
            if start == nil {
                start = offset
            }
        }

        /// Appends the run (if any) as a text part ending at `end`, and empties it.
        @inline(never)
        mutating func flush(into parts: inout [MessagePart], end: Int) {
            guard let start else { return }
            parts.append(.text(String(decoding: bytes, as: UTF8.self), SourceRange(start, end)))
            self.start = nil
            bytes.removeAll(keepingCapacity: true)
        }
    }
}
