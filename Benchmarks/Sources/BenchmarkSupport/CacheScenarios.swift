import Foundation
@_spi(Measuring) import PushLocalizer

/// What the catalog's load-time work buys a render, measured by doing without it: scenarios 2, 3
/// and 4 rendered by the catalog as loaded and by the same catalog compiled without payload plans
/// (every render then composes its payload, as before plans existed), and negotiation through
/// its lock-free table of single catalog tags, through its bounded cache, and computed each time.
public enum CacheScenarios {
    /// One measurement: a row of the table `bench-tool caches` prints.
    public struct Row {
        public var what: String
        public var withCache: Double
        public var without: Double
    }

    /// Measures every row; each figure is the median of `rounds` rounds of `operations` renders.
    public static func measure(rounds: Int = 7, operations: Int = 20_000) throws -> [Row] {
        let resolved = try ResolvedScenario()
        let samples = try SampleScenarios()
        _ = samples.prepareContent()
        let likes = try Catalog.withoutPlans(resolved.catalog.source)
        let sample = try Catalog.withoutPlans(samples.catalog.source)
        func renders(_ catalog: Catalog, _ requests: [RenderRequest]) -> Double {
            median(rounds) {
                var bytes = 0
                for index in 0..<operations {
                    bytes &+= (try? catalog.render(requests[index % requests.count]).payload.count) ?? 0
                }
                return bytes
            } / Double(operations)
        }
        var rows = [
            Row(
                what: "2 resolved, no trimming: payload plans",
                withCache: renders(resolved.catalog, resolved.requests),
                without: renders(likes, resolved.requests)
            ),
            Row(
                what: "3 resolved, 3 names share the budget: payload plans",
                withCache: renders(samples.catalog, samples.budgetRequests),
                without: renders(sample, samples.budgetRequests)
            ),
        ]
        if !samples.contentRequests.isEmpty {
            rows.append(
                Row(
                    what: "4 content, dropping: head and entry plans",
                    withCache: renders(samples.catalog, samples.contentRequests),
                    without: renders(sample, samples.contentRequests)
                )
            )
        }
        let negotiator = samples.catalog.negotiator
        func negotiations(_ lists: [[String]]) -> Double {
            median(rounds) {
                var count = 0
                for index in 0..<operations { count &+= negotiator.negotiation(for: lists[index % lists.count]).chain.count }
                return count
            } / Double(operations)
        }
        // A list with a tag that is not ASCII is never cached (it is computed on every call); the
        // junk tag itself is skipped, so the chain is the one of the lists before it.
        let tags = ["pl", "ar", "de", "ja", "ru"]
        rows.append(
            Row(
                what: "negotiation of one catalog tag: lock-free table",
                withCache: negotiations(tags.map { [$0] }),
                without: negotiations(tags.map { [$0, "ü"] })
            )
        )
        rows.append(
            Row(
                what: "negotiation of two tags: bounded cache",
                withCache: negotiations(tags.map { [$0 + "-XK", "en"] }),
                without: negotiations(tags.map { [$0 + "-XK", "en", "ü"] })
            )
        )
        return rows
    }

    /// The median over `rounds` runs of `body`, in nanoseconds per run.
    private static func median(_ rounds: Int, _ body: () -> Int) -> Double {
        var times: [Double] = []
        var sink = 0
        for _ in 0..<rounds {
            let start = ContinuousClock.now
            sink &+= body()
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
        }
        if sink == Int.min { print(sink) }  // keeps the work observable
        return times.sorted()[rounds / 2]
    }

    /// The rows as a Markdown table, with the time each cache saves per operation.
    public static func table(_ rows: [Row]) -> String {
        var lines = [
            "| what is cached | with it | without it | it saves |",
            "| --- | ---: | ---: | ---: |",
        ]
        for row in rows {
            lines.append(
                "| \(row.what) | \(format(row.withCache)) | \(format(row.without)) | "
                    + "\(format(row.without - row.withCache)) (\(Int((100 * (1 - row.withCache / row.without)).rounded())) %) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    private static func format(_ nanoseconds: Double) -> String {
        nanoseconds >= 1000 ? String(format: "%.2f µs", nanoseconds / 1000) : String(format: "%.0f ns", nanoseconds)
    }
}
