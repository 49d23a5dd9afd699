/// Plumbing for CICU's output convention: a function writes up to `capacity` UTF-8 bytes and
/// returns the full length it needs (negative on error).
enum UTF8Output {
    /// Bytes tried on the stack first; almost every formatted value fits.
    static let stackCapacity = 256

    /// Runs `write` into a stack buffer (a temporary heap one when the result is longer) and hands
    /// the bytes to `sink`.
    /// - Returns: The length `write` reported (negative when it failed; `sink` is not called then).
    @discardableResult
    static func write(
        _ write: (UnsafeMutablePointer<CChar>, Int32) -> Int32,
        to sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Int32 {
        let needed = attempt(write, capacity: stackCapacity, sink)
        guard Int(needed) > stackCapacity else { return needed }
        let written = attempt(write, capacity: Int(needed), sink)
        // A result that grew again between the two calls (which a cached formatter never does)
        // was not handed over: a failure.
        return Int(written) <= Int(needed) ? written : -3
    }

    /// `write` into a temporary buffer of `capacity` bytes; `sink` gets the bytes when they fit.
    private static func attempt(
        _ write: (UnsafeMutablePointer<CChar>, Int32) -> Int32,
        capacity: Int,
        _ sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Int32 {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -3 }
            let length = base.withMemoryRebound(to: CChar.self, capacity: capacity) { write($0, Int32(capacity)) }
            if length >= 0 && Int(length) <= capacity {
                sink(UnsafeBufferPointer(start: base, count: Int(length)))
            }
            return length
        }
    }

    /// `write(_:to:)` appending to `output`.
    @discardableResult
    static func append(to output: inout [UInt8], _ write: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> Int32 {
        self.write(write) { output.append(contentsOf: $0) }
    }

    /// Runs `write` and returns its output as a String (for short results such as tags and keywords).
    static func string(_ write: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        var bytes: [UInt8] = []
        let length = append(to: &bytes, write)
        guard length >= 0 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The NUL-terminated reason CICU wrote into an error buffer.
    static func errorMessage(_ write: (UnsafeMutablePointer<CChar>, Int32) -> Bool) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: stackCapacity) { buffer -> String? in
            guard let base = buffer.baseAddress else { return nil }
            base.initialize(to: 0)
            guard !write(base, Int32(stackCapacity)) else { return nil }
            return String(cString: base)
        }
    }
}
