import MessageFormat
import Testing

@testable import PushLocalizer

/// The sample values every plural case is rendered with, by slot, against the former rule written
/// out with `argumentUsages`: a number where used as one, else a date where used as one, else text.
@Suite("Lint: plural sample values")
struct LintSampleValuesTests {
    @Test(arguments: [
        "{n, plural, one {# {who}} other {# {who} {when, date, short}}}",
        "{who, select, a {{n, number}} other {{n}}} {when, time} {when}",
        "{n} {n, selectordinal, one {#st} other {#th}} {g, select, x {y} other {z}}",
        "no arguments", "{a}{b}{c}{a, number}{b, date}",
    ])
    func samplesBySlot(pattern: String) throws {
        let syntax = try MessageParser.parse(pattern)
        // Declared names first (one unused, one repeated), then the message's own, as slots are.
        let names = ["unused", "n", "n"] + syntax.argumentUsages.map(\.name)
        var reference: [String: ArgumentValue] = [:]
        for (name, usages) in syntax.argumentUsages {
            if usages.contains(.number) {
                reference[name] = .int(3)
            } else if usages.contains(.date) {
                reference[name] = .date(epochMilliseconds: 1_790_000_000_000)
            } else {
                reference[name] = .string("x")
            }
        }
        let expected = names.map { reference[$0] }
        #expect(Linter.sampleValues(for: syntax, slots: names) == expected, "\(pattern)")
    }
}
