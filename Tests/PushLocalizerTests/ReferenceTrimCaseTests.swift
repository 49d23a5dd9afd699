import Foundation
import PushLocalizerTestSupport
import Testing

@testable import PushLocalizer

/// Cases the reference renderer once got wrong, kept so that it stays an oracle.
@Suite struct ReferenceTrimCaseTests {
    /// `overflow: trim` where optional entries are aliases of trimmed bodies (`es-419` of `es`,
    /// `pt-PT` of `pt-BR`): the reference measured the message's occurrences by adding a letter,
    /// which turned those aliases into whole objects and counted them as occurrences, so it found
    /// no trim that fits and dropped four locales. The library keeps every locale, the message cut
    /// to nothing, in exactly the budget.
    @Test func aliasesOfTrimmedBodiesStayAliasesWhileMeasuring() throws {
        let catalog = try SampleCatalog.load()
        let request = RenderRequest(
            key: "message_received",
            locales: ["en"],
            mode: .content,
            arguments: [
                "sender_name": .string(""), "sender_id": .string(""), "conversation_id": .string(""),
                "message_text": .string("محمد"),
            ],
            budget: 1218,
            overflow: .trim,
            now: 1_800_000_000
        )
        let expected = ReferenceRenderer(catalog).render(request)
        guard case .rendered(_, _, _, let report) = expected else {
            Issue.record("the reference failed: \(expected)")
            return
        }
        #expect(report.droppedLocales.isEmpty)
        #expect(report.includedLocales.count == 20)
        #expect(report.bytes == 1218)
        #expect(ReferenceRenderer.Outcome { () throws(RenderError) in try catalog.render(request) } == expected)
    }
}
