import PushLocalizerTestSupport
import Testing

@testable import PushLocalizer

/// `Catalog.render` (which writes `resolved` payloads from their plan, and `content` payloads from
/// their head and entry plans, dropping optional entries at the budget) against the plain
/// `ReferenceRenderer`: the same payload, headers, report and errors, for every sample template,
/// user languages that follow the catalog's chains and ones that do not, both overflow policies,
/// budgets stepping across the range where entries are dropped, and hostile argument values.
@Suite struct DroppingRangeReferenceTests {
    static let users: [[String]] = [
        ["en"], ["ru"], ["ar"], ["ja"], ["pt-BR"], ["zh-Hans"], ["he"], ["en-GB"], ["en-AU"], ["zh-TW"],
        ["pt-AO"], ["de-CH"], ["fr-CA", "de"], ["xx"],
    ]

    /// Values for every declared argument: hostile text (mostly short, so that nothing needs
    /// trimming), numbers of every kind ICU formats differently, dates.
    static func arguments(for template: Template, using generator: inout BudgetRandom) -> [String: JSONValue] {
        var arguments: [String: JSONValue] = [:]
        for argument in template.arguments {
            switch argument.type {
            case .string:
                let length =
                    Int.random(in: 0..<8, using: &generator) == 0 ? 300 : Int.random(in: 0...24, using: &generator)
                arguments[argument.name] = .string(HostileText.make(bytes: length, using: &generator))
            case .number:
                let numbers = [
                    "0", "1", "2", "3", "5", "11", "21", "22", "103", "1000000", "-3", "2.5", "12345678901234567890",
                ]
                arguments[argument.name] = .number(numbers.randomElement(using: &generator) ?? "1")
            case .date:
                arguments[argument.name] =
                    Bool.random(using: &generator) ? .string("2026-11-22T10:15:00+01:00") : .number("1800000000000")
            }
        }
        return arguments
    }

    /// Renders `request` with the library and the reference and expects the same outcome.
    static func expectSame(_ catalog: Catalog, _ request: RenderRequest) -> Bool {
        let rendered = ReferenceRenderer.Outcome { () throws(RenderError) in try catalog.render(request) }
        let expected = ReferenceRenderer(catalog).render(request)
        #expect(rendered == expected, "\(request)")
        return rendered == expected
    }

    @Test("content and resolved renders equal the reference, budgets across the dropping range", arguments: users)
    func sameBothWays(user: [String]) throws {
        let catalog = try SampleCatalog.load()
        var generator = BudgetRandom(seed: 0x91A2_0000 &+ UInt64(Self.users.firstIndex(of: user) ?? 0))
        var compared = 0
        var dropping = 0
        for key in catalog.templateKeys {
            guard let template = catalog.template(key) else { continue }
            for _ in 0..<3 {
                let arguments = Self.arguments(for: template, using: &generator)
                for mode in [RenderMode.content, .resolved] {
                    for overflow in OverflowPolicy.allCases {
                        var request = RenderRequest(
                            key: key,
                            locales: user,
                            mode: mode,
                            arguments: arguments,
                            budget: 100_000,
                            overflow: overflow
                        )
                        request.now = 1_800_000_000
                        _ = Self.expectSame(catalog, request)
                        guard let full = try? catalog.render(request).payload.count else { continue }
                        // Budgets from a quarter of the full payload to just past it, one every 1/40.
                        let step = max(1, full / 40)
                        for budget in stride(from: max(64, full / 4), through: full + step, by: step) {
                            request.budget = budget
                            if Self.expectSame(catalog, request) { compared += 1 }
                            if mode == .content, budget < full { dropping += 1 }
                        }
                    }
                }
            }
        }
        #expect(compared > 500, "only \(compared) renders agreed")
        #expect(dropping > 100)
    }
}
