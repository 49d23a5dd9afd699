import PushLocalizerTestSupport
import Testing

@testable import PushLocalizer

/// Fitting long texts from their placeholders writes the payload without them ("the small
/// payload") into scratch space: a kilobyte on the stack first, then, when it is longer, again into
/// scratch space of the budget's size. Long pinned ids make the small payload cross both sizes;
/// every render equals the reference renderer's.
@Suite struct SmallPayloadScratchTests {
    /// `comment_reply`: `user_name` and `comment_text` are truncatable, `post_id` (thread-id and
    /// path) and `comment_id` (target-content-id and path) are pinned, with no header limit.
    static func request(idBytes: Int, budget: Int, using generator: inout BudgetRandom) -> RenderRequest {
        let id = String(repeating: "p", count: idBytes)
        return RenderRequest(
            key: "comment_reply",
            locales: [["en"], ["ja"], ["ar"], ["zh-Hans"]][idBytes % 4],
            arguments: [
                "user_name": .string(HostileText.make(bytes: 2_500, using: &generator)),
                "comment_text": .string(HostileText.make(bytes: 3_000, using: &generator)),
                "post_id": .string(id),
                "comment_id": .string(String(id.prefix(idBytes / 3))),
            ],
            budget: budget,
            now: 1_800_000_000
        )
    }

    @Test("small payloads on either side of the first scratch space and of the budget render as the reference")
    func acrossScratchSizes() throws {
        let catalog = try SampleCatalog.load()
        let reference = ReferenceRenderer(catalog)
        var generator = BudgetRandom(seed: 0x5C4A_7C4)
        var trimmedWithLongSmall = 0
        // Ids of 0 to 1,400 bytes put the small payload from about 300 to over 4,000 bytes; every
        // id length from 240 to 300 bytes takes it across the first scratch space's kilobyte a
        // few bytes at a time, in each of the four locales.
        let idLengths = Array(stride(from: 0, through: 1_400, by: 23)) + Array(240...300)
        for idBytes in idLengths {
            for budget in [600, 1_024, 2_048, 4_096] {
                let request = Self.request(idBytes: idBytes, budget: budget, using: &generator)
                let expected = reference.render(request)
                let actual = ReferenceRenderer.Outcome { () throws(RenderError) in try catalog.render(request) }
                #expect(actual == expected, "ids of \(idBytes) bytes, budget \(budget)")
                // The pinned ids alone are 2 × (idBytes + idBytes / 3) bytes of the small payload.
                if case .rendered(_, _, _, let report) = actual, !report.trimmedArguments.isEmpty,
                    idBytes * 8 / 3 > 1_024
                {
                    trimmedWithLongSmall += 1
                }
            }
        }
        // Some renders trimmed the texts with a small payload over the first scratch space.
        #expect(trimmedWithLongSmall > 20)
    }
}
