import Foundation
import Testing

@testable import PushLocalizer

/// Which error a render reports must not depend on how fast paths order their work: an undeclared
/// argument is reported before any other argument error, and a message that cannot format is
/// reported whatever the budget (cases found by comparing renders before and after the speed work).
@Suite("Render error order")
struct RenderErrorOrderTests {
    @Test("an undeclared argument is reported before a missing one and a wrong type")
    func undeclaredArgumentComesFirst() throws {
        let catalog = try SampleCatalog.load()
        // Two arguments, as many as the template declares: one of the wrong type, one undeclared,
        // and a declared one missing.
        let request = RenderRequest(
            key: "started_following",
            locales: ["en"],
            arguments: ["user_name": .object([]), "extra": .string("x")]
        )
        #expect(throws: RenderError.self) { try catalog.render(request) }
        do {
            _ = try catalog.render(request)
        } catch {
            #expect(error.code == RenderError.Code.unknownArgument)
            #expect(error.message.contains("'extra'"))
        }
    }

    @Test("a translation that cannot format fails content mode at every budget", arguments: [90, 100, 110, 120, 4096])
    func unformattableOptionalLocaleFailsAtEveryBudget(budget: Int) throws {
        let catalog = try Self.catalogWithBrokenTranslation()
        let request = RenderRequest(
            key: "hello",
            locales: ["en"],
            mode: .content,
            arguments: ["n": .number("1")],
            budget: budget,
            overflow: .drop
        )
        do {
            let rendered = try catalog.render(request)
            Issue.record("rendered \(rendered.payloadText) although sv's message cannot format a number")
        } catch {
            #expect(error.code == RenderError.Code.argumentType)
        }
    }

    /// `sv` selects on a number argument (lint reports it; rendering must too, whichever locales fit).
    static func catalogWithBrokenTranslation() throws -> Catalog {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pushloc-order-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "pushloc.yaml": "source-locale: en\noverflow: drop\nlocale-priority: [pl, sv]\n",
            "Templates/t.yaml": "hello:\n  args:\n    n: { type: number }\n  body: \"Hi {n}\"\n",
            "Locales/pl.yaml": "hello:\n  body: \"Hej {n} i jeszcze troche tekstu tutaj\"\n",
            "Locales/sv.yaml": "hello:\n  body: \"{n, select, other {x}}\"\n",
        ]
        for folder in ["Templates", "Locales"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder),
                withIntermediateDirectories: true
            )
        }
        for (path, text) in files { try Data(text.utf8).write(to: root.appendingPathComponent(path)) }
        return try Catalog.load(from: root.path)
    }
}
