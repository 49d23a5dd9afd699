import HTTPTypes
import Hummingbird
import Logging
import ServiceLifecycle

/// Wraps every request: gives it a request id (the client's `x-request-id` when it sent a
/// usable one) and the catalog in service, turns errors into problem+json answers, adds
/// `x-request-id` and `x-catalog-version` to every response, counts it and logs one line
/// (request id, route, template key, status, duration; never an argument value). Once graceful
/// shutdown has begun, a response says `connection: close`: the server closes the connection
/// after it, and a keep-alive client then opens a new one (to another copy) for its next request
/// instead of sending it down a connection that is going away.
struct RequestObservationMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    let store: CatalogStore
    let metrics: ServiceMetrics
    let logger: Logger
    /// The routes and their methods, to tell 405 from 404.
    let routes: [String: [HTTPRequest.Method]]

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var context = context
        context.requestID = Self.requestID(request.headers[.xRequestID]) ?? context.id
        context.catalog = store.current
        var response: Response
        do {
            response = try await next(request, context)
        } catch let problem as Problem {
            response = problem.response(requestID: context.requestID)
        } catch let error as HTTPResponseError {
            response = problem(for: error, request: request).response(requestID: context.requestID)
        } catch {
            logger.error("internal error", metadata: ["request.id": "\(context.requestID)", "error": "\(error)"])
            response = Problem(status: .internalServerError, code: "internal", detail: "internal error")
                .response(requestID: context.requestID)
        }
        response.headers[.xRequestID] = context.requestID
        if Task.isShuttingDownGracefully { response.headers[.connection] = "close" }
        if let version = context.catalog?.version { response.headers[.xCatalogVersion] = version }
        let duration = ContinuousClock.now - start
        let route = context.endpointPath ?? "unmatched"
        metrics.request(route: route, method: request.method.rawValue, status: response.status.code, duration: duration)
        var metadata: Logger.Metadata = [
            "request.id": "\(context.requestID)",
            "route": "\(request.method.rawValue) \(route)",
            "status": "\(response.status.code)",
            "duration.ms": "\(Double(duration.nanoseconds) / 1e6)",
        ]
        if let key = context.notes.templateKey { metadata["template"] = "\(key)" }
        logger.info("request", metadata: metadata)
        return response
    }

    /// Hummingbird's own errors (no route, body too large) as problems; a known path with
    /// another method is 405 with `allow`.
    private func problem(for error: HTTPResponseError, request: Request) -> Problem {
        if error.status == .notFound, let methods = routes[request.uri.path] {
            var problem = Problem(
                status: .methodNotAllowed,
                code: "method-not-allowed",
                detail: "\(request.uri.path) takes \(methods.map(\.rawValue).joined(separator: ", "))"
            )
            problem.headers[.allow] = methods.map(\.rawValue).joined(separator: ", ")
            return problem
        }
        switch error.status {
        case .notFound:
            return Problem(status: .notFound, code: "not-found", detail: "no route for \(request.uri.path)")
        case .contentTooLarge:
            return Problem(status: .contentTooLarge, code: "body-too-large", detail: "the body is over the limit")
        default:
            return Problem(status: error.status, code: "http-\(error.status.code)", detail: error.status.reasonPhrase)
        }
    }

    /// A client's request id when it is usable: 1 to 128 visible ASCII characters.
    static func requestID(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= 128,
            value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        return value
    }
}

extension HTTPField.Name {
    /// `x-request-id`.
    static let xRequestID = HTTPField.Name("x-request-id")!
    /// `x-catalog-version`.
    static let xCatalogVersion = HTTPField.Name("x-catalog-version")!
}
