import Foundation
import Testing

@testable import MessageFormat

/// `CompiledMessage.Unretained` formats exactly what its message formats (it only skips the
/// reference counting): the same bytes under every option, the same counts, the same errors.
@Suite("An unretained message formats as its message")
struct UnretainedMessageTests {
    static let patterns: [(pattern: String, locale: String)] = [
        ("{name} and {count, plural, one {# other person} other {# other people}} liked your photo", "en"),
        ("{name} и ещё {count, plural, one {# человек} few {# человека} many {# человек} other {# человека}}", "ru"),
        ("{name} {count, plural, zero {لا أحد} one {واحد} two {اثنان} few {# قليل} many {# كثير} other {# آخر}}", "ar"),
        ("{name}, {name} {count, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", "en"),
    ]

    static let names = ["Alice", "Zażółć Gęślą Jaźń", "Jo \"JJ\" O'Neil \\ Jr.\nof Boston", ""]
    static let counts: [Int64] = [0, 1, 2, 3, 5, 11, 21, 101, 1_000_000]
    static let options = [
        FormatOptions(),
        FormatOptions(isolatesText: true),
        FormatOptions(escapesJSON: true),
        FormatOptions(isolatesText: true, escapesJSON: true),
    ]

    @Test("same bytes and counts for every pattern, name, count and option")
    func sameOutput() throws {
        var differences: [String] = []
        for (pattern, locale) in Self.patterns {
            let message = try CompiledMessage(pattern: pattern, locale: locale, argumentOrder: ["name", "count"])
            let unretained = CompiledMessage.Unretained(message)
            for name in Self.names {
                for count in Self.counts {
                    let slots: [ArgumentValue?] = [.string(name), .int(count)]
                    for options in Self.options {
                        // Both append after what the buffer already holds.
                        var expected: [UInt8] = Array("prefix ".utf8)
                        var actual = expected
                        try message.format(slots: slots, options: options, into: &expected)
                        try unretained.format(slots: slots, options: options, into: &actual)
                        var expectedCounts = [0, 0]
                        var actualCounts = [0, 0]
                        var expectedCounted: [UInt8] = []
                        var actualCounted: [UInt8] = []
                        try message.format(
                            slots: slots,
                            options: options,
                            into: &expectedCounted,
                            countingTextArgumentsIn: &expectedCounts
                        )
                        try unretained.format(
                            slots: slots,
                            options: options,
                            into: &actualCounted,
                            countingTextArgumentsIn: &actualCounts
                        )
                        if actual != expected || actualCounted != expectedCounted || actualCounts != expectedCounts {
                            differences.append(
                                "\(locale) \(pattern) name \(name.debugDescription) count \(count) \(options): "
                                    + "\(String(decoding: actual, as: UTF8.self)) \(actualCounts), expected "
                                    + "\(String(decoding: expected, as: UTF8.self)) \(expectedCounts)"
                            )
                        }
                    }
                }
            }
        }
        let count = differences.count
        #expect(count == 0, "first differences: \(differences.prefix(3))")
    }

