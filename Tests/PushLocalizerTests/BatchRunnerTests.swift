import Foundation
import Testing

@testable import PushLocalizer

/// SPEC §7's batch run: one answer per input line in input order across chunk and segment
/// boundaries, `--fail-fast` stopping right after the first failure, and the line reader's
/// handling of CRLF, a last line without a newline, and lines over the limit.
@Suite struct BatchRunnerTests {
    static let good = #"{"id":%d,"key":"started_following","locales":["en"],"args":{"user_name":"A","user_id":"1"}}"#
    static let bad = #"{"id":%d,"key":"nope","locales":["en"]}"#

    @Test("answers keep input order across many small chunks", arguments: [1, 3, 7, 4096])
    func order(chunkLines: Int) throws {
        let kinds = (1...200).map { $0 % 7 == 0 }
        let input = kinds.enumerated().map { String(format: $1 ? Self.bad : Self.good, $0 + 1) }.joined(separator: "\n")
        var runner = BatchRunner(catalog: try SampleCatalog.load())
        runner.chunkLines = chunkLines
        let (output, summary) = try Self.run(runner, input: Array(input.utf8))
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == kinds.count)
        for (index, line) in lines.enumerated() {
            #expect(line.hasPrefix("{\"id\":\(index + 1),"), "line \(index + 1): \(line)")
            #expect(line.contains("\"ok\":\(!kinds[index])"), "line \(index + 1): \(line)")
            if kinds[index] { #expect(line.contains("\"line\":\(index + 1),")) }
        }
        let failures = kinds.filter { $0 }.count
        #expect(summary == .init(lines: 200, succeeded: 200 - failures, failed: failures))
    }

    @Test("--fail-fast writes the first failed line and nothing after it", arguments: [2, 5, 4096])
    func failFast(chunkLines: Int) throws {
        let input = (1...40).map { String(format: $0 == 23 || $0 == 30 ? Self.bad : Self.good, $0) }
            .joined(separator: "\n")
        var runner = BatchRunner(catalog: try SampleCatalog.load(), failFast: true)
        runner.chunkLines = chunkLines
        let (output, summary) = try Self.run(runner, input: Array(input.utf8))
        let lines = output.split(separator: "\n")
        #expect(lines.count == 23)
        #expect(lines.last?.hasPrefix(#"{"id":23,"line":23,"ok":false"#) == true)
        #expect(summary == .init(lines: 23, succeeded: 22, failed: 1))
    }

    @Test("CRLF endings, blank lines, a last line without newline, and a line over the limit")
    func lineEndings() throws {
        let long = String(repeating: "x", count: 300)
        let input = "\r\n" + String(format: Self.good, 2) + "\r\n\n" + long + "\n" + String(format: Self.good, 5)
        var runner = BatchRunner(catalog: try SampleCatalog.load(), maximumLineBytes: 200)
        runner.chunkLines = 2
        let (output, summary) = try Self.run(runner, input: Array(input.utf8))
        let lines = output.split(separator: "\n")
        try #require(lines.count == 5)
        #expect(lines[0] == #"{"id":null,"line":1,"ok":false,"error":{"code":"invalid-json","message":"empty line"}}"#)
        #expect(lines[1].hasPrefix(#"{"id":2,"ok":true,"#))
        #expect(lines[2].contains(#""line":3,"#) && lines[2].contains("empty line"))
        #expect(lines[3].contains(#""code":"line-too-long","message":"line is 300 bytes"#))
        #expect(lines[4].hasPrefix(#"{"id":5,"ok":true,"#))
        #expect(summary == .init(lines: 5, succeeded: 2, failed: 3))
    }

    @Test("lines longer than the reader's buffer arrive whole, long ones on their own", arguments: [1 << 20, 16])
    func longLines(longLineBytes: Int) throws {
        let text = "abc\r\n" + String(repeating: "é", count: 50) + "\r\n\nxyz"
        var reader = try Self.reader(for: Array(text.utf8), chunkSize: 7)
        reader.longLineBytes = longLineBytes
        var storage: [UInt8] = []
        var lines: [String] = []
        var long = 0
        while let line = try reader.next(appendingTo: &storage) {
            switch line {
            case .text(let range): lines.append(String(decoding: storage[range], as: UTF8.self))
            case .long(let line):
                lines.append(String(decoding: line.bytes, as: UTF8.self))
                long += 1
            case .tooLong: Issue.record("unexpected \(line)")
            }
        }
        #expect(lines == ["abc", String(repeating: "é", count: 50), "", "xyz"])
        #expect(long == (longLineBytes < 100 ? 1 : 0))
    }

    static func reader(for bytes: [UInt8], chunkSize: Int) throws -> LineReader {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        return LineReader(descriptor: descriptor, maximumLineBytes: 1 << 20, chunkSize: chunkSize)
    }

    static func run(_ runner: BatchRunner, input: [UInt8]) throws -> (String, BatchRunner.Summary) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputPath = directory.appendingPathComponent("in").path
        let outputPath = directory.appendingPathComponent("out").path
        try Data(input).write(to: URL(fileURLWithPath: inputPath))
        let inputDescriptor = open(inputPath, O_RDONLY)
        let outputDescriptor = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer {
            close(inputDescriptor)
            close(outputDescriptor)
        }
        let summary = try runner.run(input: inputDescriptor, output: outputDescriptor)
        return (String(decoding: try Data(contentsOf: URL(fileURLWithPath: outputPath)), as: UTF8.self), summary)
    }
}
