import Foundation
import Testing

/// `pushloc batch` on 100,000 mixed lines (SPEC §7): one output line per input line, in order;
/// a bad line never stops the run or loses another line; exit 1 when any line failed.
@Suite("pushloc batch under load")
struct BatchStressTests {
    static let lineCount = 100_000
    static let hugeLineIndex = 50_000

    @Test("100,000 mixed lines with a 4 MB line and CRLF endings")
    func mixedLines() throws {
        let input = BatchInput(lineCount: Self.lineCount, hugeLineIndex: Self.hugeLineIndex)
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("pushloc-batch-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputURL = scratch.appendingPathComponent("in.jsonl")
        let outputURL = scratch.appendingPathComponent("out.jsonl")
        try Data(input.bytes).write(to: inputURL)

        let result = try CommandRunner.run(
            ["batch", "--input", inputURL.path, "--output", outputURL.path],
            timeout: 300
        )
        try #require(!result.timedOut, "pushloc batch did not finish within 300 s")
        #expect(result.exitCode == 1, "a run with failed lines exits 1")
        #expect(result.standardOutput.isEmpty, "with --output nothing goes to standard output")

        let expectedFailures = input.expectations.filter { if case .failed = $0 { true } else { false } }.count
        let summary = result.errorText.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            summary.contains("\(Self.lineCount) lines")
                && summary.contains("\(Self.lineCount - expectedFailures) rendered")
                && summary.contains("\(expectedFailures) failed"),
            "summary line: \(summary)"
        )

        let output = try Data(contentsOf: outputURL)
        let lines = Self.lines(of: output)
        try #require(lines.count == input.expectations.count, "one output line per input line")
        var mismatches: [String] = []
        for (index, expectation) in input.expectations.enumerated() {
            if let problem = Self.check(Data(output[lines[index]]), against: expectation, lineNumber: index + 1) {
                mismatches.append("line \(index + 1): \(problem)")
                if mismatches.count >= 10 { break }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    /// Byte ranges of the newline-terminated lines of `data` (every output line ends in `\n`).
    static func lines(of data: Data) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var start = 0
            while start < raw.count,
                let found = memchr(base + start, 0x0A, raw.count - start)
            {
                let end = base.distance(to: UnsafeRawPointer(found))
                ranges.append(start..<end)
                start = end + 1
            }
            if start < raw.count { ranges.append(start..<raw.count) }
        }
        return ranges
    }

    /// Nil when `line` is what `expectation` asks for, else what is wrong.
    static func check(_ line: Data, against expectation: BatchExpectation, lineNumber: Int) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
            return "not a JSON object: \(String(decoding: line.prefix(200), as: UTF8.self))"
        }
        switch expectation {
        case .failed(let code, let id):
            guard object["ok"] as? Bool == false else { return "expected ok:false, got \(object["ok"] ?? "nothing")" }
            guard object["line"] as? Int == lineNumber else { return "line is \(object["line"] ?? "missing")" }
            let error = object["error"] as? [String: Any]
            guard error?["code"] as? String == code else {
                return "code \(error?["code"] ?? "missing"), expected \(code)"
            }
            guard (error?["message"] as? String).map({ !$0.isEmpty }) == true else { return "no error message" }
            if let id {
                guard object["id"] as? Int == id else { return "id \(object["id"] ?? "missing"), expected \(id)" }
            } else {
                guard object["id"] is NSNull else { return "id \(object["id"] ?? "missing"), expected null" }
            }
            return nil
        case .rendered(let id, let locale, let budget):
            guard object["ok"] as? Bool == true else { return "expected ok:true, got \(object["error"] ?? "nothing")" }
            guard object["id"] as? Int == id else { return "id \(object["id"] ?? "missing"), expected \(id)" }
            guard object["locale"] as? String == locale else { return "locale \(object["locale"] ?? "missing")" }
            guard let payload = rawPayload(of: line) else { return "no payload" }
            guard object["bytes"] as? Int == payload.count else {
                return "bytes \(object["bytes"] ?? "-") ≠ \(payload.count)"
            }
            let report = object["report"] as? [String: Any]
            guard report?["budget"] as? Int == budget else { return "budget \(report?["budget"] ?? "missing")" }
            guard payload.count <= budget else { return "payload of \(payload.count) bytes over \(budget)" }
            guard let parsed = try? JSONSerialization.jsonObject(with: payload) as? [String: Any], parsed["aps"] != nil
            else { return "payload is not a JSON object with aps" }
            return nil
        }
    }

    /// The payload exactly as written: the bytes between `"payload":` and `,"report":{`, the
    /// field that follows it in SPEC §7's order (no argument in this input contains that text).
    static func rawPayload(of line: Data) -> Data? {
        guard let start = line.range(of: Data(#""payload":"#.utf8)),
            let end = line.range(of: Data(#","report":{"#.utf8), options: .backwards),
            start.upperBound <= end.lowerBound
        else { return nil }
        return line.subdata(in: start.upperBound..<end.lowerBound)
    }
}
