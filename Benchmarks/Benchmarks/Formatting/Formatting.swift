// Scenario 1, format only, and its ICU4C reference, measured in the same run.
// One operation = one message formatted to UTF-8; the cases rotate through en/ru/ar, five names
// and nine counts (Fixtures.cases). 1,000 operations per measured iteration (scalingFactor).
import Benchmark
import BenchmarkSupport

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 20,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 5_000,
        thresholds: [.wallClock: .relaxed, .mallocCountTotal: .relaxed]
    )
    let scenario: FormatScenario
    do {
        scenario = try FormatScenario()
        CrossCheck.verifyOrExit(format: scenario, resolved: try ResolvedScenario())
    } catch {
        Fixtures.fail("scenario 1 setup: \(error)")
    }

    Benchmark("1 format") { benchmark in
        var index = 0
        for _ in benchmark.scaledIterations {
            do {
                blackHole(try scenario.formatOurs(index))
            } catch {
                Fixtures.fail("scenario 1: \(error)")
            }
            index = index + 1 == scenario.caseCount ? 0 : index + 1
        }
    }

    Benchmark("1 format ICU4C reference") { benchmark in
        var index = 0
        for _ in benchmark.scaledIterations {
            blackHole(scenario.formatReference(index))
            index = index + 1 == scenario.caseCount ? 0 : index + 1
        }
    }
}
