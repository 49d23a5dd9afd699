/// Budget fitting for one payload, in order, stopping as soon as it fits: the full render;
/// truncatable arguments trimmed by max-min fair share of the free bytes (across every occurrence,
/// every included locale); content mode's optional locales dropped or trimmed; the body itself;
/// else `payloadTooLarge`.
struct BudgetFitter {
    let composer: PayloadComposer
    let cutter: TextCutter
    let budget: Int
    /// The slots of the arguments fitting may trim (for the smallest-payload figure of
    /// `payloadTooLarge`).
    let truncatable: [Int]
    /// Content mode's required locales (for the same figure).
    var requiredLocales: [PayloadComposer.ContentLocale] = []
    /// Bytes of the payload the platform's budget does not count (FCM's counted text has a
    /// separator after each string): taken off the figures `payloadTooLarge` gives.
    var uncountedBytes = 0

    /// Content mode's locales: the required ones, then the optional ones in priority order.
    struct ContentPlan {
        /// Every locale, the required ones first.
        var all: [PayloadComposer.ContentLocale]
        var requiredCount: Int
        var overflow: OverflowPolicy

        var required: ArraySlice<PayloadComposer.ContentLocale> { all[..<requiredCount] }
        var optional: ArraySlice<PayloadComposer.ContentLocale> { all[requiredCount...] }
    }

    struct Fitted {
        var composition: PayloadComposer.Composition
        var trimmed: [TrimmedArgument]
        var droppedLocales: [String]
        var bodyBytesTrimmed: Int
        var steps: [String]
    }

    /// Fits the payload.
    /// - Parameter mayFitAtOnce: false when the caller already wrote the full payload and saw it
    ///   overflow (its first compose then counts occurrences at once).
    func fit(
        _ bound: ArgumentBinder.Bound,
        content: ContentPlan?,
        mayFitAtOnce: Bool = true
    ) throws(RenderError) -> Fitted {
        if let content, content.overflow == .drop, !content.optional.isEmpty,
            let fitted = try dropLocales(bound, content: content)
        {
            return fitted
        }
        let everything = PayloadComposer.Layout(content: content?.all ?? [])
        // Most payloads fit at once: compose without counting where arguments land, and count only
        // when fitting has work to do, or is likely to. (Arguments cut to `max-bytes` report their
        // occurrences, so those renders count too.)
        var quick = composer
        quick.measures =
            !mayFitAtOnce || !bound.trimmedByCap.isEmpty || content != nil || bound.truncatableBytes > budget / 2
        let first = try quick.compose(bound.values, layout: everything)
        if first.payload.count <= budget {
            return Fitted(
                composition: first,
                trimmed: [],
                droppedLocales: [],
                bodyBytesTrimmed: 0,
                steps: RenderReport.fullSteps
            )
        }
        let full = quick.measures ? first : try composer.compose(bound.values, layout: everything)
        if let content, !content.optional.isEmpty, content.overflow == .trim,
            let fitted = try trimLocales(bound, content: content, start: full)
        {
            return fitted
        }
        let kept = PayloadComposer.Layout(content: content.map { Array($0.required) } ?? [])
        let start = content == nil ? full : try composer.compose(bound.values, layout: kept)
        let sharing = try shareArguments(bound, layout: kept, start: start)
        let dropped = content?.optional.map(\.tag) ?? []
        if sharing.composition.payload.count <= budget {
            return Fitted(
                composition: sharing.composition,
                trimmed: sharing.trimmed,
                droppedLocales: dropped,
                bodyBytesTrimmed: 0,
                steps: dropped.isEmpty ? RenderReport.argumentSteps : ["full", "locales", "arguments"]
            )
        }
        var fitted = try trimBody(sharing.composition, values: sharing.values, trimmed: sharing.trimmed)
        fitted.droppedLocales = dropped
        return fitted
    }

