/// SPEC §6's string escaping: only `"`, `\` and C0 controls are escaped (`\n`, `\r`, `\t`,
/// `\b`, `\f` in short form, the rest as `\u00XX`); everything else, non-ASCII included, is raw
/// UTF-8. Because each byte's escaped size does not depend on its neighbours, the escaped size of
/// a string is the sum over its bytes, which is what budget fitting relies on.
enum JSONEscaping {
    /// Escaped size of each byte value.
    static let escapedSize: [Int] = (0..<256).map { byte in
        switch byte {
        case 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x22, 0x5C: 2
        case 0x00..<0x20: 6
        default: 1
        }
    }

    /// Escaped size of `bytes`.
    static func size<C: Collection>(of bytes: C) -> Int where C.Element == UInt8 {
        var total = 0
        for byte in bytes { total += escapedSize[Int(byte)] }
        return total
    }

    /// Appends `bytes` escaped (without quotes).
    static func append<C: Collection>(_ bytes: C, to output: inout [UInt8]) where C.Element == UInt8 {
        for byte in bytes {
            switch byte {
            case 0x22: output.append(contentsOf: [0x5C, 0x22])
            case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: output.append(contentsOf: [0x5C, 0x72])
            case 0x09: output.append(contentsOf: [0x5C, 0x74])
            case 0x08: output.append(contentsOf: [0x5C, 0x62])
            case 0x0C: output.append(contentsOf: [0x5C, 0x66])
            case 0x00..<0x20:
                output.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0xF)])
            default: output.append(byte)
            }
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x61 + value - 10
    }
}
