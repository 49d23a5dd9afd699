import Foundation

/// What one run of `pushloc` produced.
struct CommandResult: Sendable {
    var standardOutput: [UInt8]
    var standardError: [UInt8]
    var exitCode: Int32
    /// True when the run was killed for taking longer than its timeout.
    var timedOut: Bool

    var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
    var errorText: String { String(decoding: standardError, as: UTF8.self) }
}

/// Why a run could not happen at all.
struct CommandRunnerError: Error, CustomStringConvertible {
    var description: String
}

/// Runs the built `pushloc` binary. Standard input, output and error go through temporary files
/// rather than pipes, so a command that writes megabytes to both streams can never block on a
/// full pipe while the test waits for it to exit.
enum CommandRunner {
    /// The repository root: the default catalog of every command (SPEC §1).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // PushlocCLITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The `pushloc` executable next to the test bundle in the build products directory
    /// (as swift-argument-parser's test helpers find their examples); `PUSHLOC_BINARY` overrides.
    static func executable() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["PUSHLOC_BINARY"], !path.isEmpty { return URL(fileURLWithPath: path) }
        var directories: [URL] = [
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        if let first = ProcessInfo.processInfo.arguments.first {
            directories.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent("pushloc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw CommandRunnerError(
            description: "no pushloc executable next to the tests (looked in \(directories.map(\.path)))"
        )
    }

    /// Runs `pushloc` with `arguments` in `directory` (default: the repository root).
    /// - Parameters:
    ///   - input: bytes for standard input (empty: an empty stdin, never the terminal).
    ///   - environment: variables added to the test's own environment.
    ///   - timeout: seconds before the process is killed and the result marked `timedOut`.
    static func run(
        _ arguments: [String],
        input: [UInt8] = [],
        environment: [String: String] = [:],
        directory: URL? = nil,
        timeout: Double = 60
    ) throws -> CommandResult {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("pushloc-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stdinURL = scratch.appendingPathComponent("stdin")
        let stdoutURL = scratch.appendingPathComponent("stdout")
        let stderrURL = scratch.appendingPathComponent("stderr")
        try Data(input).write(to: stdinURL)
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdinHandle = try FileHandle(forReadingFrom: stdinURL)
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)
        defer {
            try? stdinHandle.close()
            try? stdoutHandle.close()
            try? stderrHandle.close()
        }

        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? repositoryRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = stdinHandle
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        try process.run()

        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() >= deadline {
                timedOut = true
                process.terminate()
                break
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        return CommandResult(
            standardOutput: [UInt8](try Data(contentsOf: stdoutURL)),
            standardError: [UInt8](try Data(contentsOf: stderrURL)),
            exitCode: process.terminationStatus,
            timedOut: timedOut
        )
    }
}
