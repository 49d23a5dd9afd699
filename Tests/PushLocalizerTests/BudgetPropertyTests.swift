import Foundation
import Testing

@testable import PushLocalizer

/// Hostile argument text for SPEC §6's budget promises: clusters that must never be split, bytes
/// that JSON must escape, scripts without spaces, bidi text.
enum HostileText {
    static let pieces: [String] = [
        "👨‍👩‍👧‍👦", "🇵🇱", "🇯🇵", "🇵🇱🇯🇵", "\u{1F1E6}", "👍🏽", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "\u{2701}\u{200D}\u{2701}", "❤️",
        "e\u{301}", "e\u{301}\u{301}\u{301}\u{301}", "\u{1100}\u{1161}\u{11A8}", "\u{1100}\u{1161}", "\u{1100}\u{1100}",
        "한국어 ", "क्ष", "क्षत्रिय ", "नमस्ते ", "สวัสดีครับผมชื่อสมชาย", "ภาษาไทย", "مرحبا ", "بالعالم ", "שלום ",
        "עולם ", "東京タワー", "日本語のテキスト", "\"", "\\", "\\\"", "\r\n", "\n", "\t", "\u{2028}", "\u{2029}", "…",
        "\u{0600}1", "\u{0D4E}", "\u{FEFF}", "\u{200D}", "\u{FE0F}", "\u{2066}", "\u{2069}", "a", "word ", " ", "  ",
        "hello world ", "Zażółć gęślą jaźń ", "x", "{", "}", "'", "#", "<b>", "\u{7F}", "\u{85}", "\u{FFFD}",
    ]

    /// Text of about `bytes` UTF-8 bytes (it ends on a whole piece, so it may be a little longer).
    static func make(bytes target: Int, using generator: inout BudgetRandom) -> String {
        var text = ""
        var count = 0
        while count < target {
            let piece = piece(using: &generator)
            text += piece
            count += piece.utf8.count
        }
        return text
    }

    static func piece(using generator: inout BudgetRandom) -> String {
        switch Int.random(in: 0..<12, using: &generator) {
        case 0: return zalgo(using: &generator)
        case 1:
            let control = Unicode.Scalar(UInt8.random(in: 0...0x1F, using: &generator))
            return String(Character(control))
        case 2:
            // Words: most real names and messages are mostly these, and they exercise the word back-off.
            return ["Anna ", "the ", "quick ", "brown ", "Maria-José ", "O'Brien ", "fox, "].randomElement(
                using: &generator
            ) ?? " "
        default: return pieces.randomElement(using: &generator) ?? "a"
        }
    }

    /// A base letter under a stack of combining marks (one grapheme cluster of up to ~200 bytes).
    static func zalgo(using generator: inout BudgetRandom) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(["a", "e", "Z", "ж"].randomElement(using: &generator) ?? "a")
        for _ in 0..<Int.random(in: 1...90, using: &generator) {
            scalars.append(Unicode.Scalar(UInt32.random(in: 0x300...0x36F, using: &generator)) ?? "\u{301}")
        }
        return String(scalars)
    }

    /// A byte length: empty, short, medium, long or very long, the short ones most often.
    static func length(using generator: inout BudgetRandom) -> Int {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: 0
        case 1...4: Int.random(in: 1...40, using: &generator)
        case 5...7: Int.random(in: 41...400, using: &generator)
        case 8: Int.random(in: 401...3000, using: &generator)
        default: Int.random(in: 3001...12000, using: &generator)
        }
    }

    /// A pinned id: hostile too, but short enough that the collapse-id header stays within 64 bytes.
    static func pinnedID(using generator: inout BudgetRandom) -> String {
        var text = String(UInt32.random(in: 0...999_999, using: &generator))
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            let piece = pieces.randomElement(using: &generator) ?? ""
            if text.utf8.count + piece.utf8.count <= 50 { text += piece }
        }
        return text
    }
}

@Suite struct BudgetPropertyTests {
    static let locales = ["en", "ar", "ja", "pl", "th"]
    static let templates: [SampleTemplate] = [.gameInvite, .startedFollowing, .messageReceived]

    /// Random hostile arguments for one template.
    static func arguments(for template: SampleTemplate, using generator: inout BudgetRandom) -> [String: String] {
        var arguments: [String: String] = [:]
        for argument in template.truncatable {
            arguments[argument.name] = HostileText.make(bytes: HostileText.length(using: &generator), using: &generator)
        }
        for name in template.pinned {
            arguments[name] = HostileText.pinnedID(using: &generator)
        }
        return arguments
    }

