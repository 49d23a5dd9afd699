/// Runs one rendering scenario in a plain loop, so that a sampling profiler (`perf record`) sees
/// only its work, without the benchmark harness.
public enum Profiling {
    /// Renders scenario `scenario` (2, 3 or 4; 20 and 30 are scenarios 2 and 3 with the prepared
    /// template; 21, 22 and 23 are scenario 2 as FCM, Web Push, and FCM without the apns block) `count` times.
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
        case 21, 22, 23:
            let platforms = try PlatformScenario()
            for index in 0..<count {
                let case_ = index % platforms.caseCount
                switch scenario {
                case 21: total += try platforms.render(.fcm, case_)
                case 22: total += try platforms.render(.webpush, case_)
                default: total += try platforms.renderFCMAlone(case_)
                }
            }
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
            throw ReferenceError(message: "loop: scenario must be 2, 3, 4, 20 or 30 (2 or 3, prepared), 21, 22 or 23 (FCM, Web Push, FCM without apns)")
        }
        return total
    }
}
