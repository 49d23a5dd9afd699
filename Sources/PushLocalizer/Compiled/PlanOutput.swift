import MessageFormat

/// Where a walk of a ``PayloadPlan`` puts its bytes, and what it notes as it formats the plan's
/// messages. The plan has one writer, ``PayloadPlan/write(_:timeZone:into:)``, generic over this
/// (as `MessageWriter` is over its output and its recorder):
/// - ``PlanBytes``: a growing array, counting text arguments, recording where each message went,
///   or copying a message formatted earlier with the same values;
/// - `FixedByteOutput`: the caller's kept buffer (the prepared lane);
/// - ``PlanPlaceholders``: the caller's buffer with some texts left out and their places noted
///   (fitting from placeholders).
protocol PlanOutput {
    /// Appends a run of the plan's constant bytes.
    mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>)

    /// Formats one of the plan's messages with argument values by slot.
    mutating func format(
        _ planned: PlannedMessage,
        values: [ArgumentValue?],
        options: FormatOptions
    ) throws(RenderError)
}

/// One message of a plan, as its writer hands it to a ``PlanOutput``.
struct PlannedMessage {
    let message: CompiledMessage.Unretained
    /// Its number in the plan (`PayloadPlan.messageCount` of them).
    let index: Int
    /// The message's identity, read without touching it.
    let identity: ObjectIdentifier
    /// Whether its text arguments are isolated (right-to-left text).
    let isolate: Bool
}

/// A plan written into a growing array. Text arguments are counted by slot into `counts` (nothing
/// is counted when it is empty); each message's place is recorded in `formatted` when given; a
/// message in `earlier` (formatted into the same array with the same values) with the same options
/// is copied instead of formatted again, when nothing is counted.
struct PlanBytes: PlanOutput {
    var bytes: [UInt8]
    var counts: [Int] = []
    var formatted: UnsafeMutableBufferPointer<PayloadPlan.Formatted>?
    var earlier = UnsafeBufferPointer<PayloadPlan.Formatted>(start: nil, count: 0)

    @inline(__always)
    mutating func copy(_ run: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: run)
    }

    @inline(__always)
    mutating func format(
        _ planned: PlannedMessage,
        values: [ArgumentValue?],
        options: FormatOptions
    ) throws(RenderError) {
        let (identity, isolate) = (planned.identity, planned.isolate)
        if counts.isEmpty, let copy = earlier.first(where: { $0.message == identity && $0.isolate == isolate }) {
            appendCopy(of: copy.range)
            return
        }
        let start = bytes.count
        defer {
            formatted?[planned.index] = PayloadPlan.Formatted(
                message: identity,
                isolate: isolate,
                range: start..<bytes.count
            )
        }
        try PayloadComposer.format(planned.message, values, options: options, into: &bytes, counting: &counts)
    }

    /// Appends a copy of `bytes[range]` (without a slice, which would share, and so copy, the
    /// whole buffer).
    private mutating func appendCopy(of range: Range<Int>) {
        let end = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: range.count))
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            (base + end).update(from: base + range.lowerBound, count: range.count)
        }
    }
}

/// A plan written into the caller's buffer: when it does not fit, `overflowed` is set.
extension FixedByteOutput: PlanOutput {
    @inline(__always)
    mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }

    mutating func format(
        _ planned: PlannedMessage,
        values: [ArgumentValue?],
        options: FormatOptions
    ) throws(RenderError) {
        try PayloadComposer.rendering { () throws(MessageFormatError) in
            try planned.message.format(slots: values, options: options, into: &self)
        }
    }
}

/// A plan written into the caller's buffer with the texts of the slots in `leftOut` left out
/// (each written as the empty text would be), noting in `places` where each of those texts would
/// start, in payload order. Each slot left out must appear only as a plain `{name}`.
struct PlanPlaceholders: PlanOutput {
    var output: FixedByteOutput
    let leftOut: UInt64
    let places: UnsafeMutableBufferPointer<TextInsertion>
    /// The places found (more than `places.count` when some were not noted).
    private(set) var found = 0

    init(
        _ output: FixedByteOutput,
        leavingOut leftOut: UInt64,
        notingIn places: UnsafeMutableBufferPointer<TextInsertion>
    ) {
        self.output = output
        self.leftOut = leftOut
        self.places = places
    }

    @inline(__always)
    mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        output.append(contentsOf: bytes)
    }

    @inline(__always)
    mutating func format(
        _ planned: PlannedMessage,
        values: [ArgumentValue?],
        options: FormatOptions
    ) throws(RenderError) {
        let noted = UnsafeMutableBufferPointer(rebasing: places[min(found, places.count)...])
        found += try PayloadComposer.rendering { () throws(MessageFormatError) in
            try planned.message.format(
                slots: values,
                options: options,
                into: &output,
                leavingOut: leftOut,
                notingIn: noted
            )
        }
    }
}
