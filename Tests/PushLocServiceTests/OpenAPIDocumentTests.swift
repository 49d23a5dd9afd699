import Foundation
import PushLocService
import Testing
import Yams

/// docs/openapi.yaml and the running service agree both ways: every documented operation and
/// status is answered so by the live service, and every route and status the service answers is
/// documented.
@Suite struct OpenAPIDocumentTests {
    struct Operation: Hashable, CustomStringConvertible {
        var method: String
        var path: String
        var description: String { "\(method) \(path)" }
    }

    /// A request that gets each documented status from the live service.
    static let probes: [Operation: [Int: String?]] = [
        Operation(method: "POST", path: "/v1/render"): [
            200: RenderRouteTests.good,
            400: "{not json",
            404: #"{"key":"no_such_template","locales":["en"]}"#,
            413: String(repeating: " ", count: (1 << 20) + 1),
            422: #"{"key":"started_following","locales":["pl"],"args":{}}"#,
        ],
        Operation(method: "POST", path: "/v1/render:batch"): [200: RenderRouteTests.good],
        Operation(method: "GET", path: "/v1/templates"): [200: nil],
        Operation(method: "POST", path: "/v1/lint"): [200: nil],
        Operation(method: "GET", path: "/livez"): [200: nil],
        Operation(method: "GET", path: "/readyz"): [200: nil],
        Operation(method: "GET", path: "/metrics"): [200: nil],
    ]

    static func document() throws -> [Operation: Set<Int>] {
        let text = try String(contentsOfFile: TestPaths.repositoryRoot + "/docs/openapi.yaml", encoding: .utf8)
        let root = try #require(try Yams.load(yaml: text) as? [String: Any])
        #expect(root["openapi"] as? String == "3.1.0")
        let paths = try #require(root["paths"] as? [String: Any])
        var operations: [Operation: Set<Int>] = [:]
        for (path, item) in paths {
            for (method, operation) in try #require(item as? [String: Any]) {
                let responses = try #require((operation as? [String: Any])?["responses"] as? [String: Any])
                operations[Operation(method: method.uppercased(), path: path)] = Set(
                    responses.keys.compactMap { Int($0) }
                )
            }
        }
        return operations
    }

    @Test func documentedRoutesAreTheServiceRoutes() throws {
        let documented = Set(try Self.document().keys)
        let served = Set(ServiceRoutes.all.map { Operation(method: $0.method.rawValue, path: $0.path) })
        #expect(documented == served)
        #expect(Set(Self.probes.keys) == documented)
    }

    @Test func documentedStatusesAreAnsweredAndNoOthers() async throws {
        let document = try Self.document()
        for (operation, statuses) in document {
            #expect(Set(Self.probes[operation]?.keys.map { $0 } ?? []) == statuses, "\(operation)")
        }
        try await RunningService.with { service in
            for (operation, statuses) in Self.probes {
                for (status, body) in statuses {
                    let reply = try await service.client().send(
                        operation.method,
                        operation.path,
                        body: body.map { Array($0.utf8) }
                    )
                    #expect(reply.status == status, "\(operation) expected \(status)")
                    if status >= 400 { #expect(reply.headers["content-type"] == "application/problem+json") }
                }
                // The service has no other method on a documented path: 405, as the document says.
                for method in ["GET", "POST", "PUT", "DELETE"] where method != operation.method {
                    let reply = try await service.client().send(
                        method,
                        operation.path,
                        body: method == "GET" ? nil : []
                    )
                    #expect(reply.status == 405, "\(method) \(operation.path)")
                }
            }
            #expect(try await service.client().send("GET", "/v1/undocumented").status == 404)
        }
    }
}
