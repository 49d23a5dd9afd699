import Testing

@testable import PushLocalizer

/// Plain scalars resolve under the YAML 1.2 core schema (YAML 1.2.2 §10.3.2): expected values
/// come from the schema's regular expressions and examples, not from running the resolver.
@Suite struct PlainScalarTests {
    @Test(arguments: [
        ("0", Int64(0)), ("12", 12), ("+12", 12), ("-19", -19), ("007", 7), ("0o14", 12), ("0o7", 7),
        ("0xC", 12), ("0x1f", 31), ("0xFF", 255),
    ])
    func integers(text: String, value: Int64) {
        #expect(ScalarValue.resolvePlain(text) == .integer(value))
    }

    @Test(arguments: [
        ("1.5", 1.5), ("-1.5", -1.5), ("+12.3", 12.3), (".5", 0.5), ("0.", 0.0), ("1e3", 1000.0),
        ("12e03", 12000.0), ("-2E+05", -200000.0), ("1.5e-1", 0.15), ("99999999999999999999", 1e20),
    ])
    func floats(text: String, value: Double) {
        #expect(ScalarValue.resolvePlain(text) == .number(value))
    }

    /// Near misses of every numeric form stay strings.
    @Test(arguments: [
        "+", "-", ".", "+.", "1e", "1e+", "e3", "0x", "0o", "0o8", "0xG", "0X1F", "0O7", "1_000", "1,5", "12a",
        "1.2.3", " 1", "1 ", "--1", "+-1", "0x1.8", "3 Äpfel", "１２", "1\u{301}", "Version 2",
        // 2^72 in hexadecimal: the hexadecimal form, too large for Int64, and not a float.
        "0xFFFFFFFFFFFFFFFFFF",
    ])
    func strings(text: String) {
        #expect(ScalarValue.resolvePlain(text) == .string(text))
    }

    @Test func keywords() {
        #expect(ScalarValue.resolvePlain("~") == .null)
        #expect(ScalarValue.resolvePlain("") == .null)
        #expect(ScalarValue.resolvePlain("True") == .bool(true))
        #expect(ScalarValue.resolvePlain("off") == .string("off"))
        #expect(ScalarValue.resolvePlain("-.inf") == .number(-.infinity))
    }
}
