/// Where a message writes its UTF-8: a growable `[UInt8]`, or a `FixedByteOutput` over memory the
/// caller provides (a payload written into spare capacity, without an array's uniqueness and
/// capacity checks on every piece). The writer is specialized for each.
protocol ByteOutput {
    /// The number of bytes written.
    var count: Int { get }
    /// Appends `bytes`.
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
    /// Appends one byte.
    mutating func append(_ byte: UInt8)
    /// Calls `body` with the bytes written from `start` on.
    func withBytes<Result>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result
    /// Adds `extra` bytes at the end (their values unspecified), then lets `body` rewrite every
    /// byte from `start` on (escaping in place).
    mutating func grow(by extra: Int, rewritingFrom start: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void)
    /// Appends what `write` appends to an array (ICU's formatters write arrays).
    mutating func append<Failure: Error>(writing write: (inout [UInt8]) throws(Failure) -> Void) throws(Failure)
}

extension Array: ByteOutput where Element == UInt8 {
    @inline(__always)
    func withBytes<Result>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start...])) }
    }

    @inline(__always)
    mutating func grow(
        by extra: Int,
        rewritingFrom start: Int,
        _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void
    ) {
        append(contentsOf: repeatElement(0, count: extra))
        withUnsafeMutableBufferPointer { body(UnsafeMutableBufferPointer(rebasing: $0[start...])) }
    }

    @inline(__always)
    mutating func append<Failure: Error>(
        writing write: (inout [UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        try write(&self)
    }
}

/// Bytes written into a buffer the caller owns, up to its size: what does not fit is not written,
/// and `overflowed` tells (the caller then writes the whole output another way).
public struct FixedByteOutput {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    public private(set) var count = 0
    /// Whether something did not fit: the bytes are then incomplete.
    public private(set) var overflowed = false

    /// Writes into `buffer`, from its start.
    public init?(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return nil }
        self.base = base
        capacity = buffer.count
    }
}

extension FixedByteOutput: ByteOutput {
    /// Appends `bytes` when they fit; sets `overflowed` when they do not.
    @inline(__always)
    public mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count <= capacity - count else {
            if bytes.count > capacity - count { overflowed = true }
            return
        }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        guard count < capacity else {
            overflowed = true
            return
        }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func withBytes<Result>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    mutating func grow(
        by extra: Int,
        rewritingFrom start: Int,
        _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void
    ) {
        guard extra <= capacity - count else {
            overflowed = true
            return
        }
        count += extra
        body(UnsafeMutableBufferPointer(start: base + start, count: count - start))
    }

    mutating func append<Failure: Error>(
        writing write: (inout [UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        var written: [UInt8] = []
        try write(&written)
        written.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}
