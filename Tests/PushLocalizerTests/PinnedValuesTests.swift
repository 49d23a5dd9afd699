import Foundation
import Testing

@testable import PushLocalizer

/// A request's `badge` and `data`: merged into the payload (read back with Foundation's JSON
/// parser), never trimmed, counted in the budget, and checked.
@Suite struct PinnedValuesTests {
    static let catalog = Result { try SampleCatalog.load() }
    /// A template with a badge of its own and a truncatable argument.
    static let badged = Result {
        try Catalog(
            source: CatalogSource.parse(files: [
                "Templates/a.yaml": """
                greeting:
                  args:
                    name: { type: string, truncate: true }
                  body: "Hello {name}, you have mail"
                  apns:
                    badge: 12
                  data:
                    link: "app://mail"
                """
            ])
        )
    }

    static func request(_ mode: RenderMode = .resolved, name: String = "Ann") -> RenderRequest {
        RenderRequest(
            key: "started_following",
            locales: ["pl-PL"],
            mode: mode,
            arguments: ["user_name": .string(name), "user_id": .string("7")]
        )
    }

    static func object(_ payload: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any])
    }

    @Test(
        "badge and data are merged into the payload, the rest as without them",
        arguments: [RenderMode.resolved, .content, .locKey]
    )
    func merged(mode: RenderMode) throws {
        let catalog = try Self.catalog.get()
        let plain = try catalog.render(Self.request(mode))
        var request = Self.request(mode)
        request.badge = 7
        request.data = [
            ("order", .object([("id", .number("42")), ("tags", .array([.string("a"), .null]))])), ("u", .bool(true)),
        ]
        let pinned = try catalog.render(request)
        var object = try Self.object(pinned.payload)
        var aps = try #require(object["aps"] as? [String: Any])
        #expect(aps["badge"] as? Int == 7)
        let order = try #require(object["order"] as? [String: Any])
        #expect(order["id"] as? Int == 42)
        #expect((order["tags"] as? [Any])?.count == 2)
        #expect(object["u"] as? Bool == true)
        aps["badge"] = nil
        object["aps"] = aps
        object["order"] = nil
        object["u"] = nil
        #expect(NSDictionary(dictionary: object) == NSDictionary(dictionary: try Self.object(plain.payload)))
        #expect(pinned.report.bytes == pinned.payload.count)
        #expect(pinned.report.budget == 4096)
        // Data keys come after the template's own, in the request's order.
        let text = String(decoding: pinned.payload, as: UTF8.self)
        #expect(text.hasSuffix(#","order":{"id":42,"tags":["a",null]},"u":true}"#), "\(text)")
    }

    @Test("the request's badge replaces the template's")
    func replacesBadge() throws {
        let catalog = try Self.badged.get()
        var request = RenderRequest(key: "greeting", locales: ["en"], arguments: ["name": .string("Ann")])
        #expect(
            try Self.object(catalog.render(request).payload)["aps"].flatMap { ($0 as? [String: Any])?["badge"] as? Int }
                == 12
        )
        for badge in [0, 3, 12, 99_999] {
            request.badge = badge
            let payload = try catalog.render(request).payload
            let aps = try #require(try Self.object(payload)["aps"] as? [String: Any])
            #expect(aps["badge"] as? Int == badge)
            #expect(String(decoding: payload, as: UTF8.self).components(separatedBy: "\"badge\"").count == 2)
        }
    }

    @Test("badge and data count in the budget: the truncatable text gives way, they never do")
    func countedInBudget() throws {
        let catalog = try Self.badged.get()
        let name = String(repeating: "Maximiliana ", count: 40)
        var request = RenderRequest(key: "greeting", locales: ["en"], arguments: ["name": .string(name)], budget: 400)
        let plain = try catalog.render(request)
        #expect(plain.payload.count <= 400)
        request.badge = 1_000_000
        request.data = [("note", .string(String(repeating: "n", count: 150)))]
        let pinned = try catalog.render(request)
        #expect(pinned.payload.count <= 400)
        #expect(pinned.report.bytes == pinned.payload.count && pinned.report.budget == 400)
        let object = try Self.object(pinned.payload)
        #expect((object["note"] as? String)?.count == 150)
        #expect((object["aps"] as? [String: Any])?["badge"] as? Int == 1_000_000)
        let body = try #require(((object["aps"] as? [String: Any])?["alert"] as? [String: Any])?["body"] as? String)
        let plainBody = try #require(
            ((try Self.object(plain.payload)["aps"] as? [String: Any])?["alert"] as? [String: Any])?["body"]
                as? String
        )
        #expect(body.utf8.count < plainBody.utf8.count)
        // Data that alone is over the budget: too large, and said why.
        request.data = [("note", .string(String(repeating: "n", count: 500)))]
        #expect {
            try catalog.render(request)
        } throws: { error in
            let error = error as? RenderError
            return error?.code == "payloadTooLarge" && error?.message.contains("badge and data") == true
        }
    }

    @Test(
        "bad badge and data are refused with invalid-request",
        arguments: [
            (-1, "order", "badge must be a whole number from 0 to 2147483647, got -1"),
            (2_147_483_648, "order", "badge must be a whole number from 0 to 2147483647, got 2147483648"),
            (1, "aps", "data key 'aps' is reserved for the notification"),
            (1, "localization_content", "data key 'localization_content' is reserved for the notification"),
            (1, "path", "data key 'path' is already set by the template 'started_following'"),
        ]
    )
    func refused(badge: Int, key: String, message: String) throws {
        var request = Self.request()
        request.badge = badge
        request.data = [(key, .number("1"))]
        #expect(throws: RenderError(RenderError.Code.invalidRequest, message)) {
            try Self.catalog.get().render(request)
        }
    }

    @Test(
        "a batch line's badge and data are read and checked",
        arguments: [
            (#""badge":3,"data":{"x":[1,{"y":null}]}"#, nil),
            (#""badge":-1"#, "'badge' must be a whole number from 0 to 2147483647"),
            (#""badge":1.5"#, "'badge' must be a whole number from 0 to 2147483647"),
            (#""badge":"3""#, "'badge' must be a whole number from 0 to 2147483647"),
            (#""data":[1]"#, "'data' must be an object, got an array"),
            (#""data":{"path":"x"}"#, "data key 'path' is already set by the template 'started_following'"),
        ]
    )
    func batchLine(members: String, error: String?) throws {
        let line =
            #"{"id":1,"key":"started_following","locales":["en"],"args":{"user_name":"A","user_id":"1"},\#(members)}"#
        var output: [UInt8] = []
        _ = Array(line.utf8).withUnsafeBufferPointer {
            BatchLine.answer($0, number: 1, catalog: try! Self.catalog.get(), now: 0, to: &output)
        }
        let answer = try Self.object(output)
        if let error {
            #expect((answer["error"] as? [String: Any])?["message"] as? String == error)
            #expect((answer["error"] as? [String: Any])?["code"] as? String == "invalid-request")
        } else {
            let payload = try #require(answer["payload"] as? [String: Any])
            #expect((payload["aps"] as? [String: Any])?["badge"] as? Int == 3)
            #expect(((payload["x"] as? [Any])?[1] as? [String: Any])?.keys.first == "y")
            #expect((answer["report"] as? [String: Any])?["bytes"] as? Int == answer["bytes"] as? Int)
        }
    }
}
