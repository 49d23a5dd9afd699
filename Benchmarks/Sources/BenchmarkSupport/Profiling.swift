/// Runs one rendering scenario in a plain loop, so that a sampling profiler (`perf record`) sees
/// only its work, without the benchmark harness.
public enum Profiling {
    /// Renders scenario `scenario` (2, 3 or 4; 20 and 30 are scenarios 2 and 3 with the prepared template) `count` times.
    /// - Returns: the total payload bytes (so the loop cannot be optimized away).
    public static func loop(scenario: Int, count: Int) throws -> Int {
        var total = 0
        switch scenario {
        case 2:
            let resolved = try ResolvedScenario()
            for index in 0..<count { total += try resolved.renderOurs(index % resolved.caseCount) }
        case 20:
            let resolved = try ResolvedScenario()
            for index in 0..<count { total += try resolved.renderPrepared(index % resolved.caseCount) }
        case 3:
            let samples = try SampleScenarios()
            for index in 0..<count { total += try samples.renderBudget(index % samples.budgetCaseCount) }
        case 30:
            let samples = try SampleScenarios()
            for index in 0..<count { total += try samples.renderBudgetPrepared(index % samples.budgetCaseCount) }
        case 4:
            let samples = try SampleScenarios()
            _ = samples.prepareContent()
            for index in 0..<count { total += try samples.renderContent(index % samples.contentCaseCount) }
        default:
            throw ReferenceError(message: "loop: scenario must be 2, 3, 4, 20 or 30 (2 or 3, prepared)")
        }
        return total
    }
}
