import HTTPTypes

/// The service's routes, one table for the router, the 405 answers and the OpenAPI test.
public enum ServiceRoutes {
    /// `POST /v1/render`: one request, one answer.
    public static let render = "/v1/render"
    /// `POST /v1/render:batch`: NDJSON in, NDJSON out.
    public static let renderBatch = "/v1/render:batch"
    /// `GET /v1/templates`: keys, arguments with types, locales.
    public static let templates = "/v1/templates"
    /// `POST /v1/lint`: lint of the catalog in service, as `pushloc lint --format json`.
    public static let lint = "/v1/lint"
    /// `GET /livez`: the process answers.
    public static let livez = "/livez"
    /// `GET /readyz`: a catalog is loaded.
    public static let readyz = "/readyz"
    /// `GET /metrics`: Prometheus text.
    public static let metrics = "/metrics"

    /// Every route: path and method.
    public static let all: [(path: String, method: HTTPRequest.Method)] = [
        (render, .post), (renderBatch, .post), (templates, .get), (lint, .post),
        (livez, .get), (readyz, .get), (metrics, .get),
    ]

    /// The methods of each path.
    static var methodsByPath: [String: [HTTPRequest.Method]] {
        Dictionary(grouping: all, by: \.path).mapValues { $0.map(\.method) }
    }
}
