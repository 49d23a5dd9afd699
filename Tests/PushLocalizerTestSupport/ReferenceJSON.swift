// The reference renderer reads the library's internals (`@testable import`), which a debug
// build exposes; a release build of the package compiles this target empty.
#if DEBUG
@testable import PushLocalizer

/// The reference renderer's JSON: a plain escaper and compact writers, one byte at a time, with
/// no lookup tables, no vector scans and no plans. Only `"`, `\` and C0 controls are escaped
/// (`\b \f \n \r \t` in short form, the rest as `\u00xx`, lower-case hex); everything else,
/// non-ASCII included, is raw UTF-8.
public enum ReferenceJSON {
    /// One byte escaped.
    static func escaped(_ byte: UInt8) -> [UInt8] {
        switch byte {
        case 0x22: return Array(#"\""#.utf8)
        case 0x5C: return Array(#"\\"#.utf8)
        case 0x08: return Array(#"\b"#.utf8)
        case 0x0C: return Array(#"\f"#.utf8)
        case 0x0A: return Array(#"\n"#.utf8)
        case 0x0D: return Array(#"\r"#.utf8)
        case 0x09: return Array(#"\t"#.utf8)
        case 0..<0x20:
            let digits = Array("0123456789abcdef".utf8)
            return Array(#"\u00"#.utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
        default: return [byte]
        }
    }

    /// `text` escaped, without quotes.
    public static func escape(_ text: [UInt8]) -> [UInt8] {
        text.flatMap(escaped)
    }

    /// The escaped size of `text`.
    public static func size(_ text: [UInt8]) -> Int {
        escape(text).count
    }

    /// `text` as a JSON string, quoted.
    public static func string(_ text: [UInt8]) -> [UInt8] {
        [0x22] + escape(text) + [0x22]
    }

    /// `text` as a JSON string, quoted.
    public static func string(_ text: String) -> [UInt8] {
        string(Array(text.utf8))
    }

    /// A compact object of members already written as JSON.
    static func object(_ members: [(key: String, value: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (position, member) in members.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            out += string(member.key) + [UInt8(ascii: ":")] + member.value
        }
        return out + [UInt8(ascii: "}")]
    }

    /// A compact array of elements already written as JSON.
    static func array(_ elements: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (position, element) in elements.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            out += element
        }
        return out + [UInt8(ascii: "]")]
    }

    /// A parsed JSON value written back compactly (numbers as their text).
    static func value(_ value: JSONValue) -> [UInt8] {
        switch value {
        case .null: Array("null".utf8)
        case .bool(let flag): Array((flag ? "true" : "false").utf8)
        case .number(let text): Array(text.utf8)
        case .string(let text): string(text)
        case .array(let values): array(values.map(Self.value))
        case .object(let members): object(members.map { (key: $0.key, value: Self.value($0.value)) })
        }
    }
}
#endif