    @Test("the same error for a missing or mistyped argument")
    func sameErrors() throws {
        let message = try CompiledMessage(
            pattern: Self.patterns[0].pattern,
            locale: "en",
            argumentOrder: ["name", "count"]
        )
        let unretained = CompiledMessage.Unretained(message)
        for slots: [ArgumentValue?] in [[.string("A"), nil], [nil, .int(1)], [.string("A"), .string("many")]] {
            var output: [UInt8] = []
            let expected = #expect(throws: MessageFormatError.self) {
                try message.format(slots: slots, options: FormatOptions(), into: &output)
            }
            let actual = #expect(throws: MessageFormatError.self) {
                try unretained.format(slots: slots, options: FormatOptions(), into: &output)
            }
            #expect(actual.map { "\($0)" } == expected.map { "\($0)" }, "\(slots)")
        }
    }

    @Test("leaving out the edge literals leaves out exactly those bytes")
    func edgeLiterals() throws {
        let patterns: [(pattern: String, leading: String, trailing: String)] = [
            ("Hi {name}, {count, plural, one {# like} other {# likes}} today", "Hi ", " today"),
            ("{name} and {count, plural, one {# other} other {# others}}", "", ""),
            ("Just text, no arguments", "", ""),
            ("{name}", "", ""),
            ("\"{name}\" wrote:\n", "\"", "\" wrote:\n"),
            ("'{'{name}'}'", "{", "}"),
            ("{count, plural, one {# item} other {# items}} left", "", " left"),
        ]
        for (pattern, leading, trailing) in patterns {
            let message = try CompiledMessage(pattern: pattern, locale: "en", argumentOrder: ["name", "count"])
            let edges = message.edgeLiterals
            #expect(edges.leading == Array(leading.utf8), "\(pattern)")
            #expect(edges.trailing == Array(trailing.utf8), "\(pattern)")
            let middle = CompiledMessage.Unretained(message, omittingEdgeLiterals: true)
            for name in Self.names {
                for count in Self.counts {
                    let slots: [ArgumentValue?] = [.string(name), .int(count)]
                    for options in Self.options {
                        var whole: [UInt8] = []
                        try message.format(slots: slots, options: options, into: &whole)
                        var inner: [UInt8] = []
                        try middle.format(slots: slots, options: options, into: &inner)
                        // The edges as the message writes them (escaped when the options say so).
                        let rebuilt =
                            Self.written(leading, options) + inner + Self.written(trailing, options)
                        #expect(rebuilt == whole, "\(pattern) \(name.debugDescription) \(count) \(options)")
                    }
                }
            }
        }
    }

    @Test("into a fixed buffer: the same bytes when they fit; overflowed, and nothing past the end, when not")
    func fixedOutput() throws {
        let patterns =
            Self.patterns.map(\.pattern) + [
                "{name} paid {count, number, currency/EUR} on {when, date, long}: {count, spellout}",
                "{count} × {name}",
            ]
        var differences: [String] = []
        for pattern in patterns {
            let message = try CompiledMessage(pattern: pattern, locale: "ru", argumentOrder: ["name", "count", "when"])
            let unretained = CompiledMessage.Unretained(message)
            for name in Self.names {
                for count in Self.counts {
                    let slots: [ArgumentValue?] = [.string(name), .int(count), .date(epochMilliseconds: 1.8e12)]
                    for options in Self.options {
                        var expected: [UInt8] = []
                        try message.format(slots: slots, options: options, into: &expected)
                        // Room to spare, exactly enough, and one byte short; a canary after the room.
                        for room in [expected.count + 64, expected.count, expected.count - 1] where room >= 0 {
                            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: room + 16)
                            defer { buffer.deallocate() }
                            buffer.initialize(repeating: 0xA5)
                            var output = try #require(
                                FixedByteOutput(UnsafeMutableBufferPointer(rebasing: buffer[..<room]))
                            )
                            try unretained.format(slots: slots, options: options, into: &output)
                            let written = Array(buffer[..<output.count])
                            let fits = room >= expected.count
                            if output.overflowed == fits || (fits && written != expected) {
                                differences.append("\(pattern) \(name.debugDescription) \(count) room \(room)")
                            }
                            if buffer[room...].contains(where: { $0 != 0xA5 }) {
                                differences.append("\(pattern) wrote past room \(room)")
                            }
                        }
                    }
                }
            }
        }
        let count = differences.count
        #expect(count == 0, "first differences: \(differences.prefix(3))")
    }

    /// Literal text as a message writes it under `options`: as is, or escaped for a JSON string.
    static func written(_ text: String, _ options: FormatOptions) -> [UInt8] {
        guard options.escapesJSON else { return Array(text.utf8) }
        var output: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): output += Array("\\\\".utf8)
            case 0x0A: output += Array("\\n".utf8)
            case 0..<0x20: output += Array(String(format: "\\u%04x", byte).utf8)
            default: output.append(byte)
            }
        }
        return output
    }
}
