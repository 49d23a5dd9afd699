// Scenario 6: loading (parsing and compiling) a generated catalog of 1,000 templates in 40 locales.
// One operation = one Catalog.load. Lint is not measured yet: `pushloc lint` does not exist.
import Benchmark
import BenchmarkSupport
import Foundation
import PushLocalizer

let benchmarks: @Sendable () -> Void = {
    let root = FileManager.default.temporaryDirectory.path + "/pushloc-bench-catalog-\(getpid())"

    Benchmark(
        "6 catalog load",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident],
            timeUnits: .milliseconds,
            warmupIterations: 1,
            maxDuration: .seconds(20),
            maxIterations: 5,
            thresholds: [.wallClock: .relaxed],
            setup: {
                do {
                    try GeneratedInputs.writeCatalog(to: root)
                } catch {
                    Fixtures.fail("scenario 6: cannot write the catalog: \(error)")
                }
            },
            teardown: { try? FileManager.default.removeItem(atPath: root) }
        )
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            do {
                blackHole(try Catalog.load(from: root).templateKeys.count)
            } catch {
                Fixtures.fail("scenario 6: \(error)")
            }
        }
    }
}
