import Foundation
import Testing

@testable import PushLocalizer

/// Headers formatted from a template setting with the request's arguments (`apns-collapse-id`,
/// Web Push's `Topic`): their limits hold at the edge, in bytes, for ids short enough to be
/// formatted in scratch space and for longer ones.
@Suite("Headers from settings")
struct SettingHeaderTests {
    /// `started_following`'s `collapse-id` is `follow-{user_id}`: seven bytes and the id.
    static func collapseRender(userID: String) throws(RenderError) -> RenderedNotification {
        try SampleCatalog.render(
            RenderRequest(
                key: "started_following",
                locales: ["en"],
                arguments: ["user_name": .string("Ann"), "user_id": .string(userID)],
                now: 1_800_000_000
            )
        )
    }

    @Test(
        "an apns-collapse-id of exactly 64 bytes is sent as formatted",
        arguments: [String(repeating: "a", count: 57), String(repeating: "é", count: 28) + "a"]
    )
    func collapseIDAtTheLimit(userID: String) throws {
        let rendered = try Self.collapseRender(userID: userID)
        let header = rendered.headers.first { $0.name == "apns-collapse-id" }
        #expect(header?.value == "follow-" + userID)
        #expect(header?.value.utf8.count == 64)
    }

    @Test(
        "an apns-collapse-id over 64 bytes fails with its length in bytes",
        arguments: [
            (String(repeating: "a", count: 58), 65),
            (String(repeating: "é", count: 29), 65),
            (String(repeating: "x", count: 300), 307),
        ]
    )
    func collapseIDOverTheLimit(userID: String, bytes: Int) {
        do {
            let rendered = try Self.collapseRender(userID: userID)
            Issue.record("rendered a collapse id of \(userID.utf8.count + 7) bytes: \(rendered.headers)")
        } catch {
            #expect(error.code == RenderError.Code.collapseID)
            #expect(error.message == "apns-collapse-id is \(bytes) bytes; APNs allows at most 64")
        }
    }

    /// A catalog whose one template's Web Push `topic` is formatted from its argument.
    static func topicCatalog() throws -> Catalog {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pushloc-topic-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "pushloc.yaml": "source-locale: en\n",
            "Templates/t.yaml":
                "news:\n  args:\n    id: { type: string }\n  body: \"News\"\n  webpush:\n    topic: \"news-{id}\"\n",
            "Locales/en.yaml": "news:\n  body: \"News\"\n",
        ]
        for folder in ["Templates", "Locales"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder),
                withIntermediateDirectories: true
            )
        }
        for (path, text) in files {
            try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        return try Catalog.load(from: root.path)
    }

    @Test("a Web Push Topic formatted from an argument: 32 characters pass, 33 and a character outside base64url fail")
    func topicLimits() throws {
        let catalog = try Self.topicCatalog()
        func render(_ id: String) throws(RenderError) -> RenderedNotification {
            try catalog.render(
                RenderRequest(key: "news", locales: ["en"], arguments: ["id": .string(id)], platform: .webpush)
            )
        }
        let longest = String(repeating: "A", count: 27)
        #expect(try render(longest).headers.first { $0.name == "Topic" }?.value == "news-" + longest)
        for id in [longest + "B", "a.b", String(repeating: "z", count: 100)] {
            do {
                let rendered = try render(id)
                Issue.record("rendered the Topic 'news-\(id)': \(rendered.headers)")
            } catch {
                #expect(error.code == RenderError.Code.webPushTopic)
                #expect(
                    error.message
                        == "the Topic header 'news-\(id)' must be at most 32 characters of A-Z, a-z, 0-9, '-' and '_'"
                )
            }
        }
    }
}