    /// A budget from 64 to 5120 bytes, most often between the smallest payload (every truncatable
    /// argument empty) and the whole one, where the fitting happens.
    static func budget(
        _ testCase: BudgetCase,
        _ invariants: BudgetInvariants,
        using generator: inout BudgetRandom
    ) -> Int {
        func size(_ arguments: [String: String]) -> Int? {
            try? invariants.render(testCase, arguments: arguments, budget: BudgetInvariants.unlimited).get().payload
                .count
        }
        var empty = testCase.arguments
        for argument in testCase.template.truncatable { empty[argument.name] = "" }
        let smallest = min(max(size(empty) ?? 64, 64), 5120)
        let whole = min(max(size(testCase.arguments) ?? 5120, smallest), 5120)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return Int.random(in: 64...5120, using: &generator)
        case 1: return min(5120, max(64, smallest + Int.random(in: -60...30, using: &generator)))
        default: return Int.random(in: smallest...whole, using: &generator)
        }
    }

    @Test("hostile arguments, random budgets: fits, valid, pinned exact, clean cuts, maximal", arguments: locales)
    func hostileArguments(locale: String) throws {
        let invariants = BudgetInvariants(catalog: try SampleCatalog.load())
        var outcomes: [BudgetInvariants.Outcome: Int] = [:]
        for (templateIndex, template) in Self.templates.enumerated() {
            let seed =
                UInt64(0x5EED_0000) + UInt64(templateIndex) << 8 + UInt64(Self.locales.firstIndex(of: locale) ?? 0)
            var generator = BudgetRandom(seed: seed)
            for index in 0..<60 {
                var testCase = BudgetCase(
                    template: template,
                    locale: locale,
                    arguments: Self.arguments(for: template, using: &generator),
                    budget: 0,
                    origin: "seed \(seed) #\(index)"
                )
                testCase.budget = Self.budget(testCase, invariants, using: &generator)
                outcomes[invariants.check(testCase), default: 0] += 1
            }
        }
        // The generator must reach every outcome, or the checks above prove less than they seem to.
        #expect(outcomes[.whole, default: 0] > 0 && outcomes[.argumentsTrimmed, default: 0] > 20, "\(outcomes)")
        #expect(outcomes[.bodyTrimmed, default: 0] > 0 && outcomes[.failed, default: 0] > 0, "\(outcomes)")
    }

    @Test("every budget from too small to roomy, one byte apart", arguments: ["en", "ar"])
    func everyBudget(locale: String) throws {
        let invariants = BudgetInvariants(catalog: try SampleCatalog.load())
        let arguments = [
            "inviter_1": "Zażółć gęślą jaźń 👨‍👩‍👧‍👦 Anna \"the\" \\quick\\ 🇵🇱🇯🇵 e\u{301}\u{301} brown",
            "inviter_2": "สวัสดีครับผมชื่อสมชาย \u{1100}\u{1161}\u{11A8} क्षत्रिय مرحبا بالعالم \u{1}\t\u{2028}👍🏽",
            "game_name": "日本語のテキスト Ｚ\u{301}\u{302}\u{303}\u{304} \"Lobby\" of the quick brown fox",
            "lobby_id": "L-42\"\\\u{0}🇵🇱",
        ]
        var outcomes: [BudgetInvariants.Outcome: Int] = [:]
        for budget in 200...800 {
            let testCase = BudgetCase(
                template: .gameInvite,
                locale: locale,
                arguments: arguments,
                budget: budget,
                origin: "sweep"
            )
            outcomes[invariants.check(testCase), default: 0] += 1
        }
        #expect(outcomes.count == 4, "\(outcomes)")
    }

    @Test("one-megabyte arguments")
    func megabyteArguments() throws {
        let invariants = BudgetInvariants(catalog: try SampleCatalog.load())
        var generator = BudgetRandom(seed: 0x00_1B)
        let megabyte = 1 << 20
        let family = String(repeating: "👨‍👩‍👧‍👦", count: megabyte / 25 + 1)
        let hostile = HostileText.make(bytes: megabyte, using: &generator)
        let zalgo = String(repeating: HostileText.zalgo(using: &generator) + " ", count: megabyte / 100)
        let cases = [
            BudgetCase(
                template: .gameInvite,
                locale: "en",
                arguments: ["inviter_1": family, "inviter_2": hostile, "game_name": zalgo, "lobby_id": "lobby-1"],
                budget: 4096,
                origin: "1 MB"
            ),
            BudgetCase(
                template: .gameInvite,
                locale: "ar",
                arguments: ["inviter_1": zalgo, "inviter_2": "Anna", "game_name": family, "lobby_id": "\"\\"],
                budget: 5120,
                origin: "1 MB"
            ),
            BudgetCase(
                template: .gameInvite,
                locale: "th",
                arguments: ["inviter_1": hostile, "inviter_2": hostile, "game_name": "", "lobby_id": "x"],
                budget: 300,
                origin: "1 MB"
            ),
            BudgetCase(
                template: .messageReceived,
                locale: "ja",
                arguments: ["sender_name": hostile, "message_text": hostile, "sender_id": "7", "conversation_id": "c"],
                budget: 3072,
                origin: "1 MB"
            ),
            BudgetCase(
                template: .startedFollowing,
                locale: "pl",
                arguments: ["user_name": zalgo, "user_id": "u"],
                budget: 64,
                origin: "1 MB"
            ),
        ]
        let outcomes = cases.map { invariants.check($0) }
        // Short pinned ids leave thousands of bytes for text, which megabyte arguments cannot fill
        // whole; 64 bytes cannot even hold the pinned deep link.
        #expect(outcomes[0] == .argumentsTrimmed && outcomes[1] == .argumentsTrimmed, "\(outcomes)")
        #expect(outcomes[2] != .whole && outcomes[3] != .failed && outcomes[4] == .failed, "\(outcomes)")
    }

    @Test("short texts at budgets just under their whole size are kept whole or really shortened")
    func shortTextsNearTheirSize() throws {
        let invariants = BudgetInvariants(catalog: try SampleCatalog.load())
        for locale in ["en", "ar"] {
            for name in ["O'Brien ", "ab", "Zoë", "👨‍👩‍👧‍👦", "e\u{301}\u{301}x", "a b c d", "\"\\\"", "\u{1}\u{1}"] {
                let arguments = ["user_name": name, "user_id": "42"]
                let base = BudgetCase(
                    template: .startedFollowing,
                    locale: locale,
                    arguments: arguments,
                    budget: 0,
                    origin: "near size"
                )
                let whole = try invariants.render(base, arguments: arguments, budget: BudgetInvariants.unlimited).get()
                for budget in (whole.payload.count - 12)...whole.payload.count {
                    var testCase = base
                    testCase.budget = budget
                    invariants.check(testCase)
                }
                // Next to a message of 61-byte clusters, whose cut leaves up to 60 bytes over for the
                // name to grow into: it may grow back whole, never past its own size.
                let zalgo = String(repeating: "Z" + String(repeating: "\u{301}", count: 30), count: 20)
                let message = ["sender_name": name, "message_text": zalgo, "sender_id": "1", "conversation_id": "2"]
                var messageCase = BudgetCase(
                    template: .messageReceived,
                    locale: locale,
                    arguments: message,
                    budget: 0,
                    origin: "near size"
                )
                var empty = message
                empty["sender_name"] = ""
                empty["message_text"] = ""
                let smallest = try invariants.render(messageCase, arguments: empty, budget: BudgetInvariants.unlimited)
                    .get().payload.count
                for budget in smallest...(smallest + 60) {
                    messageCase.budget = budget
                    invariants.check(messageCase)
                }
            }
        }
    }

    /// Found by the random test: a word boundary inside a grapheme cluster. From Unicode 15's data:
    /// U+0600 is Prepend to the grapheme rules and Format to the word rules, U+0301 is Extend to both,
    /// "}" is Other and "1" Numeric. So "}\u{0600}1Z\u{301}…" has grapheme boundaries 0, 1, 4 and the
    /// end ("}" | "\u{0600}1" | "Ź́…"), and word boundaries 0, 3 and the end (WB4 joins U+0600 to "}",
    /// WB10 joins "1Z"). `max-bytes: 120` cuts at grapheme boundary 4; the only word boundary before
    /// it that is also a grapheme boundary is 0, which would keep nothing, so the cut stays at 4.
    @Test("the word back-off never ends inside a grapheme cluster")
    func wordBoundaryInsideCluster() throws {
        let catalog = try SampleCatalog.load()
        let name = "}\u{0600}1Z" + String(repeating: "\u{301}", count: 150)
        let rendered = try catalog.render(
            RenderRequest(
                key: "started_following",
                locales: ["en"],
                arguments: ["user_name": .string(name), "user_id": .string("7")],
                now: BudgetInvariants.now
            )
        )
        let body = SpecJSON.object(rendered.payload).flatMap { SpecJSON.string(at: ["aps", "alert", "body"], in: $0) }
        #expect(body == Array("}\u{0600}1… started following you".utf8))
    }
}

