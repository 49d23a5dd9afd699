import PushLocalizer

extension SampleScenarios {
    /// Scenario 3's payloads, then variants over every pair of fixture names, every scenario 3
    /// locale and several budgets: one line per render (payload bytes and the trimmed arguments,
    /// or the error), to compare two builds byte for byte.
    public func budgetPayloads() -> [String] {
        var lines: [String] = []
        for request in budgetRequests { lines.append(Self.describe(catalog, request)) }
        let locales = ["en", "pl", "ru", "ar", "ja", "zh-Hans", "de"]
        let budgets = [200, 300, 420, 700, 1_500, 2_500, 4_096, 5_000]
        let names = Fixtures.names + ["a\u{0301}\u{0308}b", "🇵🇱🇩🇪x", "word\"s \\\\ \u{01}\u{1F}", "ก็ได้ภาษาไทย", "한국어 텍스트"]
        for (localeIndex, locale) in locales.enumerated() {
            for (first, firstSeed) in names.enumerated() {
                for (second, secondSeed) in names.enumerated() {
                    let game = names[(first + second + localeIndex) % names.count]
                    let lengths = [(2_400, 2_000, 300), (900, 40, 120), (5_000, 5_000, 90)][(first + second) % 3]
                    for budget in budgets {
                        var request = RenderRequest(
                            key: "game_invite", locales: [locale], mode: .resolved,
                            arguments: [
                                "inviter_1": .string(Self.long(firstSeed, bytes: lengths.0)),
                                "inviter_2": .string(Self.long(secondSeed, bytes: lengths.1)),
                                "game_name": .string(Self.long(game, bytes: lengths.2)),
                                "lobby_id": .string("lobby-\(first)-\(second)"),
                            ],
                            now: 1_800_000_000)
                        request.budget = budget
                        lines.append(Self.describe(catalog, request))
                    }
                }
            }
        }
        return lines
    }

    private static func describe(_ catalog: Catalog, _ request: RenderRequest) -> String {
        do {
            let rendered = try catalog.render(request)
            let trimmed = rendered.report.trimmedArguments.map {
                "\($0.name):\($0.bytesBefore)->\($0.bytesAfter)x\($0.occurrences)"
            }
            return "\(rendered.report.bytes) \(rendered.report.steps) \(trimmed) "
                + String(decoding: rendered.payload, as: UTF8.self)
        } catch {
            return "error \(error)"
        }
    }
}
