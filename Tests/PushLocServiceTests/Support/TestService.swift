import Foundation
import Hummingbird
import Logging
import PushLocService

/// Paths the tests use.
enum TestPaths {
    /// The repository root (the sample catalog).
    static let repositoryRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // PushLocServiceTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent().path

    /// A fresh copy of the sample catalog in a temporary directory (for reload tests).
    static func catalogCopy() throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("pushloc-serve-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for item in ["Templates", "Locales", "pushloc.yaml"] {
            try FileManager.default.copyItem(atPath: repositoryRoot + "/" + item, toPath: directory + "/" + item)
        }
        return directory
    }
}

/// Log lines a service wrote, kept for the tests to read.
final class CapturedLogs: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    var lines: [String] { lock.withLock { stored } }

    func append(_ line: String) { lock.withLock { stored.append(line) } }

    var logger: Logger {
        Logger(label: "pushloc.serve.test") { _ in CapturingLogHandler(logs: self) }
    }
}

struct CapturingLogHandler: LogHandler {
    let logs: CapturedLogs
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        let fields = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        logs.append("\(event.level) \(event.message) \(fields)")
    }
}

/// A service running in the test process on a free loopback port.
struct RunningService: Sendable {
    let service: RenderService
    let port: Int
    let logs: CapturedLogs

    func client() throws -> LoopbackHTTP { try LoopbackHTTP(port: port) }

    /// Starts a service on `catalog`, runs `body`, and stops the service.
    static func with<T>(
        catalog: String = TestPaths.repositoryRoot,
        _ body: (RunningService) async throws -> T
    ) async throws -> T {
        let logs = CapturedLogs()
        let service = try RenderService(
            configuration: ServiceConfiguration(catalogDirectory: catalog, host: "127.0.0.1", port: 0),
            logger: logs.logger
        )
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let application = service.makeApplication(onReady: { continuation.yield($0) })
        let task = Task { try await application.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw LoopbackError(description: "the service did not start") }
        defer { task.cancel() }
        let result = try await body(RunningService(service: service, port: port, logs: logs))
        task.cancel()
        _ = await task.result
        return result
    }
}
