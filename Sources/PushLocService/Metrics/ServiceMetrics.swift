import Foundation
import Metrics
import Prometheus
import PushLocalizer

/// The service's metrics, through swift-metrics into a Prometheus registry of the service's own
/// (no process-wide bootstrap: several services, as in the tests, keep separate counts).
///
/// Names (Prometheus text, no dots): `pushloc_http_requests_total{route,method,status}`,
/// `pushloc_http_request_duration_seconds{route}` (histogram), `pushloc_payload_bytes`
/// (histogram), `pushloc_renders_total{outcome}`, `pushloc_trimmed_arguments_total{template}`,
/// `pushloc_dropped_locales_total{template}`, `pushloc_catalog_reloads_total{result}`,
/// `pushloc_catalog_info{version}` (1 for the catalog in service).
public final class ServiceMetrics: @unchecked Sendable {
    /// The registry `/metrics` prints.
    public let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let lock = NSLock()
    private var catalogInfo: Prometheus.Gauge?
    /// The metrics whose labels never change, made once: making one goes through the registry
    /// (name checks, a lock, a lookup), a cost `/v1/render` would otherwise pay on every request.
    private let payloadBytes: Metrics.Recorder
    private let rendered: Metrics.Counter
    private let failed: Metrics.Counter

    /// Creates the metrics with the service's histogram buckets.
    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets["pushloc_http_request_duration_seconds"] = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
        ]
        factory.valueHistogramBuckets["pushloc_payload_bytes"] = [128, 256, 512, 1024, 2048, 3072, 4096, 5120]
        self.factory = factory
        payloadBytes = Recorder(label: "pushloc_payload_bytes", dimensions: [], aggregate: true, factory: factory)
        rendered = Counter(label: "pushloc_renders_total", dimensions: [("outcome", "rendered")], factory: factory)
        failed = Counter(label: "pushloc_renders_total", dimensions: [("outcome", "error")], factory: factory)
    }

    /// Counts one answered request.
    func request(route: String, method: String, status: Int, duration: Duration) {
        Counter(
            label: "pushloc_http_requests_total",
            dimensions: [("route", route), ("method", method), ("status", String(status))],
            factory: factory
        ).increment()
        Metrics.Timer(label: "pushloc_http_request_duration_seconds", dimensions: [("route", route)], factory: factory)
            .recordNanoseconds(duration.nanoseconds)
    }

    /// Counts answered render requests (from `/v1/render` or `/v1/render:batch` lines).
    func render(_ outcomes: some Collection<BatchLineOutcome>) {
        guard !outcomes.isEmpty else { return }
        var renderedCount = 0
        for outcome in outcomes {
            guard let report = outcome.report, let key = outcome.key else { continue }
            renderedCount += 1
            payloadBytes.record(report.bytes)
            if !report.trimmedArguments.isEmpty {
                Counter(label: "pushloc_trimmed_arguments_total", dimensions: [("template", key)], factory: factory)
                    .increment(by: report.trimmedArguments.count)
            }
            if !report.droppedLocales.isEmpty {
                Counter(label: "pushloc_dropped_locales_total", dimensions: [("template", key)], factory: factory)
                    .increment(by: report.droppedLocales.count)
            }
        }
        if renderedCount > 0 { rendered.increment(by: renderedCount) }
        if renderedCount < outcomes.count { failed.increment(by: outcomes.count - renderedCount) }
    }

    /// Counts a reload attempt.
    func reload(succeeded: Bool) {
        Counter(
            label: "pushloc_catalog_reloads_total",
            dimensions: [("result", succeeded ? "success" : "failure")],
            factory: factory
        ).increment()
    }

    /// `pushloc_catalog_info`: 1, labelled with the version (content hash) of the catalog in service.
    private static var catalogInfo: MetricNameDescriptor {
        MetricNameDescriptor(
            metricName: "pushloc_catalog_info",
            unitName: "",
            helpText: "The catalog in service; its version label is the catalog's content hash."
        )
    }

    /// Shows `version` as the catalog in service.
    func catalogInService(version: String) {
        lock.withLock {
            if let catalogInfo { registry.unregisterGauge(catalogInfo) }
            let gauge = registry.makeGauge(descriptor: Self.catalogInfo, labels: [("version", version)])
            gauge.set(Double(1))
            catalogInfo = gauge
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
