import Foundation
import Testing

@testable import PushLocalizer

/// A batch line over one of the reading limits is answered `limit-exceeded` naming its line,
/// found while the line is read (so a hostile line never costs more than its own bytes), and a
/// line at each limit is read as before.
@Suite struct BatchLimitTests {
    static let catalog = Result { try SampleCatalog.load() }

    static func repeated(_ item: String, _ count: Int) -> String {
        Array(repeating: item, count: count).joined(separator: ",")
    }

    static let goodArgs = #""user_name":"Ann","user_id":"1""#

    static func request(
        id: String = "1",
        locales: String = #"["en"]"#,
        args: String = goodArgs,
        extra: String = ""
    )
        -> String
    {
        #"{"id":\#(id),"key":"started_following","locales":\#(locales),"args":{\#(args)}\#(extra)}"#
    }

    /// Lines over a limit, and the limit named in the answer.
    static let overLimitLines: [(String, String)] = {
        var lines: [(String, String)] = []
        // args with more members than an object may have (each an unknown argument).
        lines.append((request(args: repeated(#""k":1"#, 1_001)), "an object with more than 1000 members"))
        // an id of many empty arrays.
        lines.append((request(id: "[" + repeated("[]", 1_001) + "]"), "an array with more than 1000 elements"))
        lines.append((request(id: "[" + repeated("[]", 400) + "]"), "'id' longer than 1024 bytes"))
        lines.append((request(id: "\"" + String(repeating: "x", count: 1_100) + "\""), "'id' longer than 1024 bytes"))
        lines.append((request(locales: "[" + repeated(#""en""#, 101) + "]"), "'locales' with more than 100 tags"))
        lines.append(
            (
                request(locales: #"[""# + String(repeating: "a", count: 300) + #""]"#),
                "a locale tag longer than 256 bytes"
            )
        )
        lines.append(
            (
                request(
                    args: goodArgs + #","x":"# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
                ),
                "nesting deeper than 64"
            )
        )
        lines.append(
            (String(repeating: "[", count: 500_000) + String(repeating: "]", count: 500_000), "nesting deeper than 64")
        )
        lines.append(("[" + repeated("[]", 5_000) + "]", "an array with more than 1000 elements"))
        lines.append((request(args: repeated(#""a":[\#(repeated("0", 900))]"#, 12)), "more than 10000 values"))
        lines.append(
            (
                request(args: goodArgs + #",""# + String(repeating: "n", count: 300) + #"":1"#),
                "a member name longer than 256 bytes"
            )
        )
        lines.append(
            (request(extra: #","\#(String(repeating: "z", count: 300))":1"#), "a member name longer than 256 bytes")
        )
        lines.append(
            (
                request(args: goodArgs + #","n":"# + String(repeating: "9", count: 300)),
                "a number longer than 256 characters"
            )
        )
        lines.append(
            (
                request(extra: #","timeZone":""# + String(repeating: "Z", count: 300) + "\""),
                "'timeZone' longer than 256 bytes"
            )
        )
        lines.append(
            (
                request(extra: #","data":{"d":""# + String(repeating: "d", count: 6_000) + "\"}"),
                "'data' longer than 5120 bytes"
            )
        )
        lines.append(
            (#"{"key":""# + String(repeating: "k", count: 300) + #"","locales":["en"]}"#, "'key' longer than 256 bytes")
        )
        return lines
    }()

    @Test(
        "a line over a limit is answered limit-exceeded, with its line and the limit in the message",
        arguments: overLimitLines
    )
    func overLimit(_ line: String, _ expected: String) throws {
        let catalog = try Self.catalog.get()
        let answer = try Self.answer(line, catalog: catalog, number: 7)
        #expect(answer.ok == false)
        #expect(answer.line == 7)
        #expect(answer.code == "limit-exceeded")
        #expect(answer.message.hasPrefix("line 7 is over a limit: \(expected) at byte "), "\(answer.message)")
    }

    @Test(
        "a line at each limit is read as before",
        arguments: [
            (request(locales: "[" + repeated(#""en""#, 100) + "]"), "ok"),
            (request(id: "\"" + String(repeating: "x", count: 1_022) + "\""), "ok"),
            (request(id: "[" + repeated("[]", 300) + "]"), "ok"),
            (
                request(
                    args: goodArgs + #","x":"# + String(repeating: "[", count: 62) + String(repeating: "]", count: 62)
                ),
                "unknown-argument"
            ),
            (request(args: repeated(#""k":1"#, 1_000)), "unknown-argument"),
            (request(extra: #","timeZone":""# + String(repeating: "Z", count: 254) + "\""), "invalid-time-zone"),
        ]
    )
    func atLimit(_ line: String, _ expected: String) throws {
        let catalog = try Self.catalog.get()
        let answer = try Self.answer(line, catalog: catalog, number: 1)
        #expect((answer.ok ? "ok" : answer.code) == expected, "\(answer.message)")
    }

    @Test("a line over a limit loses no other line of the run")
    func othersKept() throws {
        let good = Self.request()
        let input = [good, Self.request(args: Self.repeated(#""k":1"#, 200_000)), good].joined(separator: "\n")
        let pipe = try BatchRunnerTests.run(BatchRunner(catalog: try Self.catalog.get()), input: Array(input.utf8))
        let lines = pipe.0.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].contains(#""ok":true"#) && lines[2].contains(#""ok":true"#))
        #expect(lines[1].contains(#""line":2,"ok":false,"error":{"code":"limit-exceeded""#))
        #expect(pipe.1 == BatchRunner.Summary(lines: 3, succeeded: 2, failed: 1))
    }

    struct Answer {
        var ok: Bool
        var line: Int?
        var code: String
        var message: String
    }

    /// The answer line read back with Foundation's JSON parser.
    static func answer(_ line: String, catalog: Catalog, number: Int) throws -> Answer {
        var output: [UInt8] = []
        _ = Array(line.utf8).withUnsafeBufferPointer {
            BatchLine.answer($0, number: number, catalog: catalog, now: 0, to: &output)
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any])
        let error = object["error"] as? [String: Any]
        return Answer(
            ok: object["ok"] as? Bool ?? false,
            line: object["line"] as? Int,
            code: error?["code"] as? String ?? "",
            message: error?["message"] as? String ?? ""
        )
    }
}
