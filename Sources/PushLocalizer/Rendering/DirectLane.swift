import MessageFormat

/// The direct lane of a prepared `resolved` render: what `Catalog.render` would decide for the
/// usual request (one user language the catalog has, values of their declared types and within
/// their caps, no time zone, nothing to trim) is decided once, at `prepare`, so that each render
/// only checks its values and formats its messages into the payload plan.
///
/// Anything else leaves the lane and takes the general steps, which give the same bytes.
final class DirectLane: Sendable {
    /// What one user language renders with.
    final class Entry: Sendable {
        let plan: PayloadPlan
        /// The negotiated locale (the chain's first link).
        let locale: String
        let budget: Int
        /// The user language's match (it names a catalog locale exactly), as every report gives it.
        let negotiation: [LocaleMatch]
        /// Every render's outcome when the headers depend on nothing rendered; nil: made per render.
        let outcome: RenderOutcome?

        init(
            plan: PayloadPlan,
            locale: String,
            budget: Int,
            negotiation: [LocaleMatch],
            headers: [(name: String, value: String)]?
        ) {
            self.plan = plan
            self.locale = locale
            self.budget = budget
            self.negotiation = negotiation
            outcome = headers.map {
                Self.outcome(plan: plan, locale: locale, budget: budget, negotiation: negotiation, headers: $0)
            }
        }

        /// The outcome of a render with `headers`.
        func outcome(headers: [(name: String, value: String)]) -> RenderOutcome {
            Self.outcome(plan: plan, locale: locale, budget: budget, negotiation: negotiation, headers: headers)
        }

        private static func outcome(
            plan: PayloadPlan,
            locale: String,
            budget: Int,
            negotiation: [LocaleMatch],
            headers: [(name: String, value: String)]
        ) -> RenderOutcome {
            var report = RenderReport(fitAtOnce: 0, budget: budget, fieldLocales: plan.fieldLocales)
            report.negotiation = negotiation
            return RenderOutcome(locale: locale, headers: headers, report: report)
        }
    }

    /// What a value in one slot must be to stay in the lane.
    struct SlotCheck: Sendable {
        let type: ArgumentType
        /// The text's `max-bytes` (`Int.max` when it has none).
        let cap: Int
        /// Whether the text counts towards the truncatable bytes.
        let truncates: Bool
    }

    /// By a user language exactly as the catalog spells one of its locales: the index of its entry.
    let entryIndices: StringTable<Int>
    /// The entries (owned here); `references` reads them without reference counting.
    let entries: [Entry]
    private let references: UnretainedEntries

    let slots: [SlotCheck]
    let budget: Int

    /// The lane of `compiled` in `catalog` (empty for a mode other than `resolved`: no render
    /// takes it).
    init(catalog: Catalog, compiled: CompiledTemplate, mode: RenderMode, budget: Int, pushType: PushType) {
        let headers = pushType == compiled.template.apns.pushType ? compiled.fixedHeaders : nil
        var entries: [(key: String, value: Entry)] = []
        for tag in catalog.negotiator.exactTags where mode == .resolved {
            guard let locale = catalog.negotiator.chain(for: [tag]).first, let plan = compiled.plans[locale] else {
                continue
            }
            let negotiation = catalog.negotiator.matches(for: [tag])
            let entry = Entry(plan: plan, locale: locale, budget: budget, negotiation: negotiation, headers: headers)
            entries.append((key: tag, value: entry))
        }
        entryIndices = StringTable(entries.enumerated().map { (key: $0.element.key, value: $0.offset) })
        self.entries = entries.map(\.value)
        references = UnretainedEntries(self.entries)
        slots = compiled.bindings.map {
            SlotCheck(type: $0.type, cap: $0.maxBytes ?? .max, truncates: $0.truncate && $0.type == .string)
        }
        self.budget = budget
    }

    /// The entry for a user's languages when the render may stay in the lane: one language the
    /// catalog names, and every value there, of its declared type as bound (no conversion), no
    /// text over its cap, the truncatable texts within the budget.
    @inline(__always)
    func entry(for values: [ArgumentValue?], locales: [String]) -> UnretainedEntries.References? {
        guard locales.count == 1, values.count == slots.count, let index = entryIndices[locales[0]] else { return nil }
        let entry = references[index]
        var truncatable = 0
        let admitted = values.withUnsafeBufferPointer { values in
            slots.withUnsafeBufferPointer { slots in
                for index in 0..<slots.count {
                    guard let value = values[index], ArgumentBinder.admitsAsGiven(value, as: slots[index].type) else {
                        return false
                    }
                    if case .string(let text) = value {
                        let size = text.utf8.count
                        guard size <= slots[index].cap else { return false }
                        if slots[index].truncates { truncatable += size }
                    }
                }
                return true
            }
        }
        return admitted && truncatable <= budget ? entry : nil
    }
}