    /// The report of a text argument cut to share the budget.
    private func trimmedArgument(slot: Int, from before: Int, to after: Int, occurrences: Int) -> TrimmedArgument {
        .sharingBudget(
            name: composer.compiled.template.arguments[slot].name,
            bytesBefore: before,
            bytesAfter: after,
            occurrences: occurrences
        )
    }

    // MARK: Step 2

    struct Sharing {
        var composition: PayloadComposer.Composition
        var values: [ArgumentValue?]
        var trimmed: [TrimmedArgument]
    }

    /// Trims truncatable arguments by fair share. Sharing is exact when occurrences do not depend
    /// on the trimmed text; a select on a truncatable argument can change them, so it re-measures
    /// and shares again (at most three times).
    /// - Parameter startSizes: the escaped size of each argument's text in `start`, by slot (nil:
    ///   its whole text).
    private func shareArguments(
        _ bound: ArgumentBinder.Bound,
        layout: PayloadComposer.Layout,
        start: PayloadComposer.Composition,
        sizes startSizes: [Int]? = nil
    ) throws(RenderError) -> Sharing {
        let candidates = bound.truncatable.filter { start.occurrences[$0] > 0 }
        var result = Sharing(composition: start, values: bound.values, trimmed: [])
        guard !candidates.isEmpty else { return result }
        // Only the bytes near a cut matter to it (grapheme and word boundaries look a few
        // characters ahead), and no cut reaches past the budget: a text is shared as its first
        // budget + 1 KiB bytes, and a 10 MB value is never copied whole.
        let wholeCounts = candidates.map { bound.text(length: $0) }
        let texts = candidates.map { bound.text($0, prefix: budget + 1024) }
        // The escaped size of each candidate's text in the composition at hand.
        var sizes =
            startSizes.map { sizes in candidates.map { sizes[$0] } } ?? candidates.map { bound.size($0, by: cutter) }
        var occurrences = start.occurrences
        for _ in 0..<3 {
            let claims = candidates.indices.map { Claim(text: texts[$0], occurrences: occurrences[candidates[$0]]) }
            let fixed =
                result.composition.payload.count
                - candidates.indices.reduce(0) { $0 + claims[$1].occurrences * sizes[$1] }
            let cuts = share(claims, available: budget - fixed)
            result.values = bound.values
            result.trimmed = []
            for (index, cut) in cuts.enumerated() where cut.count != wholeCounts[index] || cut != texts[index] {
                result.values[candidates[index]] = .string(String(decoding: cut, as: UTF8.self))
                result.trimmed.append(
                    trimmedArgument(
                        slot: candidates[index],
                        from: wholeCounts[index],
                        to: cut.count,
                        occurrences: claims[index].occurrences
                    )
                )
            }
            sizes = cuts.map { cutter.size(of: $0) }
            result.composition = try composer.compose(result.values, layout: layout)
            if result.composition.payload.count <= budget || result.composition.occurrences == occurrences { break }
            occurrences = result.composition.occurrences
        }
        return result
    }

    // MARK: Step 3

    /// `overflow: drop`: optional locales join in priority order while the payload still fits with
    /// every argument whole, so optional locales never cost the user's own text a byte; the first
    /// that does not fit, and every later one, is dropped. One compose decides it: the composer
    /// stops at that first entry. When even the required locales do not fit whole, it returns nil,
    /// and step 2 trims arguments over the required locales alone.
    private func dropLocales(_ bound: ArgumentBinder.Bound, content: ContentPlan) throws(RenderError) -> Fitted? {
        var writer = composer
        writer.measures = !bound.trimmedByCap.isEmpty
        // A locale left out is never formatted; where a message could fail to format (a catalog
        // lint reports), every locale is formatted first, so the error does not depend on the budget.
        if !composer.compiled.formatsTypeSafely {
            _ = try writer.compose(
                bound.values,
                layout: PayloadComposer.Layout(content: content.all)
            )
        }
        let layout = PayloadComposer.Layout(
            content: content.all,
            optionalFrom: content.required.count,
            optionalBudget: budget
        )
        let composition = try writer.compose(bound.values, layout: layout)
        guard composition.payload.count <= budget else { return nil }
        let included = composition.contentLocales.count - content.required.count
        let dropped = content.optional.dropFirst(included).map(\.tag)
        return Fitted(
            composition: composition,
            trimmed: [],
            droppedLocales: dropped,
            bodyBytesTrimmed: 0,
            steps: dropped.isEmpty ? RenderReport.fullSteps : RenderReport.localeSteps
        )
    }

