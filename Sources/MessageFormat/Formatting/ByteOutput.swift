/// Where a message writes its UTF-8: a growable `[UInt8]`, or a `FixedByteOutput` over memory the
/// caller provides (a payload written into spare capacity, without an array's uniqueness and
/// capacity checks on every piece). The writer is specialized for each; `pushloc batch` writes
/// its answer lines through it too (package access, not part of the library's API).
package protocol ByteOutput {
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
}

extension Array: ByteOutput where Element == UInt8 {
    @inline(__always)
    package func withBytes<Result>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start...])) }
    }

    @inline(__always)
    package mutating func grow(
        by extra: Int,
        rewritingFrom start: Int,
        _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void
    ) {
        append(contentsOf: repeatElement(0, count: extra))
        withUnsafeMutableBufferPointer { body(UnsafeMutableBufferPointer(rebasing: $0[start...])) }
    }
}

/// Bytes written into uninitialized memory the caller owns, up to its size. Once something does
/// not fit, `overflowed` is set and nothing more is written: the bytes are incomplete, and the
/// caller writes the whole output another way.
///
/// For this package's own hot paths (a prepared render writing into its buffer's spare capacity):
/// the memory must stay valid while the output is in use.
///
/// Its appends are `@inlinable`, so that writers in other modules (the prepared render's plan
/// output, `pushloc batch`'s answer lines) write bytes in place instead of calling a function
/// per piece.
package struct FixedByteOutput {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    /// The bytes written, from the buffer's start.
    package internal(set) var count = 0
    /// Whether something did not fit (the bytes are then incomplete).
    package internal(set) var overflowed = false

    /// Writes into `buffer`, from its start; nil for a buffer without memory.
    package init?(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return nil }
        self.base = base
        capacity = buffer.count
    }

    /// Whether `extra` more bytes fit; marks the output overflowed when they do not.
    @inline(__always)
    @inlinable
    mutating func makeRoom(_ extra: Int) -> Bool {
        guard !overflowed, extra <= capacity - count else {
            overflowed = true
            return false
        }
        return true
    }
}

extension FixedByteOutput: ByteOutput {
    /// Appends `bytes` when they fit; sets `overflowed` when they do not.
    @inline(__always)
    @inlinable
    package mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard makeRoom(bytes.count), let source = bytes.baseAddress else { return }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    @inlinable
    package mutating func append(_ byte: UInt8) {
        guard makeRoom(1) else { return }
        (base + count).initialize(to: byte)
        count += 1
    }

    @inline(__always)
    package func withBytes<Result>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    package mutating func grow(
        by extra: Int,
        rewritingFrom start: Int,
        _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void
    ) {
        guard makeRoom(extra) else { return }
        (base + count).initialize(repeating: 0, count: extra)
        count += extra
        body(UnsafeMutableBufferPointer(start: base + start, count: count - start))
    }
}

extension FixedByteOutput {
    /// Appends `text` escaped as JSON string contents (``JSONStringText/appendEscaped(_:to:)``,
    /// specialized here for callers in other modules).
    package mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        JSONStringText.appendEscaped(text, to: &self)
    }
}
