import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// How `pushloc serve` runs.
public struct ServiceConfiguration: Sendable {
    /// The catalog directory.
    public var catalogDirectory: String
    /// The address to listen on.
    public var host: String
    /// The port (0: any free port, logged when ready).
    public var port: Int
    /// How often to look for changed catalog files; nil: only on SIGHUP.
    public var reloadInterval: Duration?

    /// Creates a configuration.
    public init(
        catalogDirectory: String = ".",
        host: String = "127.0.0.1",
        port: Int = 8080,
        reloadInterval: Duration? = nil
    ) {
        self.catalogDirectory = catalogDirectory
        self.host = host
        self.port = port
        self.reloadInterval = reloadInterval
    }
}

/// The HTTP render service: routes, middleware, metrics, the catalog in service and its reloader.
public struct RenderService: Sendable {
    /// The configuration.
    public let configuration: ServiceConfiguration
    /// The catalog in service.
    public let store: CatalogStore
    /// The metrics `/metrics` prints.
    public let metrics: ServiceMetrics
    /// Hot reload (SIGHUP, polling, or ``CatalogReloader/reload(reason:)``).
    public let reloader: CatalogReloader
    private let logger: Logger

    /// Loads the catalog (it may have lint warnings or errors, as `pushloc batch` would serve it;
    /// reloads must be lint-clean) and prepares the service.
    /// - Throws: ``CatalogRejection`` when the catalog cannot be loaded.
    public init(configuration: ServiceConfiguration, logger: Logger) throws(CatalogRejection) {
        self.configuration = configuration
        self.logger = logger
        store = CatalogStore(root: configuration.catalogDirectory)
        metrics = ServiceMetrics()
        reloader = CatalogReloader(
            store: store,
            metrics: metrics,
            logger: logger,
            interval: configuration.reloadInterval
        )
        let loaded = try CatalogLoader.load(root: configuration.catalogDirectory, requireClean: false)
        store.swap(to: loaded)
        metrics.catalogInService(version: loaded.version)
        if loaded.lintErrors > 0 {
            logger.warning(
                "the catalog has lint errors; it is served, but a reload with lint errors is refused",
                metadata: ["lint.errors": "\(loaded.lintErrors)"]
            )
        }
    }

    /// The router with every route and the middleware.
    public func makeRouter() -> Router<ServiceRequestContext> {
        let router = Router(context: ServiceRequestContext.self)
        router.add(
            middleware: RequestObservationMiddleware(
                store: store,
                metrics: metrics,
                logger: logger,
                routes: ServiceRoutes.methodsByPath
            )
        )
        RenderRoutes(metrics: metrics).register(on: router)
        CatalogRoutes(store: store).register(on: router)
        HealthRoutes(metrics: metrics).register(on: router)
        return router
    }

    /// The Hummingbird application; `onReady` gets the port once the server listens.
    public func makeApplication(onReady: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol
    {
        let logger = logger
        let configuration = configuration
        let version = store.current?.version ?? "none"
        return Application(
            router: makeRouter(),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            services: [reloader],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                logger.info(
                    "pushloc serve listening on http://\(configuration.host):\(port)",
                    metadata: ["catalog": "\(configuration.catalogDirectory)", "catalog.version": "\(version)"]
                )
                await onReady(port)
            },
            logger: logger
        )
    }

    /// Serves until SIGTERM or SIGINT, then stops accepting, finishes the requests in flight and
    /// returns.
    public func run() async throws {
        try await makeApplication().runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