    /// `overflow: trim`: every locale stays; the optional locales' bodies and the truncatable
    /// arguments share the free bytes in one max-min fair division (each optional body is one
    /// claim, each argument one claim per occurrence elsewhere). When even empty optional bodies
    /// do not fit, it falls back to dropping. Bodies cut alike may turn into aliases and free
    /// bytes again; those are shared out once more (twice at most).
    private func trimLocales(
        _ bound: ArgumentBinder.Bound,
        content: ContentPlan,
        start: PayloadComposer.Composition
    ) throws(RenderError) -> Fitted? {
        let rendered = try composer.contentTexts(content.all, bound.values)
        var texts: [(tag: String, field: MessageField, text: [UInt8])] = []
        for locale in content.optional {
            if let body = rendered[locale.tag]?[.body] { texts.append((locale.tag, .body, body)) }
        }
        // Locales written as an alias of an earlier one cost only their tag: they are not claims.
        texts.removeAll { start.contentAliases.contains($0.tag) }
        // An alias follows its entry: when that entry's body is cut, the alias gets the same cut, or it
        // would no longer equal it and come back as a whole object, over the budget the shares assumed.
        let followers = start.contentLocales.enumerated().compactMap { index, tag -> (tag: String, target: String)? in
            guard start.contentAliases.contains(tag), let own = rendered[tag] else { return nil }
            let target = start.contentLocales[..<index].first {
                !start.contentAliases.contains($0) && rendered[$0] == own
            }
            return target.map { (tag, $0) }
        }
        var frozen: [String: [MessageField: [UInt8]]] = [:]
        texts.forEach { frozen[$0.tag, default: [:]][$0.field] = $0.text }
        var layout = PayloadComposer.Layout(content: content.all, frozenTexts: frozen)
        let measured = try composer.compose(bound.values, layout: layout)
        let arguments = bound.truncatable.filter { measured.occurrences[$0] > 0 }
        let argumentTexts = arguments.map { bound.text($0) }
        let claims =
            arguments.indices.map { Claim(text: argumentTexts[$0], occurrences: measured.occurrences[arguments[$0]]) }
            + texts.map { Claim(text: $0.text, occurrences: 1) }
        let fixed = measured.payload.count - claims.reduce(0) { $0 + $1.occurrences * cutter.size(of: $1.text) }
        guard fixed <= budget else { return try dropLocales(bound, content: content) }
        // Bodies cut alike turn into aliases and free bytes, which are shared out again. The size is
        // not monotonic in the bytes shared (a grown body may stop equalling another and come back
        // whole), so an amount that overflows is bisected against the largest that fitted.
        var best: Fitted?
        var fitted: Int?
        var overflowing: Int?
        var available = budget - fixed
        var previous: [[UInt8]] = []
        for _ in 0..<12 {
            let cuts = share(claims, available: available)
            // More bytes that no claim can use: what is unused comes from word back-offs and aliases.
            if cuts == previous { break }
            previous = cuts
            var values = bound.values
            var trimmed: [TrimmedArgument] = []
            for (index, slot) in arguments.enumerated() where cuts[index] != argumentTexts[index] {
                values[slot] = .string(String(decoding: cuts[index], as: UTF8.self))
                trimmed.append(
                    trimmedArgument(
                        slot: slot,
                        from: bound.text(length: slot),
                        to: cuts[index].count,
                        occurrences: claims[index].occurrences
                    )
                )
            }
            for (offset, text) in texts.enumerated() {
                layout.frozenTexts[text.tag, default: [:]][text.field] = cuts[arguments.count + offset]
            }
            for follower in followers {
                if let body = layout.frozenTexts[follower.target]?[.body] {
                    layout.frozenTexts[follower.tag, default: [:]][.body] = body
                }
            }
            let composition = try composer.compose(values, layout: layout)
            var next: Int
            if composition.payload.count <= budget {
                if composition.payload.count >= best?.composition.payload.count ?? 0 {
                    best = Fitted(
                        composition: composition,
                        trimmed: trimmed,
                        droppedLocales: [],
                        bodyBytesTrimmed: 0,
                        steps: trimmed.isEmpty ? RenderReport.localeSteps : ["full", "locales", "arguments"]
                    )
                }
                fitted = max(fitted ?? available, available)
                next = available + budget - composition.payload.count
                if let overflowing, next >= overflowing { next = (available + overflowing) / 2 }
            } else {
                overflowing = min(overflowing ?? available, available)
                next = fitted.map { ($0 + available) / 2 } ?? available - (composition.payload.count - budget)
            }
            if next == available || next <= (fitted ?? Int.min) { break }
            available = next
        }
        if let best { return best }
        return try dropLocales(bound, content: content)
    }

