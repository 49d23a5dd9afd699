import Foundation
import Testing

@testable import PushLocalizer

/// SPEC §7's batch answer lines: the request fields read straight from the line, the error
/// messages of bad lines, and the success line built from the same pieces `pushloc render
/// --request` prints (`headersJSON`, the payload, `RenderReport.json`).
@Suite struct BatchLineTests {
    static let catalog = Result { try SampleCatalog.load() }
    static let now = 1_700_000_000.0

    static let renderedLines = [
        #"{"id": 1, "key": "started_following", "locales": ["de-AT"], "args": {"user_name": "Jörg", "user_id": "7"}}"#,
        #"{"id":"a\"b\u00e9\\","key":"started_following","locales":["pl-PL","en"],"args":{"user_name":"Ann","user_id":"1"}}"#,
        #"{"id":{"x":[1,2.5,null,true,"y"]},"key":"started_following","mode":"content","locales":["de","fr","ja"],"#
            + #""args":{"user_name":"Ann","user_id":"1"},"budget":600}"#,
        #"{"key":"started_following","mode":"loc-key","locales":["en"],"args":{"user_name":"Ann","user_id":"1"}}"#,
        #"{"id":[],"key":"game_invite","locales":["en"],"budget":400,"args":{"inviter_1":""#
            + String(repeating: "Alexandra-Maximiliana ", count: 20) + #"","inviter_2":"Bo","game_name":"Chess","#
            + #""lobby_id":"L1"}}"#,
        #"{"id":2,"key":"payment_received","locales":["pt-BR"],"pushType":"voip","timeZone":"Europe/Lisbon","#
            + #""overflow":"drop","args":{"sender_name":"João","amount":12.5,"transaction_id":"t"}}"#,
        // An id longer than the room a line is first given (payload + 512 bytes): 1,020 bytes of
        // escapes, near the 1,024 an id may have. The line is written again with more room.
        #"{"id":""# + String(repeating: #"\u0001"#, count: 170)
            + #"","key":"started_following","locales":["en"],"args":{"user_name":"Ann","user_id":"1"}}"#,
    ]

