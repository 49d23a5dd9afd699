import Foundation
import PushLocService
import PushLocalizer
import Testing

/// `POST /v1/render:batch` and `/v1/render` against `pushloc batch` itself.
@Suite struct BatchRouteTests {
    /// Lines cut the awkward ways (CRLF, empty lines, no final newline, a line split across
    /// writes) give the same answers as `pushloc batch`.
    @Test func lineEdgesAsBatch() async throws {
        let good = RenderRouteTests.good
        let text = "\(good)\r\n\n{bad\n\(good)\n  \n\(good)"
        let expected = try await PushlocBinary.batch(Array(text.utf8))
        try await RunningService.with { service in
            let reply = try await service.client().send("POST", "/v1/render:batch", body: Array(text.utf8))
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "application/x-ndjson")
            #expect(
                AnswerLines.split(reply.body).map(AnswerLines.normalized)
                    == AnswerLines.split(expected).map(AnswerLines.normalized)
            )
            #expect(AnswerLines.split(reply.body).count == 6)

            // The same bytes sent in small pieces.
            let client = try service.client()
            let body = Array(text.utf8)
            try await client.sendHead("POST", "/v1/render:batch", contentLength: body.count)
            for start in stride(from: 0, to: body.count, by: 7) {
                try await client.write(Array(body[start..<min(body.count, start + 7)]))
            }
            let pieces = try await client.readReply()
            #expect(
                AnswerLines.split(pieces.body).map(AnswerLines.normalized)
                    == AnswerLines.split(expected).map(AnswerLines.normalized)
            )
        }
    }

    /// A line over the batch line limit (4 MiB) is answered in-stream with `line-too-long`, like `pushloc batch`, and
    /// the lines after it are still answered.
    @Test func lineOverTheLimitIsAnsweredInStream() async throws {
        let good = RenderRouteTests.good
        var body = Array((good + "\n").utf8)
        body += [UInt8](repeating: UInt8(ascii: "x"), count: ServiceLimits.batchLineBytes + 10) + [0x0A]
        body += Array((good + "\n").utf8)
        let expected = try await PushlocBinary.batch(body)
        try await RunningService.with { service in
            let reply = try await service.client().send("POST", "/v1/render:batch", body: body)
            #expect(reply.status == 200)
            let lines = AnswerLines.split(reply.body)
            #expect(lines.count == 3)
            #expect(lines.map(AnswerLines.normalized) == AnswerLines.split(expected).map(AnswerLines.normalized))
            #expect(String(decoding: lines[1], as: UTF8.self).contains(#""code":"line-too-long""#))
        }
    }

    @Test func emptyBodyAnswersNothing() async throws {
        try await RunningService.with { service in
            let reply = try await service.client().send("POST", "/v1/render:batch", body: [])
            #expect(reply.status == 200)
            #expect(reply.body.isEmpty)
        }
    }

    /// Byte identity on 12,000 generated lines over the sample catalog: `/v1/render:batch` gives
    /// `pushloc batch`'s output, and `/v1/render` gives each line's answer (200 with the line, or
    /// a problem whose `answer` is the line, numbered 1).
    @Test func byteIdentityWithBatch() async throws {
        let source = try CatalogSource.load(from: TestPaths.repositoryRoot)
        let corpus = RequestCorpus(catalog: source, count: 12_000)
        let expected = AnswerLines.split(try await PushlocBinary.batch(corpus.body))
        #expect(expected.count == corpus.lines.count)
        let failures = expected.filter { String(decoding: $0, as: UTF8.self).contains(#""ok":false"#) }.count
        #expect(failures > 1000 && failures < expected.count - 5000)
        try await RunningService.with { service in
            let streamed = try await service.client().send("POST", "/v1/render:batch", body: corpus.body)
            let lines = AnswerLines.split(streamed.body)
            #expect(lines.count == expected.count)
            #expect(lines.map(AnswerLines.normalized) == expected.map(AnswerLines.normalized))

            let replies = try await service.client().pipeline("/v1/render", bodies: corpus.lines.map { Array($0.utf8) })
            #expect(replies.count == corpus.lines.count)
            var mismatches: [String] = []
            for (index, reply) in replies.enumerated() {
                let want = AnswerLines.normalized(expected[index]).replacingOccurrences(
                    of: #","line":\#(index + 1),"ok":false"#,
                    with: #","line":1,"ok":false"#
                )
                let got: String
                if reply.status == 200 {
                    got = AnswerLines.normalized(Array(reply.body.dropLast()))
                } else {
                    let problem = try reply.json()
                    let answer = try JSONSerialization.data(withJSONObject: try #require(problem["answer"]))
                    // The answer is spliced in verbatim: find it in the body rather than re-encode it.
                    let text = reply.text
                    let start = try #require(text.range(of: #","answer":"#))
                    got = AnswerLines.normalized(Array(text[start.upperBound...].dropLast().utf8))
                    #expect(!answer.isEmpty)
                    let code = ((problem["answer"] as? [String: Any])?["error"] as? [String: Any])?["code"] as? String
                    #expect(problem["code"] as? String == code)
                    #expect(problem["status"] as? Int == reply.status)
                }
                if got != want, mismatches.count < 5 { mismatches.append("line \(index + 1): \(got) != \(want)") }
            }
            #expect(mismatches.isEmpty, "\(mismatches)")
        }
    }
}