/// SPEC §6 step 2's max-min fair share, with expectations worked out by hand.
@Suite struct FairShareTests {
    private func shares(_ claims: [(size: Int, occurrences: Int)], _ available: Int) -> [Int] {
        FairShare.shares(
            for: claims.map { FairShare.Claim(size: $0.size, occurrences: $0.occurrences) },
            available: available
        )
    }

    @Test("everything fits: every argument keeps its text")
    func everythingFits() {
        #expect(shares([(5, 1), (6, 1)], 100) == [5, 6])
        #expect(shares([(50, 1), (50, 1)], 100) == [50, 50])
    }

    @Test("short arguments keep their text, long ones split the rest equally")
    func shortKeepLongSplit() {
        // 150 bytes: 10 is under the level 150/3 = 50, so it keeps 10; 140 left for two → 70 each.
        #expect(shares([(10, 1), (100, 1), (100, 1)], 150) == [10, 70, 70])
        // Order of the claims does not matter.
        #expect(shares([(100, 1), (10, 1), (100, 1)], 150) == [70, 10, 70])
        // 100 bytes: level 33 for three; 30 keeps 30; 70 left for two → 35 each.
        #expect(shares([(200, 1), (30, 1), (500, 1)], 100) == [35, 30, 35])
        // Unequal long ones still get the same level: 60 left → 30 and 30 (the 31-byte one is cut too).
        #expect(shares([(31, 1), (1000, 1)], 60) == [30, 30])
        // Integer level: 101 / 2 = 50, one byte stays unshared.
        #expect(shares([(80, 1), (90, 1)], 101) == [50, 50])
    }

