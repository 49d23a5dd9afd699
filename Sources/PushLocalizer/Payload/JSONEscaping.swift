/// SPEC §6's string escaping: only `"`, `\` and C0 controls are escaped (`\n`, `\r`, `\t`,
/// `\b`, `\f` in short form, the rest as `\u00XX`); everything else, non-ASCII included, is raw
/// UTF-8. Because each byte's escaped size does not depend on its neighbours, the escaped size of
/// a string is the sum over its bytes, which is what budget fitting relies on.
enum JSONEscaping {
    /// Escaped size of one byte (computed, not looked up: no lazy-global check in hot loops).
    @inline(__always)
    static func size(ofByte byte: UInt8) -> Int {
        guard needsEscape(byte) else { return 1 }
        return byte < 0x20 && !isShortEscape(byte) ? 6 : 2
    }

    /// Escaped size of `bytes`.
    static func size<C: Collection>(of bytes: C) -> Int where C.Element == UInt8 {
        if let size = bytes.withContiguousStorageIfAvailable({ size(ofContiguous: $0) }) { return size }
        var total = 0
        for byte in bytes { total += size(ofByte: byte) }
        return total
    }

    /// Escaped size of contiguous bytes: their count plus the extra bytes of each escape.
    static func size(ofContiguous bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var extra = 0
        for byte in bytes where needsEscape(byte) {
            extra += byte < 0x20 && !isShortEscape(byte) ? 5 : 1
        }
        return bytes.count + extra
    }

    /// Appends `bytes` escaped (without quotes).
    static func append<C: Collection>(_ bytes: C, to output: inout [UInt8]) where C.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ appendContiguous($0, to: &output) }) != nil { return }
        let copy = Array(bytes)
        copy.withUnsafeBufferPointer { appendContiguous($0, to: &output) }
    }

    /// Appends a string's UTF-8 escaped (without quotes).
    static func append(string text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendContiguous($0, to: &output) }
    }

    /// Appends contiguous bytes escaped, copying the runs between escapes in bulk.
    static func appendContiguous(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in 0..<bytes.count where needsEscape(bytes[index]) {
            if index > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            appendEscape(of: bytes[index], to: &output)
            runStart = index + 1
        }
        if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C
    }

    @inline(__always)
    private static func isShortEscape(_ byte: UInt8) -> Bool {
        byte == 0x08 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func appendEscape(of byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case 0x22: output.append(contentsOf: [0x5C, 0x22])
        case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: output.append(contentsOf: [0x5C, 0x6E])
        case 0x0D: output.append(contentsOf: [0x5C, 0x72])
        case 0x09: output.append(contentsOf: [0x5C, 0x74])
        case 0x08: output.append(contentsOf: [0x5C, 0x62])
        case 0x0C: output.append(contentsOf: [0x5C, 0x66])
        default:
            output.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0xF)])
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x61 + value - 10
    }
}
