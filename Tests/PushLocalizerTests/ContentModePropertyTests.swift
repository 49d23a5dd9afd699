import Foundation
import Testing

@testable import PushLocalizer

/// SPEC §5–§6 for `content` mode, over the sample catalog with hostile arguments: every payload fits
/// and is valid; the required locales are always there (or the render is `payloadTooLarge`);
/// `aps.alert` is the negotiated entry; under `drop` the optional locales are a prefix of the
/// priority order and the next one would not fit; under `trim` every locale stays and the payload
/// is maximal. The checks live in `ContentInvariants`.
@Suite struct ContentModePropertyTests {
    static let users = ["pl", "ar", "ja", "en-AU", "zh-TW", "pt-AO"]
    static let templates: [ContentTemplate] = [
        .gameInvite, .messageReceived, .commentReply, .startedFollowing, .photoLiked, .paymentReceived,
    ]

    static func invariants() throws -> ContentInvariants {
        ContentInvariants(catalog: try SampleCatalog.load(), settings: try SampleSettings.load())
    }

    /// Random hostile text for every truncatable argument (up to ~20 KB), hostile pinned ids.
    static func arguments(for template: ContentTemplate, using generator: inout BudgetRandom) -> [String: String] {
        var arguments: [String: String] = [:]
        for argument in template.sample.truncatable {
            let length =
                Int.random(in: 0..<12, using: &generator) == 0
                ? Int.random(in: 12_000...20_000, using: &generator) : HostileText.length(using: &generator)
            arguments[argument.name] = HostileText.make(bytes: length, using: &generator)
        }
        for name in template.sample.pinned {
            arguments[name] = HostileText.pinnedID(using: &generator)
        }
        return arguments
    }

    /// A budget from 256 to 5120, most often between the smallest payload (required locales, every
    /// truncatable argument empty) and the unfitted one, where locales are dropped or trimmed.
    static func budget(
        _ testCase: ContentCase,
        _ invariants: ContentInvariants,
        using generator: inout BudgetRandom
    )
        -> Int
    {
        let clamp = { (bytes: Int) in min(5120, max(256, bytes)) }
        let negotiated = SampleSettings.negotiated[testCase.user] ?? "en"
        let required = invariants.settings.order(negotiated: negotiated).required.count
        guard let (empty, emptyParsed) = invariants.unlimited(testCase, arguments: testCase.emptied),
            let (whole, _) = invariants.unlimited(testCase)
        else { return 4096 }
        let smallest = clamp(emptyParsed.prefix(empty.payload, entries: required).count)
        let largest = clamp(whole.payload.count)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: return Int.random(in: 256...5120, using: &generator)
        case 1: return clamp(smallest + Int.random(in: -40...60, using: &generator))
        default: return Int.random(in: smallest...max(smallest, largest), using: &generator)
        }
    }

    @Test("hostile arguments, random budgets, both overflow policies", arguments: users)
    func hostileArguments(user: String) throws {
        let invariants = try Self.invariants()
        var outcomes: [OverflowPolicy: [ContentInvariants.Outcome: Int]] = [:]
        for (templateIndex, template) in Self.templates.enumerated() {
            let seed = UInt64(0xC0_7E00) + UInt64(templateIndex) << 8 + UInt64(Self.users.firstIndex(of: user) ?? 0)
            var generator = BudgetRandom(seed: seed)
            for index in 0..<6 {
                for overflow in OverflowPolicy.allCases {
                    var testCase = ContentCase(
                        template: template,
                        user: user,
                        arguments: Self.arguments(for: template, using: &generator),
                        others: template.otherChoices.randomElement(using: &generator) ?? [:],
                        budget: 0,
                        overflow: overflow,
                        origin: "seed \(seed) #\(index)"
                    )
                    testCase.budget = Self.budget(testCase, invariants, using: &generator)
                    outcomes[overflow, default: [:]][invariants.check(testCase), default: 0] += 1
                }
            }
        }
        // The generator must reach the interesting outcomes, or the checks prove less than they seem to.
        let drop = outcomes[.drop] ?? [:]
        let trim = outcomes[.trim] ?? [:]
        #expect(drop[.dropped, default: 0] > 0 && drop[.argumentsTrimmed, default: 0] > 0, "\(outcomes)")
        #expect(trim[.bodiesTrimmed, default: 0] > 0, "\(outcomes)")
    }

    @Test("budgets from too small to roomy, 53 bytes apart", arguments: OverflowPolicy.allCases)
    func budgetSweep(overflow: OverflowPolicy) throws {
        let invariants = try Self.invariants()
        let arguments = [
            "inviter_1": "Zażółć gęślą jaźń 👨‍👩‍👧‍👦 Anna \"the\" \\quick\\ 🇵🇱🇯🇵 e\u{301}\u{301} brown",
            "inviter_2": "สวัสดีครับผมชื่อสมชาย \u{1100}\u{1161}\u{11A8} क्षत्रिय مرحبا بالعالم \u{1}\t\u{2028}👍🏽",
            "game_name": "日本語のテキスト Ｚ\u{301}\u{302}\u{303}\u{304} \"Lobby\" of the quick brown fox",
            "lobby_id": "L-42\"\\\u{0}🇵🇱",
        ]
        var outcomes: [ContentInvariants.Outcome: Int] = [:]
        for user in ["ar", "en-AU"] {
            for budget in stride(from: 300, through: 5120, by: 53) {
                let testCase = ContentCase(
                    template: .gameInvite,
                    user: user,
                    arguments: arguments,
                    others: [:],
                    budget: budget,
                    overflow: overflow,
                    origin: "sweep"
                )
                outcomes[invariants.check(testCase), default: 0] += 1
            }
        }
        let expected: Set<ContentInvariants.Outcome> =
            overflow == .drop ? [.failed, .argumentsTrimmed, .dropped] : [.failed, .fellBack, .bodiesTrimmed]
        #expect(Set(outcomes.keys) == expected, "\(outcomes)")
    }

    /// Found by the random test: under `trim`, es-419 (an alias of es for message_received) kept its
    /// body whole while es's was cut, stopped being an alias and overflowed, so every optional locale
    /// was dropped although all of them fit with cut bodies.
    @Test("trim keeps every locale while empty optional bodies fit", arguments: ["ar", "pl", "pt-AO"])
    func aliasesFollowTheirEntry(user: String) throws {
        let invariants = try Self.invariants()
        let text = "Hej! Widziałaś zdjęcia z wczorajszego koncertu? 🎲 Są niesamowite, musisz je zobaczyć. "
        for budget in stride(from: 1700, through: 3072, by: 98) {
            let testCase = ContentCase(
                template: .messageReceived,
                user: user,
                arguments: [
                    "sender_name": "Zofia", "sender_id": "u-1", "conversation_id": "c-9",
                    "message_text": String(repeating: text, count: 3),
                ],
                others: [:],
                budget: budget,
                overflow: .trim,
                origin: "aliases"
            )
            #expect(invariants.check(testCase) == .bodiesTrimmed, "\(testCase)")
        }
    }
}
