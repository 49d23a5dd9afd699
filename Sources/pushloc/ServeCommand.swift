import ArgumentParser
import Foundation
import Logging
import PushLocService

/// `pushloc serve`: the HTTP render service (a thin front end over PushLocService).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve renders over HTTP: the answers of `pushloc batch`, one request or a stream at a time.",
        discussion: """
            Routes: POST /v1/render, POST /v1/render:batch (NDJSON), GET /v1/templates, POST /v1/lint, \
            GET /livez, GET /readyz, GET /metrics. SIGHUP reloads the catalog (it goes into service only \
            when it loads with no lint error); SIGTERM or SIGINT stops accepting, finishes the requests in \
            flight and exits 0. Logs go to standard output (LOG_LEVEL: trace, debug, info, notice, \
            warning, error, critical). See docs/service.md.
            """
    )

    @OptionGroup var catalog: CatalogOption

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0: any free port, logged when ready).")
    var port = 8080

    @Option(
        name: .customLong("reload-interval"),
        help: "Also reload when the catalog's files change, looking every SECONDS seconds."
    )
    var reloadInterval: Double?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, got \(port)") }
        if let reloadInterval, !(reloadInterval > 0 && reloadInterval <= 86400) {
            throw ValidationError("--reload-interval must be more than 0 and at most 86400 seconds")
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardOutput(label: label)
            handler.logLevel = Self.logLevel()
            return handler
        }
        let configuration = ServiceConfiguration(
            catalogDirectory: catalog.directory,
            host: host,
            port: port,
            reloadInterval: reloadInterval.map { .milliseconds(Int64(($0 * 1000).rounded(.up))) }
        )
        let service: RenderService
        do {
            service = try RenderService(configuration: configuration, logger: Logger(label: "pushloc.serve"))
        } catch {
            throw CommandFailure(lines: error.lines, exitCode: 2)
        }
        try await service.run()
    }

    /// `LOG_LEVEL`, or info.
    private static func logLevel() -> Logger.Level {
        let value = ProcessInfo.processInfo.environment["LOG_LEVEL"] ?? ""
        return Logger.Level(rawValue: value.lowercased()) ?? .info
    }
}
