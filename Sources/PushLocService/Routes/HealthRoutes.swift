import Hummingbird

/// `GET /livez`, `GET /readyz` and `GET /metrics`.
struct HealthRoutes {
    let metrics: ServiceMetrics

    func register(on router: Router<ServiceRequestContext>) {
        router.get(RouterPath(ServiceRoutes.livez)) { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#))
            )
        }
        router.get(RouterPath(ServiceRoutes.readyz)) { _, context in
            guard let loaded = context.catalog else { throw Problem.notReady }
            return Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: .init(
                    byteBuffer: ByteBuffer(string: #"{"status":"ready","catalogVersion":"\#(loaded.version)"}"#)
                )
            )
        }
        router.get(RouterPath(ServiceRoutes.metrics)) { _, _ in
            var buffer: [UInt8] = []
            metrics.registry.emit(into: &buffer)
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: buffer))
            )
        }
    }
}
