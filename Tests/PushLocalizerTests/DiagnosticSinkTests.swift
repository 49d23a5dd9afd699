import Testing

@testable import PushLocalizer

/// `DiagnosticSink` keeps repeats until it sorts; what it returns must be what a sink that
/// dropped each repeat as it came, then sorted, returns.
@Suite("Lint: diagnostic sink")
struct DiagnosticSinkTests {
    /// The sink's former behaviour, written out: the first of identical findings kept, then sorted.
    static func reference(_ reports: [Diagnostic]) -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        return reports.filter { seen.insert($0).inserted }.sorted { lhs, rhs in
            if lhs.location != rhs.location { return lhs.location < rhs.location }
            if lhs.rule != rhs.rule { return lhs.rule.id < rhs.rule.id }
            return lhs.message < rhs.message
        }
    }

    @Test("drops repeats across sinks and keeps the order of findings that sort equal")
    func repeatsAndTies() {
        var random = BudgetRandom(seed: 0xD1A6)
        let rules: [LintRule] = [.syntax, .missingTranslation, .budget]
        let overrides: [String: RuleSeverity] = [:]
        for round in 0..<200 {
            var reports: [Diagnostic] = []
            var sinks = (0..<3).map { _ in DiagnosticSink(overrides: overrides) }
            for _ in 0..<Int.random(in: 0..<60, using: &random) {
                // Few places, rules, texts, locales and keys: many repeats, and many findings that
                // sort equal without being identical (another locale or key, another severity).
                let location = CatalogFileLocation(
                    file: ["a.yaml", "b.yaml"][Int.random(in: 0..<2, using: &random)],
                    line: Int.random(in: 1...3, using: &random),
                    column: 1
                )
                let rule = rules[Int.random(in: 0..<rules.count, using: &random)]
                let locale = ["de", "fr", nil][Int.random(in: 0..<3, using: &random)]
                let key = ["k1", "k2"][Int.random(in: 0..<2, using: &random)]
                let message = ["m", "n"][Int.random(in: 0..<2, using: &random)]
                let warning = Bool.random(using: &random)
                let sink = Int.random(in: 0..<3, using: &random)
                sinks[sink].report(
                    rule,
                    at: location,
                    locale: locale,
                    key: key,
                    message,
                    defaultSeverity: warning ? .warning : nil
                )
            }
            var joined = DiagnosticSink(overrides: overrides)
            for sink in sinks {
                reports += sink.diagnostics
                joined.absorb(sink.diagnostics)
            }
            #expect(joined.sorted() == Self.reference(reports), "round \(round)")
        }
    }
}
