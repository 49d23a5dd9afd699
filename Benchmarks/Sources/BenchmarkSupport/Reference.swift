import ICUReference

/// A message compiled by ICU4C's icu::MessageFormat (the reference), for one locale.
public final class ReferenceMessage: @unchecked Sendable {
    // @unchecked: the handle is immutable after creation and icu::MessageFormat::format is const.
    let handle: OpaquePointer

    /// Compiles `pattern` for `locale` with ICU4C.
    public init(pattern: String, locale: String) throws(ReferenceError) {
        var error = [CChar](repeating: 0, count: 256)
        guard let handle = icuref_message_create(pattern, locale, &error, error.count) else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ReferenceError(message: "ICU rejects \(locale) pattern: \(reason)")
        }
        self.handle = handle
    }

    deinit { icuref_message_destroy(handle) }
}

/// An error from the ICU4C reference.
public struct ReferenceError: Error, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The message.
    public var description: String { message }
}

/// The reference's output buffer, and the UTF-8 copies of names it reads (C strings that stay put).
// @unchecked Sendable: owned by one scenario, used from one thread at a time.
public final class ReferenceBuffer: @unchecked Sendable {
    let handle: OpaquePointer

    /// Creates an empty buffer.
    public init() {
        guard let handle = icuref_buffer_create() else { Fixtures.fail("out of memory") }
        self.handle = handle
    }

    deinit { icuref_buffer_destroy(handle) }

    /// The bytes last written.
    public var bytes: [UInt8] {
        var count = 0
        guard let start = icuref_buffer_bytes(handle, &count) else { return [] }
        return Array(UnsafeBufferPointer(start: start, count: count))
    }
}

/// A NUL-terminated UTF-8 copy of a string that lives as long as this object.
// @unchecked Sendable: immutable after creation.
public final class CText: @unchecked Sendable {
    /// The bytes (NUL-terminated).
    public let pointer: UnsafeMutablePointer<CChar>
    /// Byte count without the NUL.
    public let count: Int

    /// Copies `text`.
    public init(_ text: String) {
        let utf8 = Array(text.utf8CString)
        pointer = .allocate(capacity: utf8.count)
        pointer.initialize(from: utf8, count: utf8.count)
        count = utf8.count - 1
    }

    deinit { pointer.deallocate() }
}