    @Test("a rendered line is the id, locale, headers, payload and report of the render", arguments: renderedLines)
    func renderedLine(_ line: String) throws {
        let catalog = try Self.catalog.get()
        let json = try JSONParser.parse(line)
        let request = try #require(try Self.request(from: json))
        let notification = try catalog.render(request)
        var idWriter = JSONWriter()
        idWriter.value(json["id"] ?? .null)
        var localeWriter = JSONWriter()
        localeWriter.string(notification.locale)
        let expected =
            Array(#"{"id":"#.utf8) + idWriter.bytes + Array(#","ok":true,"bytes":\#(notification.payload.count),"#.utf8)
            + Array(#""locale":"#.utf8) + localeWriter.bytes + Array(#","headers":"#.utf8) + notification.headersJSON
            + Array(#","payload":"#.utf8) + notification.payload + Array(#","report":"#.utf8)
            + notification.report.json + Array("}\n".utf8)
        #expect(
            String(decoding: Self.answer(line, catalog: catalog).bytes, as: UTF8.self)
                == String(decoding: expected, as: UTF8.self)
        )
    }

    @Test(
        "a bad line is answered with SPEC §7's error object",
        arguments: [
            (
                #"{"id": 2, "key": "#, "invalid-json",
                "not valid JSON: unexpected end of input, expected a value at byte 18"
            ),
            ("", "invalid-json", "empty line"),
            (" \t", "invalid-json", "empty line"),
            // A syntax error anywhere wins over a bad field before it.
            (
                #"{"colour": 1, "key": 5, "locales": [1,]}"#, "invalid-json",
                "not valid JSON: unexpected character, expected a value at byte 39"
            ),
            (
                #"{"key": "a", "locales": ["en"]} x"#, "invalid-json",
                "not valid JSON: unexpected text after the JSON value at byte 33"
            ),
            (#"{"key": "a\u12"}"#, "invalid-json", "not valid JSON: invalid \\u escape at byte 11"),
            (#"{"key" "a"}"#, "invalid-json", "not valid JSON: expected ':' after a member name at byte 8"),
            (#"{"args": {"a" 1}}"#, "invalid-json", "not valid JSON: expected ':' after a member name at byte 15"),
            (#"{"locales": ["en" "de"]}"#, "invalid-json", "not valid JSON: expected ',' or ']' in array at byte 19"),
            (#"{"id": 1,}"#, "invalid-json", "not valid JSON: expected a member name in quotes at byte 10"),
            (#"{"id": 01}"#, "invalid-json", "not valid JSON: leading zero in number at byte 8"),
            ("[1, 2]", "invalid-request", "a batch line must be a JSON object, got an array"),
            ("\"x\"", "invalid-request", "a batch line must be a JSON object, got a string"),
            (
                #"{"id": 6, "colour": "red", "size": 1, "key": 1}"#, "invalid-request",
                "unknown field 'colour' (known: args, badge, budget, condition, data, id, key, locales, mode, overflow, platform, pushType, timeZone, token, topic)"
            ),
            (
                #"{"k\u0065y": "a", "": 1}"#, "invalid-request",
                "unknown field '' (known: args, badge, budget, condition, data, id, key, locales, mode, overflow, platform, pushType, timeZone, token, topic)"
            ),
            (#"{"locales": ["en"]}"#, "invalid-request", "'key' is required and must be a string"),
            (
                #"{"key": "a", "key": null, "locales": ["en"]}"#, "invalid-request",
                "'key' is required and must be a string"
            ),
            (
                #"{"key": "a", "locales": ["en", 1]}"#, "invalid-request",
                "'locales' is required and must be an array of strings"
            ),
            (
                #"{"key": "a", "locales": "en"}"#, "invalid-request",
                "'locales' is required and must be an array of strings"
            ),
            (
                #"{"key": "a", "locales": [], "mode": "sideways"}"#, "invalid-request",
                #"'mode' must be "resolved", "content", "loc-key" or "data""#
            ),
            (#"{"key": "a", "locales": [], "args": []}"#, "invalid-request", "'args' must be an object"),
            (
                #"{"key": "a", "locales": [], "budget": 5121}"#, "invalid-request",
                "'budget' must be a whole number of bytes from 1 to 5120 (APNs refuses larger payloads)"
            ),
            (
                #"{"key": "a", "locales": [], "budget": 1.5}"#, "invalid-request",
                "'budget' must be a whole number of bytes from 1 to 5120 (APNs refuses larger payloads)"
            ),
            (
                #"{"key": "a", "locales": [], "pushType": "fax"}"#, "invalid-request",
                "'pushType' must be one of "
                    + PushType.allCases.map(\.rawValue).joined(separator: ", ")
            ),
            (#"{"key": "a", "locales": [], "timeZone": 1}"#, "invalid-request", "'timeZone' must be a string"),
            (
                #"{"key": "a", "locales": [], "overflow": "spill"}"#, "invalid-request",
                #"'overflow' must be "drop" or "trim""#
            ),
            (#"{"id": 4, "key": "nope", "locales": ["en"]}"#, "unknown-key", "no template 'nope' in the catalog"),
        ]
    )
    func badLine(_ line: String, code: String, message: String) throws {
        let catalog = try Self.catalog.get()
        let (bytes, ok) = Self.answer(line, catalog: catalog, number: 7)
        #expect(!ok)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let error = object["error"] as? [String: Any]
        #expect(error?["code"] as? String == code)
        #expect(error?["message"] as? String == message)
        #expect(object["line"] as? Int == 7)
        #expect(bytes.last == 0x0A)
    }

    @Test("the id of a request that cannot render is echoed; a line that is not an object has none")
    func echoedID() throws {
        let catalog = try Self.catalog.get()
        let failed = Self.answer(#"{"id": {"a": "é"}, "id": [1, "x"], "key": "nope", "locales": []}"#, catalog: catalog)
        #expect(String(decoding: failed.bytes, as: UTF8.self).hasPrefix(#"{"id":[1,"x"],"line":1,"ok":false,"#))
        // Escaped, longer than the room an error line is first given.
        let longID = String(repeating: #"\u0001"#, count: 170)
        let long = Self.answer(#"{"id":""# + longID + #"","key":"nope","locales":[]}"#, catalog: catalog)
        #expect(
            String(decoding: long.bytes, as: UTF8.self).hasPrefix(#"{"id":""# + longID + #"","line":1,"ok":false,"#)
        )
        #expect(long.bytes.last == 0x0A)
        let notObject = Self.answer("[1]", catalog: catalog)
        #expect(String(decoding: notObject.bytes, as: UTF8.self).hasPrefix(#"{"id":null,"line":1,"ok":false,"#))
    }

    @Test("repeated members: the last one counts, as in any JSON lookup")
    func repeatedMembers() throws {
        let line =
            #"{"key": 1, "key": "k", "args": {"a": 1}, "args": {"b": "x", "b": "y"}, "locales": ["en"], "budget": 9, "budget": 100}"#
        let request = try Self.read(line).get()
        #expect(request.key == "k")
        #expect(request.arguments == ["b": .string("y")])
        #expect(request.budget == 100)
        #expect(request.locales == ["en"])
    }

    @Test("an FCM target is read from token, topic or condition, and only one of them")
    func fcmTargets() throws {
        let head = #"{"key":"k","locales":["en"],"platform":"fcm","#
        #expect(try Self.read(head + #""token":"t1"}"#).get().target == .token("t1"))
        #expect(try Self.read(head + #""topic":"news"}"#).get().target == .topic("news"))
        #expect(try Self.read(head + #""condition":"'a' in topics"}"#).get().target == .condition("'a' in topics"))
        #expect(try Self.read(head + #""id":1}"#).get().target == nil)
        let refusals = [
            (#""token":"t1","condition":"'a' in topics"}"#, "give at most one of 'token', 'topic' and 'condition'"),
            (#""topic":"news","token":"t1"}"#, "give at most one of 'token', 'topic' and 'condition'"),
            (#""topic":""}"#, "'topic' must be a non-empty string"),
            (#""condition":7}"#, "'condition' must be a non-empty string"),
        ]
        for (tail, message) in refusals {
            guard case .failure(let error) = Self.read(head + tail) else {
                Issue.record("\(tail) was read")
                continue
            }
            #expect(error.code == "invalid-request")
            #expect(error.message == message, "\(tail)")
        }
    }

    static func read(_ line: String) -> Result<RenderRequest, RenderError> {
        Array(line.utf8).withUnsafeBufferPointer { BatchRequestReader.read($0, now: now).request }
    }

    static func answer(_ line: String, catalog: Catalog, number: Int = 1) -> (bytes: [UInt8], ok: Bool) {
        var output: [UInt8] = []
        let ok = Array(line.utf8).withUnsafeBufferPointer {
            BatchLine.answer($0, number: number, catalog: catalog, now: now, to: &output).rendered
        }
        return (output, ok)
    }

    /// The request SPEC §7 describes, read from a parsed line independently of the batch reader.
    static func request(from json: JSONValue) throws -> RenderRequest? {
        guard case .string(let key)? = json["key"], case .array(let tags)? = json["locales"] else { return nil }
        var request = RenderRequest(key: key, locales: tags.compactMap(\.stringValue), now: now)
        if let mode = json["mode"]?.stringValue { request.mode = try #require(RenderMode(rawValue: mode)) }
        if case .object(let members)? = json["args"] {
            for member in members { request.arguments[member.key] = member.value }
        }
        request.budget = json["budget"]?.integerValue.map { Int($0) }
        if let type = json["pushType"]?.stringValue { request.pushType = PushType(rawValue: type) }
        request.timeZone = json["timeZone"]?.stringValue
        if let overflow = json["overflow"]?.stringValue { request.overflow = OverflowPolicy(rawValue: overflow) }
        return request
    }
}
