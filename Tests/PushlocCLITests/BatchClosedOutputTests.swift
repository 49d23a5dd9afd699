import Foundation
import Testing

/// `pushloc batch | head -1`: when the reader of the output goes away, the run stops with exit 3
/// and a line on standard error, instead of dying of SIGPIPE with nothing said.
@Suite("pushloc batch with its output closed")
struct BatchClosedOutputTests {
    @Test("the output pipe closed after one line: exit 3, said on standard error")
    func closedAfterOneLine() throws {
        let line = #"{"id":1,"key":"started_following","locales":["en"],"args":{"user_name":"Ann","user_id":"1"}}"#
        // Far more answers than a pipe holds, so that the run is still writing when the pipe closes.
        let input = Array(repeating: line, count: 20_000).joined(separator: "\n")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushloc-epipe-\(UUID().uuidString)"
        )
        try Data(input.utf8).write(to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let process = Process()
        process.executableURL = try CommandRunner.executable()
        process.arguments = ["batch", "--catalog", CommandRunner.repositoryRoot.path, "--input", scratch.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()

        // Read up to the first newline, as `head -1` does, then close the read end.
        var first: [UInt8] = []
        while !first.contains(0x0A) {
            let data = output.fileHandleForReading.readData(ofLength: 4096)
            if data.isEmpty { break }
            first += data
        }
        try output.fileHandleForReading.close()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(String(decoding: first, as: UTF8.self).hasPrefix(#"{"id":1,"ok":true"#))
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 3)
        #expect(errorText.contains("batch: stopped after "), "\(errorText)")
        #expect(errorText.contains("lines: the output was closed"), "\(errorText)")
        #expect(!errorText.contains("error:"), "\(errorText)")
    }
}
