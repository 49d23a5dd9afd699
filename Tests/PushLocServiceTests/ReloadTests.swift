import Foundation
import PushLocService
import Testing

/// Hot reload: a good catalog goes into service at once; a broken one (or one with lint errors)
/// changes nothing clients see, and the failure is counted.
@Suite struct ReloadTests {
    static let request =
        #"{"key":"started_following","locales":["de"],"mode":"resolved","args":{"user_name":"Z","user_id":"u1"}}"#

    @Test func goodCatalogIsSwappedIn() async throws {
        let catalog = try TestPaths.catalogCopy()
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        try await RunningService.with(catalog: catalog) { service in
            let client = try service.client()
            let before = try await client.send("POST", "/v1/render", body: Array(Self.request.utf8))
            #expect(before.status == 200)
            try Self.edit(catalog + "/Locales/de.yaml") { text in
                try Self.replacingGermanTitle(in: text, with: "NEU-\(UUID().uuidString.prefix(6))")
            }
            #expect(service.service.reloader.reload(reason: "test"))
            let after = try await client.send("POST", "/v1/render", body: Array(Self.request.utf8))
            #expect(after.status == 200)
            #expect(after.headers["x-catalog-version"] != before.headers["x-catalog-version"])
            #expect(after.text.contains("NEU-"))
            #expect(!before.text.contains("NEU-"))
            let metrics = try await client.send("GET", "/metrics").text
            #expect(metrics.contains(#"pushloc_catalog_reloads_total{result="success"} 1"#))
            #expect(
                metrics.contains(#"pushloc_catalog_info{version="\#(after.headers["x-catalog-version"] ?? "")"} 1"#)
            )
            #expect(
                !metrics.contains(#"pushloc_catalog_info{version="\#(before.headers["x-catalog-version"] ?? "")"}"#)
            )
        }
    }

    /// Broken YAML, then a catalog that loads but has a lint error: both refused, the old catalog
    /// keeps answering byte for byte, the failures are counted and the reason logged.
    @Test(arguments: ["yaml", "lint"])
    func brokenCatalogChangesNothing(kind: String) async throws {
        let catalog = try TestPaths.catalogCopy()
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        try await RunningService.with(catalog: catalog) { service in
            let client = try service.client()
            let before = try await client.send("POST", "/v1/render", body: Array(Self.request.utf8))
            switch kind {
            case "yaml":
                try Self.edit(catalog + "/Templates/social.yaml") { $0 + "\n  : : [unclosed\n" }
            default:
                // A translation of a key no template has: loads, but lint reports an error (obsolete-key).
                try Self.edit(catalog + "/Locales/de.yaml") { $0 + "\nno_such_template_anywhere:\n  title: \"x\"\n" }
            }
            #expect(!service.service.reloader.reload(reason: "test"))
            let after = try await client.send("POST", "/v1/render", body: Array(Self.request.utf8))
            #expect(after.status == 200)
            #expect(after.headers["x-catalog-version"] == before.headers["x-catalog-version"])
            #expect(AnswerLines.normalized(after.body) == AnswerLines.normalized(before.body))
            let metrics = try await client.send("GET", "/metrics").text
            #expect(metrics.contains(#"pushloc_catalog_reloads_total{result="failure"} 1"#))
            #expect(service.logs.lines.contains { $0.contains("catalog reload rejected") })
        }
    }

    static func edit(_ path: String, _ change: (String) throws -> String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try change(text).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Replaces the German title of `started_following`.
    static func replacingGermanTitle(in text: String, with title: String) throws -> String {
        var lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("started_following:") })
        let titleLine = try #require(
            lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("title:") }
        )
        let indent = lines[titleLine].prefix { $0 == " " }
        lines[titleLine] = "\(indent)title: \"\(title)\""
        return lines.joined(separator: "\n")
    }
}
