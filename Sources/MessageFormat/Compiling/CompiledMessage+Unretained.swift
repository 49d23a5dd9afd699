extension CompiledMessage {
    /// A compiled message used without reference counting, for a hot loop whose owner keeps the
    /// message alive: formatting through a `CompiledMessage` read from shared storage retains and
    /// releases it, an atomic pair per message that a payload's render can feel.
    ///
    /// Valid only while the message it was made from (or a copy of it) is alive elsewhere, so it is
    /// for this package's own code (`package`), which keeps its messages with it.
    package struct Unretained: @unchecked Sendable {
        private let storage: Unmanaged<Storage>
        /// The instructions written.
        private let range: InstructionRange

        /// Refers to `message` without keeping it alive.
        /// - Parameter omittingEdgeLiterals: whether formatting leaves out the message's
        ///   `edgeLiterals` (a caller that writes them itself, as part of its own constant bytes).
        package init(_ message: CompiledMessage, omittingEdgeLiterals: Bool = false) {
            storage = .passUnretained(message.storage)
            range =
                omittingEdgeLiterals ? message.storage.program.rootWithoutEdgeLiterals : message.storage.program.root
        }

        /// `CompiledMessage.format(slots:options:into:)` of the message.
        @inline(__always)
        package func format(
            slots: [ArgumentValue?],
            options: FormatOptions,
            into output: inout [UInt8]
        ) throws(MessageFormatError) {
            var recorder = NoRecording()
            try write(slots, options, into: &output, recorder: &recorder)
        }

        /// `format(slots:options:into:)` into a buffer the caller provides: when the output does
        /// not fit, `output.overflowed` is set and the bytes are incomplete.
        @inline(__always)
        package func format(
            slots: [ArgumentValue?],
            options: FormatOptions,
            into output: inout FixedByteOutput
        ) throws(MessageFormatError) {
            var recorder = NoRecording()
            try write(slots, options, into: &output, recorder: &recorder)
        }

        /// `CompiledMessage.format(slots:options:into:countingTextArgumentsIn:)` of the message.
        package func format(
            slots: [ArgumentValue?],
            options: FormatOptions,
            into output: inout [UInt8],
            countingTextArgumentsIn counts: inout [Int]
        ) throws(MessageFormatError) {
            try TextArgumentCounter.over(&counts, as: \.counts) { (counter) throws(MessageFormatError) in
                try write(slots, options, into: &output, recorder: &counter)
            }
        }

        /// `CompiledMessage.format(slots:options:into:recordingTextSpansIn:)` of the message.
        package func format(
            slots: [ArgumentValue?],
            options: FormatOptions,
            into output: inout [UInt8],
            recordingTextSpansIn spans: inout [TextArgumentSpan]
        ) throws(MessageFormatError) {
            try TextArgumentSpans.over(&spans, as: \.spans) { (recorder) throws(MessageFormatError) in
                try write(slots, options, into: &output, recorder: &recorder)
            }
        }

        /// `format(slots:options:into:)` into a buffer the caller provides, leaving out the texts of
        /// the slots in the mask `leftOut` (slots below 64): each is written as the empty text
        /// would be (isolation marks included), and where its escaped text would start is noted in
        /// `places` (up to its capacity). Each slot left out must appear only as a plain `{name}`:
        /// anything else reads the value itself.
        /// - Returns: the number of places found (more than `places.count` when some were not noted).
        package func format(
            slots: [ArgumentValue?],
            options: FormatOptions,
            into output: inout FixedByteOutput,
            leavingOut leftOut: UInt64,
            notingIn places: UnsafeMutableBufferPointer<TextPlaceholder>
        ) throws(MessageFormatError) -> Int {
            var recorder = TextPlaceholders(leftOut: leftOut, places: places)
            try write(slots, options, into: &output, recorder: &recorder)
            return recorder.count
        }

        /// Writes the message's instructions in `range` through a reference that is not retained.
        @inline(__always)
        private func write<Recorder: TextArgumentRecorder, Output: ByteOutput>(
            _ slots: [ArgumentValue?],
            _ options: FormatOptions,
            into output: inout Output,
            recorder: inout Recorder
        ) throws(MessageFormatError) {
            try storage._withUnsafeGuaranteedRef { storage in
                Result { () throws(MessageFormatError) in
                    try CompiledMessage(storage: storage).write(
                        slots,
                        options,
                        into: &output,
                        recorder: &recorder,
                        range: range
                    )
                }
            }.get()
        }
    }
}