    // MARK: Step 4

    /// Cuts the `aps.alert` body before its first pinned argument.
    private func trimBody(
        _ attempt: PayloadComposer.Composition,
        values: [ArgumentValue?],
        trimmed: [TrimmedArgument]
    ) throws(RenderError) -> Fitted {
        if attempt.contentLocales.isEmpty, let body = try composer.body(values), !body.text.isEmpty {
            let bodySize = cutter.size(of: body.text)
            let keepSize = bodySize - (attempt.payload.count - budget) - cutter.ellipsisSize
            if keepSize >= 0 {
                var length = min(cutter.graphemePrefix(of: body.text, escapedLimit: keepSize).length, body.pinnedStart)
                length = cutter.wordAligned(body.text, cut: length)
                let cut = try composer.compose(
                    values,
                    layout: PayloadComposer.Layout(bodyCut: (length, cutter.ellipsis))
                )
                if cut.payload.count <= budget {
                    return Fitted(
                        composition: cut,
                        trimmed: trimmed,
                        droppedLocales: [],
                        bodyBytesTrimmed: bodySize - cutter.size(of: body.text[..<length]),
                        steps: trimmed.isEmpty ? ["full", "body"] : ["full", "arguments", "body"]
                    )
                }
            }
        }
        throw try tooLarge(
            values: values,
            layout: PayloadComposer.Layout(content: attempt.contentLocales.isEmpty ? [] : requiredLocales)
        )
    }

    /// The last check before `payloadTooLarge`: the smallest payload any fitting could reach — every truncatable argument
    /// empty and, in resolved mode, the body cut to the ellipsis — and what it is made of.
    private func tooLarge(values: [ArgumentValue?], layout: PayloadComposer.Layout) throws(RenderError) -> RenderError {
        var emptied = values
        for slot in truncatable { emptied[slot] = .string("") }
        let smallest = try composer.compose(emptied, layout: layout)
        var minimum = smallest.payload.count - uncountedBytes
        let budget = budget - uncountedBytes
        if layout.content.isEmpty, let body = try composer.body(emptied), !body.text.isEmpty {
            minimum += cutter.ellipsisSize - cutter.size(of: body.text)
        }
        let pinned = composer.compiled.pinnedNames
        let pinnedList = pinned.isEmpty ? "none" : pinned.sorted().joined(separator: ", ")
        return RenderError(
            RenderError.Code.payloadTooLarge,
            "payload needs at least \(minimum) bytes, over the budget of \(budget) by \(minimum - budget): "
                + "the JSON structure, the fixed text, apns fields, data"
                + (layout.content.isEmpty ? "" : ", the required locales")
                + " and the pinned arguments (\(pinnedList)) cannot be cut"
        )
    }
}
