import Foundation
import MessageFormat

/// Checks a catalog against every rule of ``LintRule`` (docs/lint-rules.md) and reports what it
/// finds, each finding with the file, line and column of the offending message (inside the
/// message when the rule can say).
///
/// The linter reads the catalog as written (``CatalogSource``), so it sees what the compiled
/// ``Catalog`` hides or refuses: broken messages, keys without templates, bad file names. Each
/// message is parsed once; every rule then works on the shared syntax trees.
///
/// `pushloc.yaml` may change a rule's severity or turn it off (`lint: { rules: { untranslated: off } }`).
public struct Linter: Sendable {
    /// The catalog being checked.
    public let source: CatalogSource
    /// The templates by key (the first definition of a repeated key, as the catalog keeps it).
    let templatesByKey: [String: Template]
    /// Lays text out for `display-truncation`; without one that rule reports nothing.
    let estimator: (any LineWrapEstimating)?

    /// Creates a linter for a loaded catalog.
    /// - Parameters:
    ///   - source: the catalog as read from its files.
    ///   - estimator: lays text out for `display-truncation` (the `DisplayLayout` target's
    ///     `LineWrapEstimator`); nil to leave that rule out.
    public init(source: CatalogSource, estimator: (any LineWrapEstimating)? = nil) {
        self.source = source
        self.templatesByKey = Dictionary(source.templates.map { ($0.key, $0) }) { first, _ in first }
        self.estimator = estimator
    }

    /// Runs every rule.
    /// - Returns: the findings, sorted by file, line, column and rule.
    public func lint() -> LintReport {
        var sink = DiagnosticSink(overrides: source.settings.lintRules)
        // Each step reports into a sink of its own, absorbed in the order of a serial run
        // (structure, messages, catalog-wide rules), so the findings and their order do not
        // depend on which steps run side by side.
        var parseSink = DiagnosticSink(overrides: sink.overrides)
        let messages = parseMessages(into: &parseSink)
        var facts = PluralFacts()
        var eachSink = DiagnosticSink(overrides: sink.overrides)
        checkEachMessage(messages, facts: &facts, into: &eachSink)
        var structureSink = DiagnosticSink(overrides: sink.overrides)
        var catalogSink = DiagnosticSink(overrides: sink.overrides)
        var catalogFacts = facts
        do {
            // A second reference for the closure, dropped right after it (a reference left until
            // the end would make this thread, not the background one, free the messages).
            let parsed = messages
            // Neither side uses `parallelMap` (nested in `concurrentPerform`, it would run on one thread).
            Self.concurrently(
                { checkStructure(into: &structureSink) },
                {
                    checkUntranslated(parsed, into: &catalogSink)
                    checkMissingArguments(parsed, into: &catalogSink)
                    checkUnusedArguments(parsed, into: &catalogSink)
                    checkTemplateStrings(into: &catalogSink)
                    checkFCM(into: &catalogSink)
                    if !catalogSink.isOff(.collapseID) {
                        checkCollapseIDs(facts: &catalogFacts, into: &catalogSink)
                    }
                }
            )
        }
        sink.absorb(structureSink.diagnostics)
        sink.absorb(parseSink.diagnostics)
        sink.absorb(eachSink.diagnostics)
        sink.absorb(catalogSink.diagnostics)
        // Parsing and the budget plan use every core themselves (`parallelMap`); run beside other
        // work they would be nested in `concurrentPerform`, which then runs them on one thread.
        let plan = sink.isOff(.budget) ? nil : BudgetPlan(source: source, parsed: messages)
        if let plan {
            checkBudgets(plan: plan, facts: &facts, into: &sink)
        }
        if let estimator, !sink.isOff(.displayTruncation) {
            checkDisplayTruncation(with: estimator, into: &sink)
        }
        let report = LintReport(diagnostics: sink.sorted())
        // Tens of thousands of messages and a compiled catalog: freed on another core while the
        // caller formats the report.
        Self.releaseInBackground((consume messages, consume plan))
        return report
    }

    /// Runs `first` and `second` at the same time, on two threads.
    private static func concurrently(_ first: () -> Void, _ second: () -> Void) {
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                let jobs = UncheckedDisposal(value: (first, second))
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 { jobs.value.0() } else { jobs.value.1() }
                }
            }
        }
    }

    /// Frees `value` on a background thread. It is moved into memory of its own first: a copy
    /// handed to the background job would leave this thread a reference, and whichever thread
    /// drops the last one frees everything (the job, run at once on an idle core, often finishes
    /// first).
    private static func releaseInBackground(_ value: consuming ([LintedMessage], BudgetPlan?)) {
        let box = UnsafeMutablePointer<([LintedMessage], BudgetPlan?)>.allocate(capacity: 1)
        box.initialize(to: value)
        let handoff = UncheckedDisposal(value: box)
        DispatchQueue.global(qos: .utility).async {
            handoff.value.deinitialize(count: 1)
            handoff.value.deallocate()
        }
    }
}

