/// Output as the contents of a JSON string (`FormatOptions.escapesJSON`), escaped by
/// ``JSONEscaping`` (the one escaper, which payloads are written with too): this type only
/// applies it to a `ByteOutput`, in place.
///
/// Escaping one byte never depends on its neighbours, so a message's literal text can be checked
/// once when it is compiled and what its arguments add escaped as each is written.
enum JSONStringText {
    /// Whether `byte` is escaped.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        JSONEscaping.needsEscape(byte)
    }

    /// Whether any byte of `bytes` is escaped (asked when a message or table is built).
    static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        extraBytes(in: bytes) > 0
    }

    /// Appends `text` (UTF-8) escaped: copied in one piece, then, when something in it is
    /// escaped, the escapes written in place.
    @inline(__always)
    static func appendEscaped<Output: ByteOutput>(_ text: UnsafeBufferPointer<UInt8>, to output: inout Output) {
        let start = output.count
        output.append(contentsOf: text)
        let extra = extraBytes(in: text)
        if extra > 0 { expand(&output, from: start, by: extra) }
    }

    /// Escapes the bytes of `output` from `start` on, in place.
    static func escapeTail<Output: ByteOutput>(_ output: inout Output, from start: Int) {
        let extra = output.withBytes(from: start) { extraBytes(in: $0) }
        if extra > 0 { expand(&output, from: start, by: extra) }
    }

    /// The bytes escaping `bytes` adds (0 when nothing in them is escaped).
    static func extraBytes(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        JSONEscaping.size(ofContiguous: bytes) - bytes.count
    }

    /// Escapes the bytes of `output` from `start` on, whose escapes add `extra` bytes: the buffer
    /// grows once, and the bytes are moved to their places from the end backwards.
    private static func expand<Output: ByteOutput>(_ output: inout Output, from start: Int, by extra: Int) {
        output.grow(by: extra, rewritingFrom: start) { bytes in
            guard let base = bytes.baseAddress else { return }
            var read = bytes.count - extra
            var write = bytes.count
            // Once every escape is placed, the bytes before them are already where they belong.
            while read > 0, write > read {
                read -= 1
                let byte = base[read]
                // A clean byte, the usual one, is moved without asking its escape's size.
                guard JSONEscaping.needsEscape(byte) else {
                    write -= 1
                    base[write] = byte
                    continue
                }
                write -= JSONEscaping.size(ofByte: byte)
                _ = JSONEscaping.writeEscape(of: byte, to: base + write)
            }
        }
    }
}
