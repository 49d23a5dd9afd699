import MessageFormat
import Testing

@testable import PushLocalizer

/// `FormatOptions.escapesJSON` (MessageFormat escapes as it writes: literal text checked once at
/// compile time, each argument's output escaped after it is written) against formatting raw and
/// escaping the whole result with the payload writer's `JSONEscaping`: the same bytes for every
/// byte value, hostile text, literal text that needs escapes, and numbers and dates from ICU.
@Suite struct JSONStringFormattingTests {
    static let patterns: [(pattern: String, locale: String)] = [
        ("{name} and {count, plural, one {# other person} other {# other people}} liked your photo", "en"),
        ("{name} и ещё {count, plural, one {# человек} few {# человека} other {# человек}}", "ru"),
        ("\"{name}\" \\ said:\n\t{count, number} at {when, time, short}", "en"),
        ("{count, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} {name}", "en"),
        ("{name, select, a {\u{1} quote \" } other {{name}}} {count}", "ar"),
        ("{when, date, medium} {count, number, percent} {name}", "fr"),
    ]

    /// Formats both ways and expects the same bytes; returns whether they agreed.
    static func agree(_ message: CompiledMessage, _ arguments: [String: ArgumentValue], isolate: Bool) throws -> Bool {
        var raw: [UInt8] = []
        try message.format(arguments, options: FormatOptions(isolatesText: isolate), into: &raw)
        var expected: [UInt8] = Array("prefix".utf8)
        JSONEscaping.append(raw, to: &expected)
        var escaped: [UInt8] = Array("prefix".utf8)
        try message.format(arguments, options: FormatOptions(isolatesText: isolate, escapesJSON: true), into: &escaped)
        #expect(
            escaped == expected,
            "\(String(decoding: escaped, as: UTF8.self).debugDescription) vs \(String(decoding: expected, as: UTF8.self).debugDescription)"
        )
        return escaped == expected
    }

    @Test("every byte value as an argument, in every pattern")
    func everyByte() throws {
        var agreed = 0
        for (pattern, locale) in Self.patterns {
            let message = try CompiledMessage(pattern: pattern, locale: locale)
            let texts: [String] =
                (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + ["\u{85}", "\u{2028}", "é", "👨‍👩‍👧"]
            for (index, text) in texts.enumerated() {
                let arguments: [String: ArgumentValue] = [
                    "name": .string("x\(text)y"), "count": .int(3), "when": .date(epochMilliseconds: 1.8e12),
                ]
                if try Self.agree(message, arguments, isolate: index % 2 == 0) { agreed += 1 }
            }
        }
        #expect(agreed == Self.patterns.count * 132)
    }

    @Test("hostile text and numbers of every kind")
    func hostile() throws {
        var generator = BudgetRandom(seed: 0x150_7E47)
        let numbers: [ArgumentValue] = [
            .int(0), .int(1), .int(21), .int(1_000_000), .int(-7), .double(2.5), .decimal("12345678901234567890"),
        ]
        for (pattern, locale) in Self.patterns {
            let message = try CompiledMessage(pattern: pattern, locale: locale)
            for _ in 0..<200 {
                let arguments: [String: ArgumentValue] = [
                    "name": .string(
                        HostileText.make(bytes: Int.random(in: 0...60, using: &generator), using: &generator)
                    ),
                    "count": numbers.randomElement(using: &generator) ?? .int(1),
                    "when": .date(
                        epochMilliseconds: Double(Int.random(in: 0...2_000_000_000, using: &generator)) * 1000
                    ),
                ]
                #expect(try Self.agree(message, arguments, isolate: Bool.random(using: &generator)))
            }
        }
    }
}
