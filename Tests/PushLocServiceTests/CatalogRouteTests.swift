import Foundation
import PushLocService
import PushLocalizer
import Testing

/// `/v1/templates`, `/v1/lint`, `/livez`, `/readyz` and `/metrics`.
@Suite struct CatalogRouteTests {
    @Test func templatesListKeysArgumentsAndLocales() async throws {
        let source = try CatalogSource.load(from: TestPaths.repositoryRoot)
        try await RunningService.with { service in
            let reply = try await service.client().send("GET", "/v1/templates")
            #expect(reply.status == 200)
            let listing = try reply.json()
            let templates = try #require(listing["templates"] as? [[String: Any]])
            #expect(templates.compactMap { $0["key"] as? String } == source.templates.map(\.key))
            let messageReceived = try #require(templates.first { $0["key"] as? String == "message_received" })
            let arguments = try #require(messageReceived["arguments"] as? [[String: Any]])
            let text = try #require(arguments.first { $0["name"] as? String == "message_text" })
            #expect(text["type"] as? String == "string")
            #expect(text["truncate"] as? Bool == true)
            #expect(text["maxBytes"] as? Int == 1500)
            let locales = try #require(listing["locales"] as? [String])
            #expect(locales.contains("pl") && locales.contains("zh-Hant") && locales.contains("en"))
            #expect(listing["catalogVersion"] as? String == reply.headers["x-catalog-version"])
        }
    }

    /// The same JSON `pushloc lint --format json` prints, here for a catalog with findings, among
    /// them `display-truncation`'s, which needs the estimator the command has.
    @Test func lintAsTheCommand() async throws {
        let catalog = try TestPaths.catalogCopy()
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        // A warning-level finding: a translation key no template has.
        let file = catalog + "/Locales/de.yaml"
        try (String(contentsOfFile: file, encoding: .utf8) + "\nno_such_template_anywhere:\n  title: \"x\"\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        // display-truncation on, with a lock screen of two body lines (docs/lint-rules.md's example).
        let settings = catalog + "/pushloc.yaml"
        try
            (String(contentsOfFile: settings, encoding: .utf8)
            + "lint:\n  rules:\n    display-truncation: warning\n"
            + "display:\n  surfaces:\n    ios-lock-screen:\n      body-lines: 2\n")
            .write(toFile: settings, atomically: true, encoding: .utf8)
        let outputFile = catalog + "/lint.json"
        let lint = try Spawned(
            try PushlocBinary.path(),
            ["lint", "--format", "json", "--catalog", catalog],
            standardOutput: outputFile
        )
        #expect(try await Blocking.run { lint.exitCode() } == 1)
        let expected = try Data(contentsOf: URL(fileURLWithPath: outputFile))
        try await RunningService.with(catalog: catalog) { service in
            let reply = try await service.client().send("POST", "/v1/lint")
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "application/json")
            #expect(reply.text == String(decoding: expected, as: UTF8.self))
            #expect(reply.text.contains("no_such_template_anywhere"))
            #expect(reply.text.contains("display-truncation"))
        }
    }

    @Test func healthChecks() async throws {
        try await RunningService.with { service in
            let client = try service.client()
            let live = try await client.send("GET", "/livez")
            #expect(live.status == 200)
            let ready = try await client.send("GET", "/readyz")
            #expect(ready.status == 200)
            #expect(try ready.json()["catalogVersion"] as? String == ready.headers["x-catalog-version"])
        }
    }

    /// `/metrics` counts requests, renders, payload bytes, trimming and dropped locales by
    /// template, and shows the catalog version.
    @Test func metricsCountWhatHappened() async throws {
        try await RunningService.with { service in
            let client = try service.client()
            _ = try await client.send("POST", "/v1/render", body: Array(RenderRouteTests.good.utf8))
            let long = String(repeating: "Ünïcødé 🎉 ", count: 400)
            let trimmed =
                #"{"key":"message_received","locales":["pl"],"mode":"content","budget":900,"args":{"sender_name":"A","sender_id":"s","conversation_id":"c","message_text":"\#(long)"}}"#
            let trimmedReply = try await client.send("POST", "/v1/render", body: Array(trimmed.utf8))
            #expect(trimmedReply.status == 200)
            let reply = try await client.send("GET", "/metrics")
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"]?.hasPrefix("text/plain") == true)
            let text = reply.text
            #expect(text.contains(#"pushloc_http_requests_total{route="/v1/render",method="POST",status="200"} 2"#))
            #expect(text.contains(#"pushloc_renders_total{outcome="rendered"} 2"#))
            #expect(text.contains("pushloc_http_request_duration_seconds_bucket"))
            #expect(text.contains("pushloc_payload_bytes_count 2"))
            let version = try #require(reply.headers["x-catalog-version"])
            #expect(text.contains(#"pushloc_catalog_info{version="\#(version)"} 1"#))
            let report = try #require(JSONSerialization.jsonObject(with: Data(trimmedReply.body)) as? [String: Any])
            let reportObject = try #require(report["report"] as? [String: Any])
            let trimmedCount = (reportObject["trimmedArguments"] as? [Any])?.count ?? 0
            let droppedCount = (reportObject["droppedLocales"] as? [Any])?.count ?? 0
            #expect(trimmedCount + droppedCount > 0)
            if trimmedCount > 0 {
                #expect(
                    text.contains(#"pushloc_trimmed_arguments_total{template="message_received"} \#(trimmedCount)"#)
                )
            }
            if droppedCount > 0 {
                #expect(text.contains(#"pushloc_dropped_locales_total{template="message_received"} \#(droppedCount)"#))
            }
            #expect(!text.contains("." + "render"))
        }
    }
}
