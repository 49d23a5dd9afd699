import Foundation
import Hummingbird
import PushLocalizer

/// `POST /v1/render` and `POST /v1/render:batch`: the answers of `pushloc batch`, written by
/// the same code (``BatchLineAnswerer``).
struct RenderRoutes {
    let metrics: ServiceMetrics

    func register(on router: Router<ServiceRequestContext>) {
        router.post(RouterPath(ServiceRoutes.render)) { request, context in
            try await render(request, context: context)
        }
        router.post(RouterPath(ServiceRoutes.renderBatch)) { request, context in
            try renderBatch(request, context: context)
        }
    }

    /// One request object in the body (at most 1 MiB); 200 with its batch line, or a problem
    /// whose status follows the batch error code and whose `answer` is the batch line.
    func render(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        guard let loaded = context.catalog else { throw Problem.notReady }
        let bytes: ByteBuffer
        do {
            bytes = try await request.body.collect(upTo: ServiceLimits.renderBodyBytes)
        } catch let error as HTTPResponseError where error.status == .contentTooLarge {
            throw Problem(
                status: .contentTooLarge,
                code: "body-too-large",
                detail:
                    "the body is over \(ServiceLimits.renderBodyBytes) bytes; send many requests to /v1/render:batch"
            )
        }
        var line = Array(bytes.readableBytesView)
        if line.last == 0x0A { line.removeLast() }
        if line.last == 0x0D { line.removeLast() }
        var output: [UInt8] = []
        let outcome = line.withUnsafeBufferPointer {
            BatchLineAnswerer.answer(
                $0,
                number: 1,
                catalog: loaded.catalog,
                now: Date().timeIntervalSince1970,
                to: &output
            )
        }
        context.notes.templateKey = outcome.key
        metrics.render(CollectionOfOne(outcome))
        if let error = outcome.error {
            throw Problem(
                status: Problem.status(forCode: error.code),
                code: error.code,
                detail: error.message,
                answer: output
            )
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: output))
        )
    }

    /// NDJSON in, NDJSON out, streamed both ways; always 200 (errors are answered in-stream).
    func renderBatch(_ request: Request, context: ServiceRequestContext) throws -> Response {
        guard let loaded = context.catalog else { throw Problem.notReady }
        let renderer = BatchStreamRenderer(catalog: loaded, metrics: metrics)
        let body = request.body
        return Response(
            status: .ok,
            headers: [.contentType: "application/x-ndjson"],
            body: ResponseBody { writer in
                try await renderer.stream(body, to: &writer)
            }
        )
    }
}