/// Carries a value to another thread. For ``Linter/lint()``'s own use: the two jobs run side by
/// side touch no common state, and a value handed off for release is no longer used by anyone.
private struct UncheckedDisposal<Value>: @unchecked Sendable {
    let value: Value
}

extension Linter {
    /// The rules that look at one message at a time. Messages are checked independently: chunks
    /// of them on every core, each with its own sink (plural facts warmed here first, so that no
    /// chunk asks ICU again); the findings join `sink` in message order, as a serial run would.
    private func checkEachMessage(
        _ messages: [LintedMessage],
        facts: inout PluralFacts,
        into sink: inout DiagnosticSink
    ) {
        for locale in Set(messages.map(\.locale)) where facts.isValidTag(locale) {
            _ = facts.rules(for: locale, type: .cardinal)
            _ = facts.rules(for: locale, type: .ordinal)
        }
        let warmFacts = facts
        let overrides = sink.overrides
        let findings = messages.chunkedForCores().parallelMap { chunk in
            var facts = warmFacts
            var local = DiagnosticSink(overrides: overrides)
            for message in chunk {
                checkArguments(of: message, into: &local)
                checkApostrophes(in: message, into: &local)
                checkText(of: message, into: &local)
                checkPlurals(in: message, facts: &facts, into: &local)
                checkLocKeyCompatibility(of: message, into: &local)
                checkAppleFormat(of: message, into: &local)
            }
            return local.diagnostics
        }
        for found in findings { sink.absorb(found) }
    }
}

extension Array {
    /// The array cut into a few contiguous chunks per core, in order: enough for `parallelMap`
    /// to balance uneven work, few enough that each chunk's setup is paid rarely.
    func chunkedForCores() -> [ArraySlice<Element>] {
        let chunkCount = Swift.max(1, Swift.min(count, 4 * ProcessInfo.processInfo.activeProcessorCount))
        return (0..<chunkCount).map { index in
            self[(index * count / chunkCount)..<((index + 1) * count / chunkCount)]
        }
    }
}

/// Collects diagnostics, applying `pushloc.yaml`'s severity overrides as they arrive.
///
/// Identical findings (same rule, place and text) are reported once: repeats are kept as they
/// arrive and dropped by ``sorted()``, in one pass over everything the run found, rather than
/// checked at every report and again each time one sink absorbs another (tens of thousands of
/// findings, absorbed on one thread between parallel steps).
struct DiagnosticSink {
    /// Overrides by rule id.
    let overrides: [String: RuleSeverity]
    /// What was reported so far, in order, repeats included.
    private(set) var diagnostics: [Diagnostic] = []

    init(overrides: [String: RuleSeverity]) {
        self.overrides = overrides
    }

    /// Whether `rule` is turned off, so that costly checks can be skipped.
    func isOff(_ rule: LintRule) -> Bool {
        overrides[rule.id] == .off || overrides[rule.id] == nil && rule.isOffByDefault
    }

    /// Records one finding, unless its rule is off.
    /// - Parameter defaultSeverity: the severity when `pushloc.yaml` sets none (the rule's own
    ///   default unless given: `budget` reports some findings as warnings).
    mutating func report(
        _ rule: LintRule,
        at location: CatalogFileLocation,
        locale: String?,
        key: String?,
        _ message: String,
        defaultSeverity: Severity? = nil
    ) {
        let severity: Severity
        switch overrides[rule.id] {
        case .off?: return
        case .error?: severity = .error
        case .warning?: severity = .warning
        case nil:
            if rule.isOffByDefault { return }
            severity = defaultSeverity ?? rule.defaultSeverity
        }
        diagnostics.append(
            Diagnostic(
                rule: rule,
                severity: severity,
                location: location,
                locale: locale,
                key: key,
                message: message
            )
        )
    }

    /// Takes findings another sink recorded (with the same overrides applied), after its own.
    mutating func absorb(_ findings: [Diagnostic]) {
        diagnostics.append(contentsOf: findings)
    }

    /// The findings by file, line, column, rule id and message.
    func sorted() -> [Diagnostic] {
        // Sorting is stable, and identical findings sort next to each other (apart, at most, from
        // findings equal to them in place, rule and message): within each such run the first of
        // identical findings is kept, which is what dropping repeats as they came, then sorting,
        // gives.
        let all = diagnostics.sorted { lhs, rhs in
            if lhs.location != rhs.location { return lhs.location < rhs.location }
            if lhs.rule != rhs.rule { return lhs.rule.id < rhs.rule.id }
            return lhs.message < rhs.message
        }
        var unique: [Diagnostic] = []
        unique.reserveCapacity(all.count)
        var runStart = 0
        for diagnostic in all {
            let last = unique.last
            if let last, last.location == diagnostic.location, last.rule == diagnostic.rule,
                last.message == diagnostic.message
            {
                guard !unique[runStart...].contains(diagnostic) else { continue }
            } else {
                runStart = unique.count
            }
            unique.append(diagnostic)
        }
        return unique
    }
}
