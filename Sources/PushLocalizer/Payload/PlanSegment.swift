import MessageFormat

/// A piece of a planned payload (see `PayloadPlan`), as `JSONWriter` plans it: bytes to copy, or a
/// message to format there (escaped as JSON string contents).
enum PlanSegment: Sendable {
    case bytes([UInt8])
    case message(CompiledMessage, isolate: Bool)
}

/// A text argument's place in a payload: its escaped text starts at `offset`.
typealias TextInsertion = TextPlaceholder
