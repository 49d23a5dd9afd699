/// Plumbing for CICU's output convention: a function writes up to `capacity` UTF-8 bytes and
/// returns the full length it needs (negative on error).
enum UTF8Output {
    /// Bytes tried on the stack first; almost every formatted value fits.
    static let stackCapacity = 256

    /// Runs `write` into a stack buffer and appends the result to `output`; when the result is
    /// longer than the buffer, appends room for it and writes again straight into `output`.
    /// - Returns: The length `write` reported (negative when it failed; nothing is appended then).
    @discardableResult
    static func append(
        to output: inout [UInt8],
        _ write: (UnsafeMutablePointer<CChar>, Int32) -> Int32
    ) -> Int32 {
        let needed = withUnsafeTemporaryAllocation(of: CChar.self, capacity: stackCapacity) { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -3 }
            let length = write(base, Int32(stackCapacity))
            if length >= 0 && Int(length) <= stackCapacity {
                let bytes = UnsafeRawBufferPointer(start: base, count: Int(length))
                output.append(contentsOf: bytes)
            }
            return length
        }
        guard Int(needed) > stackCapacity else { return needed }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: Int(needed)))
        let written = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -3 }
            let target = UnsafeMutableRawPointer(base + start).assumingMemoryBound(to: CChar.self)
            return write(target, needed)
        }
        if written != needed {
            // The result changed between the two calls, which a cached formatter never does;
            // leave `output` as it was rather than append partial bytes.
            output.removeSubrange(start...)
        }
        return written
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
