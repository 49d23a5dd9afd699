// Scenarios 2-4 (rendering complete payloads) and reference 2 (ICU4C + a hand-written JSON writer),
// measured in the same run. One operation = one complete payload; 1,000 per measured iteration.
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
    let resolved: ResolvedScenario
    let samples: SampleScenarios
    let platforms: PlatformScenario
    do {
        resolved = try ResolvedScenario()
        platforms = try PlatformScenario()
        CrossCheck.verifyOrExit(format: try FormatScenario(), resolved: resolved)
        samples = try SampleScenarios()
    } catch {
        Fixtures.fail("rendering setup: \(error)")
    }
    _ = samples.verifyBudget()

    Benchmark("2 resolved") { benchmark in
        var index = 0
        for _ in benchmark.scaledIterations {
            do {
                blackHole(try resolved.renderOurs(index))
            } catch {
                Fixtures.fail("scenario 2: \(error)")
            }
            index = index + 1 == resolved.caseCount ? 0 : index + 1
        }
    }

    Benchmark("2 resolved prepared") { benchmark in
        var index = 0
        for _ in benchmark.scaledIterations {
            do {
                blackHole(try resolved.renderPrepared(index))
            } catch {
                Fixtures.fail("scenario 2, prepared: \(error)")
            }
            index = index + 1 == resolved.caseCount ? 0 : index + 1
        }
    }

    Benchmark("2 resolved ICU4C reference") { benchmark in
        var index = 0
        for _ in benchmark.scaledIterations {
            blackHole(resolved.renderReference(index))
            index = index + 1 == resolved.caseCount ? 0 : index + 1
        }
    }

    // Scenario 2 for each platform through Catalog.render, in the same run (ratios to "2 resolved APNs").
    let platformCases: [(name: String, render: (Int) throws -> Int)] = [
        ("2 resolved APNs", { (index) throws in try platforms.render(.apns, index) }),
        ("2 resolved FCM", { (index) throws in try platforms.render(.fcm, index) }),
        ("2 resolved FCM without apns", { (index) throws in try platforms.renderFCMAlone(index) }),
        ("2 resolved Web Push", { (index) throws in try platforms.render(.webpush, index) }),
    ]
    for (name, render) in platformCases {
        Benchmark(name) { benchmark in
            var index = 0
            for _ in benchmark.scaledIterations {
                do {
                    blackHole(try render(index))
                } catch {
                    Fixtures.fail("\(name): \(error)")
                }
                index = index + 1 == platforms.caseCount ? 0 : index + 1
            }
        }
    }

    Benchmark("3 resolved budget") { benchmark in
        var index = 0
        for _ in benchmark.scaledIterations {
            do {
                blackHole(try samples.renderBudget(index))
            } catch {
                Fixtures.fail("scenario 3: \(error)")
            }
            index = index + 1 == samples.budgetCaseCount ? 0 : index + 1
        }
    }

    Benchmark("3 resolved budget prepared") { benchmark in
        var index = 0
        for _ in benchmark.scaledIterations {
            do {
                blackHole(try samples.renderBudgetPrepared(index))
            } catch {
                Fixtures.fail("scenario 3, prepared: \(error)")
            }
            index = index + 1 == samples.budgetCaseCount ? 0 : index + 1
        }
    }

    // Content mode is being built; until it renders, the benchmark is left out with a note.
    let content = samples.prepareContent()
    guard content.ready else {
        print("note: \(content.note)")
        return
    }
    Benchmark("4 content") { benchmark in
        var index = 0
        for _ in benchmark.scaledIterations {
            do {
                blackHole(try samples.renderContent(index))
            } catch {
                Fixtures.fail("scenario 4: \(error)")
            }
            index = index + 1 == samples.contentCaseCount ? 0 : index + 1
        }
    }
}
