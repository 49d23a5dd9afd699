extension CompiledMessage {
    /// A compiled message used without reference counting, for a hot loop whose owner keeps the
    /// message alive: formatting through a `CompiledMessage` read from shared storage retains and
    /// releases it, an atomic pair per message that a payload's render can feel.
    ///
    /// Valid only while the message it was made from (or a copy of it) is alive elsewhere.
    public struct Unretained: @unchecked Sendable {
        private let storage: Unmanaged<Storage>

        /// Refers to `message` without keeping it alive.
        public init(_ message: CompiledMessage) {
            storage = .passUnretained(message.storage)
        }

        /// `CompiledMessage.format(slots:options:into:)` of the message.
        @inline(__always)
        public func format(
            slots: [ArgumentValue?],
            options: FormatOptions,
            into output: inout [UInt8]
        ) throws(MessageFormatError) {
            try storage._withUnsafeGuaranteedRef { storage in
                Result { () throws(MessageFormatError) in
                    try CompiledMessage(storage: storage).format(slots: slots, options: options, into: &output)
                }
            }.get()
        }

        /// `CompiledMessage.format(slots:options:into:countingTextArgumentsIn:)` of the message.
        @inline(__always)
        public func format(
            slots: [ArgumentValue?],
            options: FormatOptions,
            into output: inout [UInt8],
            countingTextArgumentsIn counts: inout [Int]
        ) throws(MessageFormatError) {
            try storage._withUnsafeGuaranteedRef { storage in
                Result { () throws(MessageFormatError) in
                    try CompiledMessage(storage: storage).format(
                        slots: slots,
                        options: options,
                        into: &output,
                        countingTextArgumentsIn: &counts
                    )
                }
            }.get()
        }
    }
}
