import Foundation
import PushLocService
import Testing

/// `POST /v1/render`: the batch line for one request, or a problem+json answer whose status
/// follows the batch error code.
@Suite struct RenderRouteTests {
    static let good =
        #"{"id":"r1","key":"started_following","locales":["pl-PL","en"],"args":{"user_name":"Zofia","user_id":"u1"}}"#

    @Test func rendersWhatBatchWritesForTheLine() async throws {
        let expected = try await PushlocBinary.batch(Array((Self.good + "\n").utf8))
        try await RunningService.with { service in
            let reply = try await service.client().send("POST", "/v1/render", body: Array(Self.good.utf8))
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "application/json")
            #expect(AnswerLines.normalized(reply.body) == AnswerLines.normalized(expected))
            #expect(reply.body.last == 0x0A)
            let version = try #require(reply.headers["x-catalog-version"])
            #expect(version.count == 16 && version.allSatisfy(\.isHexDigit))
        }
    }

    /// Each error kind: its status, problem+json, the batch `code`, and the batch line in `answer`.
    @Test(arguments: [
        ("{not json", 400, "invalid-json"),
        (#"{"key":"started_following","locales":"pl"}"#, 400, "invalid-request"),
        (#"{"key":"started_following","locales":["pl"],"colour":"red"}"#, 400, "invalid-request"),
        (#"{"key":"no_such_template","locales":["pl"]}"#, 404, "unknown-key"),
        (#"{"key":"started_following","locales":["pl"],"args":{"user_id":"u1"}}"#, 422, "missing-argument"),
        (
            #"{"key":"started_following","locales":["pl"],"budget":20,"args":{"user_name":"Z","user_id":"u1"}}"#, 422,
            "payloadTooLarge"
        ),
        (
            #"{"key":"started_following","locales":["pl"],"timeZone":"Mars/Base","args":{"user_name":"Z","user_id":"u1"}}"#,
            422, "invalid-time-zone"
        ),
    ])
    func errorsAreProblems(line: String, status: Int, code: String) async throws {
        let expected = try await PushlocBinary.batch(Array((line + "\n").utf8))
        let batchLine = try #require(
            JSONSerialization.jsonObject(with: Data(expected)) as? [String: Any]
        )
        #expect((batchLine["error"] as? [String: Any])?["code"] as? String == code)
        try await RunningService.with { service in
            let reply = try await service.client().send(
                "POST",
                "/v1/render",
                headers: [("x-request-id", "req-\(code)")],
                body: Array(line.utf8)
            )
            #expect(reply.status == status)
            #expect(reply.headers["content-type"] == "application/problem+json")
            #expect(reply.headers["x-request-id"] == "req-\(code)")
            let problem = try reply.json()
            #expect(problem["status"] as? Int == status)
            #expect(problem["code"] as? String == code)
            #expect(problem["type"] as? String == "urn:pushloc:problem:\(code)")
            #expect((problem["title"] as? String)?.isEmpty == false)
            #expect((problem["detail"] as? String)?.isEmpty == false)
            #expect(problem["requestId"] as? String == "req-\(code)")
            let answer = try JSONSerialization.data(withJSONObject: try #require(problem["answer"]))
            #expect(
                NSDictionary(dictionary: try #require(JSONSerialization.jsonObject(with: answer) as? [String: Any]))
                    == NSDictionary(dictionary: batchLine)
            )
        }
    }

    @Test func bodyOverOneMebibyteIs413() async throws {
        try await RunningService.with { service in
            var body = Array(#"{"key":"started_following","locales":["pl"],"args":{"user_name":""#.utf8)
            body += [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
            body += Array(#"","user_id":"u1"}}"#.utf8)
            let reply = try await service.client().send("POST", "/v1/render", body: body)
            #expect(reply.status == 413)
            #expect(reply.headers["content-type"] == "application/problem+json")
            #expect(try reply.json()["code"] as? String == "body-too-large")
            #expect(reply.headers["x-request-id"]?.isEmpty == false)
            // A body just under the limit is read and answered (here: an argument over its max-bytes).
            var under = Array(#"{"key":"started_following","locales":["pl"],"args":{"user_name":""#.utf8)
            under += [UInt8](repeating: UInt8(ascii: "a"), count: (1 << 20) - 200)
            under += Array(#"","user_id":"u1"}}"#.utf8)
            let answered = try await service.client().send("POST", "/v1/render", body: under)
            #expect(answered.status != 413)
        }
    }

    @Test func unknownRoutesAndMethodsAreProblems() async throws {
        try await RunningService.with { service in
            let client = try service.client()
            let missing = try await client.send("GET", "/v2/render")
            #expect(missing.status == 404)
            #expect(missing.headers["content-type"] == "application/problem+json")
            #expect(try missing.json()["code"] as? String == "not-found")
            let wrongMethod = try await client.send("GET", "/v1/render")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.headers["allow"] == "POST")
            #expect(try wrongMethod.json()["code"] as? String == "method-not-allowed")
            #expect(wrongMethod.headers["x-request-id"]?.isEmpty == false)
        }
    }

    /// A request id is made when none is sent, and a sent one is echoed (an unusable one replaced).
    @Test func requestIDs() async throws {
        try await RunningService.with { service in
            let client = try service.client()
            let first = try await client.send("GET", "/livez")
            let second = try await client.send("GET", "/livez")
            let made = try #require(first.headers["x-request-id"])
            #expect(!made.isEmpty)
            #expect(second.headers["x-request-id"] != made)
            let echoed = try await client.send("GET", "/livez", headers: [("x-request-id", "abc-123")])
            #expect(echoed.headers["x-request-id"] == "abc-123")
            let tooLong = String(repeating: "x", count: 200)
            let replaced = try await client.send("GET", "/livez", headers: [("x-request-id", tooLong)])
            #expect(replaced.headers["x-request-id"] != tooLong)
            #expect(replaced.headers["x-request-id"]?.isEmpty == false)
        }
    }

    /// The access log names the request id, route, template and status, never an argument value.
    @Test func logsCarryNoArgumentValues() async throws {
        let secret = "Zofia-Secret-4711"
        try await RunningService.with { service in
            let line =
                #"{"key":"started_following","locales":["pl"],"args":{"user_name":"\#(secret)","user_id":"u-\#(secret)"}}"#
            _ = try await service.client().send(
                "POST",
                "/v1/render",
                headers: [("x-request-id", "log-test")],
                body: Array(line.utf8)
            )
            let missing = #"{"key":"started_following","locales":["pl"],"args":{"user_name":"\#(secret)"}}"#
            _ = try await service.client().send("POST", "/v1/render", body: Array(missing.utf8))
            let logs = service.logs.lines
            #expect(!logs.contains { $0.contains(secret) })
            let entry = try #require(logs.first { $0.contains("log-test") })
            #expect(entry.contains("template=started_following"))
            #expect(entry.contains("route=POST /v1/render"))
            #expect(entry.contains("status=200"))
            #expect(entry.contains("duration.ms="))
        }
    }
}
