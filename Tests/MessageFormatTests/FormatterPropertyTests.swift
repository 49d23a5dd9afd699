import MessageFormat
import TestSupport
import Testing

/// Random messages through the whole engine: random text never crashes or hangs it, and random
/// well-formed messages format exactly as ICU4C's own icu::MessageFormat does.
@Suite("Formatter properties")
struct FormatterPropertyTests {
    static let locales = ["en", "ru", "ar", "pl", "ja", "fr", "cy", "lt", "he", "pt-PT", "hi", "de"]
    static let arguments: [String: ArgumentValue] = [
        "n": .int(3), "x": .double(21.5), "s": .string("Zoë \"quoted\" {brace} 👩‍👩‍👧"), "g": .string("female"),
        "d": .date(epochMilliseconds: 1_763_805_600_000),
    ]

    @Test func randomTextIsAValueOrATypedError() {
        var random = SplitMix64(seed: 0x5EED)
        let alphabet = [
            "{", "}", "'", "''", "#", ",", "=", ":", " ", "n", "s", "plural", "select", "selectordinal", "offset:1",
            "other", "one", "few", "=0", "number", "date", "::", "currency", "é", "👨‍👩‍👧", "\u{301}", "{n", "{s}",
            "{n, plural, ", "{s, select, ", "other {", "}}", "'{'", "x",
        ]
        for _ in 0..<3000 {
            let pattern = (0..<random.next(below: 14)).map { _ in alphabet[random.next(below: alphabet.count)] }
                .joined()
            let locale = Self.locales[random.next(below: Self.locales.count)]
            do {
                let message = try CompiledMessage(pattern: pattern, locale: locale)
                let text = try message.format(Self.arguments)
                #expect(text.utf8.count >= 0)
            } catch {
                #expect(!error.code.isEmpty, "untyped failure for \(pattern)")
            }
        }
    }

    @Test func randomWellFormedMessagesMatchICU() {
        var random = SplitMix64(seed: 0xC0FFEE)
        var mismatches: [String] = []
        var formatted = 0
        for _ in 0..<1500 {
            let pattern = MessageGenerator.message(depth: 0, inPlural: false, random: &random)
            let locale = Self.locales[random.next(below: Self.locales.count)]
            var arguments = Self.arguments
            arguments["n"] =
                [ArgumentValue.int(0), .int(1), .int(2), .int(5), .int(11), .int(101), .double(1.5)][
                    random.next(below: 7)
                ]
            let expected = ICUOracleFormatter.format(
                pattern: pattern,
                locale: locale,
                arguments: arguments,
                timeZone: "Europe/Warsaw"
            )
            let actual: FormatOutcome
            do {
                let message = try CompiledMessage(pattern: pattern, locale: locale)
                actual = .text(try message.format(arguments, timeZone: "Europe/Warsaw"))
            } catch {
                actual = .failure(code: error.code, detail: error.description)
            }
            switch (expected, actual) {
            case (.text(let icu), .text(let ours)) where icu == ours: formatted += 1
            case (.failure, .failure): continue
            default: mismatches.append("\(locale) \(pattern)\n  ICU:  \(expected)\n  ours: \(actual)")
            }
        }
        // The generator writes well-formed messages: nearly all must format, or this proves nothing.
        #expect(formatted > 1400, "only \(formatted) of 1500 generated messages formatted")
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches:\n\(mismatches.prefix(10).joined(separator: "\n"))")
    }
}

/// Builds random well-formed MessageFormat patterns over the arguments n (number), x (decimal),
/// s (text), g (select keyword) and d (date).
enum MessageGenerator {
    static func message(depth: Int, inPlural: Bool, random: inout SplitMix64) -> String {
        (0..<(1 + random.next(below: 4))).map { _ in part(depth: depth, inPlural: inPlural, random: &random) }.joined()
    }

    static func part(depth: Int, inPlural: Bool, random: inout SplitMix64) -> String {
        let texts = ["Hi ", " and ", "it''s ", "'{'literal'}' ", "l’été ", "🎉", " # ", "'#' ", "} "]
        let choice = random.next(below: depth >= 3 ? 3 : 10)
        switch choice {
        case 0, 1:
            return texts[random.next(below: texts.count)].replacingOccurrences(of: "} ", with: depth == 0 ? "} " : " ")
        case 2: return ["{s}", "{n}", "{x}", "{d}", "{ s }", "#"][random.next(below: inPlural ? 6 : 5)]
        case 3:
            return [
                "{n, number}", "{x, number, integer}", "{x, number, percent}", "{n, number, ::currency/EUR}",
                "{x, number, ::.00}", "{n, spellout}", "{n, ordinal}", "{x, number, 0.0}",
            ][random.next(below: 8)]
        case 4:
            return ["{d, date, short}", "{d, time}", "{d, date, ::yMMMd}", "{d, time, full}", "{d, date, long}"][
                random.next(below: 5)
            ]
        case 5, 6:
            let offset = random.next(below: 3) == 0 ? "offset:1 " : ""
            var cases = ["=0", "one", "few", "many", "two", "zero", "=1"].filter { _ in random.next(below: 2) == 0 }
            cases.append("other")
            let body = cases.map { "\($0) {\(message(depth: depth + 1, inPlural: true, random: &random))}" }
            return
                "{n, \(random.next(below: 4) == 0 ? "selectordinal" : "plural"), \(offset)\(body.joined(separator: " "))}"
        default:
            let body = ["female", "male", "other"].map {
                "\($0) {\(message(depth: depth + 1, inPlural: false, random: &random))}"
            }
            return "{g, select, \(body.joined(separator: " "))}"
        }
    }
}
