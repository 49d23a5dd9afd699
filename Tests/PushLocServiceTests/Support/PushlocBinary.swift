import Foundation

/// The built `pushloc` executable (next to the test bundle; `PUSHLOC_BINARY` overrides).
enum PushlocBinary {
    static func path() throws -> String {
        if let path = ProcessInfo.processInfo.environment["PUSHLOC_BINARY"], !path.isEmpty { return path }
        let directories = [
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in directories {
            let candidate = directory.appendingPathComponent("pushloc").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw LoopbackError(description: "no pushloc executable next to the tests")
    }

    /// What `pushloc batch --catalog <catalog>` writes for `input` (through files, never pipes).
    static func batch(_ input: [UInt8], catalog: String = TestPaths.repositoryRoot) async throws -> [UInt8] {
        try await Blocking.run { try batchNow(input, catalog: catalog) }
    }

    private static func batchNow(_ input: [UInt8], catalog: String) throws -> [UInt8] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushloc-batch-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputFile = directory.appendingPathComponent("in.jsonl")
        let outputFile = directory.appendingPathComponent("out.jsonl")
        try Data(input).write(to: inputFile)
        let batch = try Spawned(
            try path(),
            ["batch", "--catalog", catalog, "--input", inputFile.path, "--output", outputFile.path]
        )
        guard let code = batch.exitCode(within: 300), code <= 1 else {
            throw LoopbackError(description: "pushloc batch failed")
        }
        return Array(try Data(contentsOf: outputFile))
    }
}

/// Answer lines compared across runs: `apns-expiration` is "now" plus the template's seconds, so
/// its value is replaced by a marker after checking it is a number within a minute of `now`.
enum AnswerLines {
    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
    }

    static func normalized(_ line: [UInt8]) -> String {
        var text = String(decoding: line, as: UTF8.self)
        let marker = #""apns-expiration":""#
        guard let start = text.range(of: marker) else { return text }
        guard let end = text[start.upperBound...].firstIndex(of: "\"") else { return text }
        let value = text[start.upperBound..<end]
        if Int(value) != nil { text.replaceSubrange(start.upperBound..<end, with: "EXPIRATION") }
        return text
    }
}
