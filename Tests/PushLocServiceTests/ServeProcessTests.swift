import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The built `pushloc serve` as operators run it: ready line, SIGTERM while requests are in
/// flight (they finish, exit 0), SIGHUP with a broken and then a good catalog.
@Suite struct ServeProcessTests {
    /// A `pushloc serve` process on a free port, its standard output in a file.
    final class ServeProcess: @unchecked Sendable {
        let process: Spawned
        let logFile: String
        let port: Int

        /// Starts the service and waits for its ready line (a bounded wait, not a timing assertion).
        init(catalog: String) async throws {
            logFile =
                FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).log").path
            process = try Spawned(
                try PushlocBinary.path(),
                ["serve", "--catalog", catalog, "--port", "0"],
                standardOutput: logFile
            )
            var port = 0
            for _ in 0..<1200 where port == 0 && process.isRunning {
                let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
                if let range = log.range(of: "listening on http://127.0.0.1:") {
                    port = Int(log[range.upperBound...].prefix { $0.isNumber }) ?? 0
                } else {
                    try await Task.sleep(for: .milliseconds(50))
                }
            }
            self.port = port
            guard port > 0 else {
                process.signal(SIGKILL)
                throw LoopbackError(description: "pushloc serve did not get ready")
            }
        }

        var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

        func signal(_ number: Int32) { process.signal(number) }

        /// Waits for the exit (bounded); nil if the process still ran (then it was killed).
        func exitCode() async throws -> Int32? {
            try await Blocking.run { self.process.exitCode(within: 30) }
        }

        deinit { try? FileManager.default.removeItem(atPath: logFile) }
    }

    /// Requests in flight when SIGTERM arrives are answered in full (a response made after the
    /// signal says `connection: close`); the process exits 0.
    @Test func sigtermFinishesRequestsInFlight() async throws {
        let serve = try await ServeProcess(catalog: TestPaths.repositoryRoot)
        let lines = 2_000
        let body = Array(String(repeating: RenderRouteTests.good + "\n", count: lines).utf8)
        // Three streamed requests, each with half its body sent before the signal.
        var clients: [LoopbackHTTP] = []
        for _ in 0..<3 {
            let client = try LoopbackHTTP(port: serve.port)
            try await client.sendHead("POST", "/v1/render:batch", contentLength: body.count)
            try await client.write(Array(body[..<(body.count / 2)]))
            clients.append(client)
        }
        let single = try LoopbackHTTP(port: serve.port)
        let one = Array(RenderRouteTests.good.utf8)
        try await single.sendHead("POST", "/v1/render", contentLength: one.count)
        try await single.write(Array(one[..<10]))
        try await Task.sleep(for: .milliseconds(200))
        serve.signal(SIGTERM)
        try await Task.sleep(for: .milliseconds(200))
        for client in clients {
            try await client.write(Array(body[(body.count / 2)...]))
            let reply = try await client.readReply()
            #expect(reply.status == 200)
            let answers = AnswerLines.split(reply.body)
            #expect(answers.count == lines)
            #expect(answers.allSatisfy { String(decoding: $0, as: UTF8.self).contains(#""ok":true"#) })
        }
        try await single.write(Array(one[10...]))
        let reply = try await single.readReply()
        #expect(reply.status == 200)
        // Answered during the shutdown: the client is told not to send more on this connection.
        #expect(reply.headers["connection"] == "close")
        #expect(try await serve.exitCode() == 0)
        // After the shutdown nothing listens.
        #expect(throws: LoopbackError.self) { _ = try LoopbackHTTP(port: serve.port) }
    }

    @Test func sigintExitsZero() async throws {
        let serve = try await ServeProcess(catalog: TestPaths.repositoryRoot)
        #expect(try await LoopbackHTTP(port: serve.port).send("GET", "/livez").status == 200)
        serve.signal(SIGINT)
        #expect(try await serve.exitCode() == 0)
    }

    /// SIGHUP with a broken catalog keeps the old one; SIGHUP after a good edit swaps it in.
    @Test func sighupReloads() async throws {
        let catalog = try TestPaths.catalogCopy()
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        let serve = try await ServeProcess(catalog: catalog)
        let client = try LoopbackHTTP(port: serve.port)
        let request = Array(ReloadTests.request.utf8)
        let before = try await client.send("POST", "/v1/render", body: request)
        let templates = catalog + "/Templates/social.yaml"
        let original = try String(contentsOfFile: templates, encoding: .utf8)
        try (original + "\n  : : [unclosed\n").write(toFile: templates, atomically: true, encoding: .utf8)
        serve.signal(SIGHUP)
        try await Self.waitForMetric(#"pushloc_catalog_reloads_total{result="failure"} 1"#, port: serve.port)
        let during = try await client.send("POST", "/v1/render", body: request)
        #expect(during.status == 200)
        #expect(during.headers["x-catalog-version"] == before.headers["x-catalog-version"])
        #expect(serve.log.contains("catalog reload rejected"))

        try original.write(toFile: templates, atomically: true, encoding: .utf8)
        try ReloadTests.edit(catalog + "/Locales/de.yaml") {
            try ReloadTests.replacingGermanTitle(in: $0, with: "Neu über SIGHUP")
        }
        serve.signal(SIGHUP)
        try await Self.waitForMetric(#"pushloc_catalog_reloads_total{result="success"} 1"#, port: serve.port)
        let after = try await client.send("POST", "/v1/render", body: request)
        #expect(after.headers["x-catalog-version"] != before.headers["x-catalog-version"])
        #expect(after.text.contains("Neu über SIGHUP"))
        serve.signal(SIGTERM)
        #expect(try await serve.exitCode() == 0)
    }

    /// Polls `/metrics` until it shows `line` (bounded: a wait, not a timing assertion).
    static func waitForMetric(_ line: String, port: Int) async throws {
        for _ in 0..<600 {
            if try await LoopbackHTTP(port: port).send("GET", "/metrics").text.contains(line) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw LoopbackError(description: "no '\(line)' in /metrics")
    }
}
