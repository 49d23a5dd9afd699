/// The reference is only a yardstick if it does the same work: every case of scenarios 1 and 2 must
/// give the same bytes from our library and from ICU4C.
public enum CrossCheck {
    /// Compares every case; exits with status 1, listing the differences, when any differ.
    /// - Returns: a one-line summary.
    @discardableResult
    public static func verifyOrExit(format: FormatScenario, resolved: ResolvedScenario) -> String {
        do {
            let found = try format.mismatches() + resolved.mismatches()
            guard found.isEmpty else {
                Fixtures.fail(
                    "our output differs from the ICU4C reference in \(found.count) case(s):\n"
                        + found.prefix(10).joined(separator: "\n"))
            }
        } catch {
            Fixtures.fail("cross-check failed: \(error)")
        }
        return "cross-check: \(format.caseCount) formats and \(resolved.caseCount) payloads byte-identical to ICU4C"
    }
}
