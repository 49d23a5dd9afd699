import Dispatch
import Foundation
import Logging
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hot reload: on SIGHUP, and every `interval` when the catalog's files changed, loads and lints
/// the catalog and swaps it in only when it loads with no lint error; otherwise the old catalog
/// stays in service, the reason is logged and the failure counted. Reloads run one at a time on
/// a queue of their own, never on the threads that answer requests.
public final class CatalogReloader: Service, @unchecked Sendable {
    private let store: CatalogStore
    private let metrics: ServiceMetrics
    private let logger: Logger
    private let interval: Duration?
    private let queue = DispatchQueue(label: "pushloc.reload")
    /// The version last refused, so that polling does not retry (and log) the same files forever.
    private var rejectedVersion: String?
    private var sources: [any DispatchSourceProtocol] = []

    init(store: CatalogStore, metrics: ServiceMetrics, logger: Logger, interval: Duration?) {
        self.store = store
        self.metrics = metrics
        self.logger = logger
        self.interval = interval
    }

    /// Listens for SIGHUP (and polls) until graceful shutdown.
    public func run() async throws {
        queue.sync { start() }
        try? await gracefulShutdown()
        queue.sync {
            sources.forEach { $0.cancel() }
            sources = []
        }
    }

    /// Reloads now (what SIGHUP does); returns whether the new catalog went into service.
    @discardableResult
    public func reload(reason: String) -> Bool {
        queue.sync { reloadOnQueue(reason: reason) }
    }

    private func start() {
        signal(SIGHUP, SIG_IGN)
        let hangUp = DispatchSource.makeSignalSource(signal: SIGHUP, queue: queue)
        hangUp.setEventHandler { [weak self] in _ = self?.reloadOnQueue(reason: "SIGHUP") }
        hangUp.resume()
        sources.append(hangUp)
        if let interval {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            let nanoseconds = max(1, Int(interval.nanoseconds))
            timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
            timer.setEventHandler { [weak self] in self?.poll() }
            timer.resume()
            sources.append(timer)
        }
    }

    private func poll() {
        guard let version = CatalogVersion.of(root: store.root) else { return }
        if version == store.current?.version || version == rejectedVersion { return }
        _ = reloadOnQueue(reason: "files changed")
    }

    private func reloadOnQueue(reason: String) -> Bool {
        let start = ContinuousClock.now
        do {
            let loaded = try CatalogLoader.load(root: store.root, requireClean: true)
            let previous = store.current?.version
            store.swap(to: loaded)
            rejectedVersion = nil
            metrics.reload(succeeded: true)
            metrics.catalogInService(version: loaded.version)
            logger.info(
                "catalog reloaded",
                metadata: [
                    "reason": "\(reason)", "catalog.version": "\(loaded.version)",
                    "previous.version": "\(previous ?? "none")", "lint.warnings": "\(loaded.lintWarnings)",
                    "duration.ms": "\(Double((ContinuousClock.now - start).nanoseconds) / 1e6)",
                ]
            )
            return true
        } catch {
            rejectedVersion = CatalogVersion.of(root: store.root)
            metrics.reload(succeeded: false)
            logger.error(
                "catalog reload rejected; the previous catalog stays in service",
                metadata: [
                    "reason": "\(reason)", "catalog.version": "\(store.current?.version ?? "none")",
                    "problems": "\(error.lines.prefix(20).joined(separator: "; "))",
                ]
            )
            return false
        }
    }
}