    @Test("an argument used twice costs twice")
    func occurrencesCount() {
        // Weight 3: level 150 / 3 = 50 per occurrence; 2 × 50 + 50 = 150.
        #expect(shares([(100, 2), (100, 1)], 150) == [50, 50])
        // Weight 4: level 100 / 4 = 25 ≥ 10, so the twice-used short one keeps 10 (costs 20); 80 left → 40, 40.
        #expect(shares([(10, 2), (200, 1), (200, 1)], 100) == [10, 40, 40])
        // Weight 3 with 91 bytes: level 30, total 90.
        #expect(shares([(300, 2), (300, 1)], 91) == [30, 30])
        // A short argument used three times: level 120 / 4 = 30 ≥ 20, keeps 20 (costs 60); 60 left → 60.
        #expect(shares([(20, 3), (500, 1)], 120) == [20, 60])
    }

    @Test("no room: every share is zero; an argument that does not occur keeps its size")
    func edges() {
        #expect(shares([(10, 1), (20, 1)], 0) == [0, 0])
        #expect(shares([(10, 1), (20, 1)], -50) == [0, 0])
        #expect(shares([(10, 0), (20, 1)], 5) == [10, 5])
        #expect(shares([], 100) == [])
    }

    @Test("random claims: one common level, nothing over, nothing left that the level could take")
    func waterFilling() {
        var generator = BudgetRandom(seed: 0xFA1E)
        for _ in 0..<2000 {
            let claims = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                (
                    size: Int.random(in: 0...400, using: &generator),
                    occurrences: Int.random(in: 1...3, using: &generator)
                )
            }
            let available = Int.random(in: -10...1500, using: &generator)
            let result = shares(claims, available)
            let spent = zip(claims, result).reduce(0) { $0 + $1.0.occurrences * $1.1 }
            #expect(spent <= max(0, available), "\(claims) \(available) → \(result)")
            let capped = claims.indices.filter { result[$0] < claims[$0].size }
            guard let level = capped.first.map({ result[$0] }) else { continue }
            // Max-min fairness: every cut claim gets the same level, every whole claim is no bigger
            // than it, and the leftover cannot raise the level by one byte for all cut claims.
            #expect(capped.allSatisfy { result[$0] == level }, "\(claims) \(available) → \(result)")
            #expect(claims.indices.allSatisfy { capped.contains($0) || claims[$0].size <= level })
            let weight = capped.reduce(0) { $0 + claims[$1].occurrences }
            #expect(max(0, available) - spent < weight, "\(claims) \(available) → \(result)")
        }
    }
}
