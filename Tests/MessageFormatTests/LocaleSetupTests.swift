import Testing

@testable import MessageFormat

/// Compiling with a locale's setup remembered must fail and succeed exactly as asking ICU each
/// time did: the same error kind first (a tag that cannot be read before a syntax error), the
/// same output, whether the tag is remembered (ASCII) or not.
@Suite("Locale setup")
struct LocaleSetupTests {
    static func outcome(_ pattern: String, _ locale: String) -> String {
        do throws(MessageFormatError) {
            let message = try CompiledMessage(pattern: pattern, locale: locale)
            return try message.format(["n": .double(1234.5), "w": .string("x")])
        } catch {
            switch error {
            case .invalidLocale: return "invalid locale"
            case .syntax: return "syntax"
            default: return "other: \(error)"
            }
        }
    }

    @Test(arguments: ["en", "ar", "fr-CA", "xx-123456789", "not a tag", "", "e\u{301}n", "de"])
    func sameOutcomeTwice(locale: String) {
        for pattern in [
            "{n, plural, one {# x} other {# y}} {w}", "{n, selectordinal, one {#st} other {#th}}", "{n", "{w}",
        ] {
            let first = Self.outcome(pattern, locale)
            #expect(Self.outcome(pattern, locale) == first, "\(pattern) in \(locale.debugDescription)")
        }
    }

    @Test func unreadableTagBeforeSyntax() {
        #expect(Self.outcome("{n", "not a tag") == "invalid locale")
        #expect(Self.outcome("{n", "en") == "syntax")
        #expect(Self.outcome("{n, plural, one {#} other {#}}", "en") == "1,234.5")
    }

    @Test func setupOfReadableTags() {
        for locale in ["en", "ar", "ja"] {
            let setup = LocaleSetup.of(locale)
            #expect(setup.isWellFormed)
            #expect(setup.defaultNumberFormat != nil && setup.cardinalRules != nil && setup.ordinalRules != nil)
        }
        #expect(!LocaleSetup.of("not a tag").isWellFormed)
    }
}
