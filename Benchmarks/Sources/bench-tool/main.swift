// What run.sh needs outside the benchmark suites:
//   bench-tool check               verify ours and ICU4C write identical bytes (exit 1 if not);
//                                 describe scenarios 3 and 4
//   bench-tool batch-input N FILE  write N JSON Lines requests for scenario 5
//   bench-tool long-lines N FILE   write N requests and three ~4 MB ones (the line limit) (scenario 5's memory check)
//   bench-tool catalog DIR         write scenario 6's generated catalog
//   bench-tool payloads            print scenario 2's payloads (ours, and the reference where it differs)
//   bench-tool budget-payloads     print scenario 3's payloads and variants (names, locales, budgets)
//   bench-tool catalog-path        print the benchmarks' own catalog directory
//   bench-tool loop S N            render scenario S (2, 3 or 4; 20, 30: 2, 3 prepared) N times, for a profiler
//   bench-tool caches              what the load-time caches buy: renders and negotiations with and without them
import BenchmarkSupport
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "check":
        print(CrossCheck.verifyOrExit(format: try FormatScenario(), resolved: try ResolvedScenario()))
        let samples = try SampleScenarios()
        print(samples.verifyBudget())
        print(samples.prepareContent().note)
    case "payloads":
        let scenario = try ResolvedScenario()
        for index in 0..<scenario.caseCount {
            let (ours, reference) = try scenario.payloads(index)
            print(ours == reference ? "same  \(ours)" : "DIFF  \(ours)\n      \(reference)")
        }
    case "budget-payloads":
        for line in try SampleScenarios().budgetPayloads() { print(line) }
    case "batch-input" where arguments.count == 3:
        guard let lines = Int(arguments[1]), lines > 0 else { Fixtures.fail("batch-input: N must be a positive number") }
        try GeneratedInputs.writeBatchInput(lines: lines, to: arguments[2])
    case "long-lines" where arguments.count == 3:
        guard let lines = Int(arguments[1]), lines > 0 else { Fixtures.fail("long-lines: N must be a positive number") }
        try GeneratedInputs.writeLongLineInput(lines: lines, to: arguments[2])
    case "catalog" where arguments.count == 2:
        try GeneratedInputs.writeCatalog(to: arguments[1])
    case "loop" where arguments.count == 3:
        guard let scenario = Int(arguments[1]), let count = Int(arguments[2]) else {
            Fixtures.fail("loop: S and N must be numbers")
        }
        print(try Profiling.loop(scenario: scenario, count: count))
    case "caches":
        print(CacheScenarios.table(try CacheScenarios.measure()))
    case "catalog-path":
        print(Fixtures.likesCatalog)
    default:
        Fixtures.fail("usage: bench-tool check | payloads | budget-payloads | batch-input N FILE | long-lines N FILE | catalog DIR | catalog-path | loop S N | caches")
    }
} catch {
    Fixtures.fail("\(error)")
}
