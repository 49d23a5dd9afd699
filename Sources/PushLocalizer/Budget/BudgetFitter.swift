/// SPEC §6 fitting for one payload: the full render; then truncatable arguments trimmed by
/// max-min fair share of the free bytes; then the body itself; else `payloadTooLarge`.
struct BudgetFitter {
    let composer: PayloadComposer
    let cutter: TextCutter
    let budget: Int

    struct Fitted {
        var composition: PayloadComposer.Composition
        var trimmed: [TrimmedArgument]
        var bodyBytesTrimmed: Int
        var steps: [String]
    }

    func fit(_ bound: ArgumentBinder.Bound, pinned: Set<String>) throws(RenderError) -> Fitted {
        let full = try composer.compose(bound.values, pinned: pinned)
        if full.payload.count <= budget {
            return Fitted(composition: full, trimmed: [], bodyBytesTrimmed: 0, steps: ["full"])
        }
        let candidates = bound.truncatable.filter { (full.occurrences[$0.name] ?? 0) > 0 }
        var values = bound.values
        var attempt = full
        var trimmed: [TrimmedArgument] = []
        if !candidates.isEmpty {
            var occurrences = full.occurrences
            // Sharing is exact when occurrences do not depend on the trimmed text; a select on a
            // truncatable argument can change them, so re-measure and share again (at most thrice).
            for _ in 0..<3 {
                let texts = candidates.map { ($0.name, $0.text, occurrences[$0.name] ?? 0) }
                let fixed = attempt.payload.count - texts.reduce(0) { total, item in
                    total + item.2 * JSONEscaping.size(of: Self.current(values[item.0]))
                }
                let cuts = share(texts, available: budget - fixed)
                values = bound.values
                trimmed = []
                for (index, cut) in cuts.enumerated() where cut.count < texts[index].1.count || cut != texts[index].1 {
                    values[texts[index].0] = .string(String(decoding: cut, as: UTF8.self))
                    trimmed.append(
                        TrimmedArgument(
                            name: texts[index].0, bytesBefore: texts[index].1.count, bytesAfter: cut.count,
                            occurrences: texts[index].2, reason: "budget"))
                }
                attempt = try composer.compose(values, pinned: pinned)
                if attempt.payload.count <= budget || attempt.occurrences == occurrences { break }
                occurrences = attempt.occurrences
            }
            if attempt.payload.count <= budget {
                return Fitted(composition: attempt, trimmed: trimmed, bodyBytesTrimmed: 0, steps: ["full", "arguments"])
            }
        }
        return try trimBody(attempt, values: values, pinned: pinned, trimmed: trimmed)
    }

    private static func current(_ value: ArgumentValue?) -> [UInt8] {
        if case .string(let text)? = value { return Array(text.utf8) }
        return []
    }

    /// Cuts each text to its fair share of `available` escaped bytes, then lets trimmed texts grow
    /// by whole graphemes while bytes remain, then moves cuts back to word boundaries.
    private func share(_ texts: [(String, [UInt8], Int)], available: Int) -> [[UInt8]] {
        let sizes = texts.map { JSONEscaping.size(of: $0.1) }
        let shares = FairShare.shares(
            for: zip(sizes, texts).map { FairShare.Claim(size: $0, occurrences: $1.2) }, available: available)
        let ellipsisSize = cutter.ellipsisSize
        var cuts: [Int?] = texts.indices.map { index in
            if sizes[index] <= shares[index] { return nil }
            return cutter.graphemePrefix(of: texts[index].1, escapedLimit: shares[index] - ellipsisSize).length
        }
        func used(_ index: Int) -> Int {
            guard let cut = cuts[index] else { return sizes[index] * texts[index].2 }
            if shares[index] < ellipsisSize && cut == 0 { return 0 }
            return (JSONEscaping.size(of: texts[index].1[..<cut]) + ellipsisSize) * texts[index].2
        }
        var remaining = available - texts.indices.reduce(0) { $0 + used($1) }
        var grew = true
        while grew {
            grew = false
            for index in texts.indices {
                guard let cut = cuts[index], cut < texts[index].1.count else { continue }
                let next = cutter.nextGraphemeEnd(in: texts[index].1, after: cut)
                var cost = JSONEscaping.size(of: texts[index].1[cut..<next]) * texts[index].2
                if cut == 0 && shares[index] < ellipsisSize { cost += ellipsisSize * texts[index].2 }
                if cost <= remaining {
                    cuts[index] = next
                    remaining -= cost
                    grew = true
                }
            }
        }
        return texts.indices.map { index in
            guard let cut = cuts[index] else { return texts[index].1 }
            if cut >= texts[index].1.count { return texts[index].1 }
            if cut == 0 && shares[index] < ellipsisSize { return [] }
            return cutter.trimmed(texts[index].1, at: cutter.wordAligned(texts[index].1, cut: cut))
        }
    }

    /// Step 4: cut the body text before its first pinned argument.
    private func trimBody(
        _ attempt: PayloadComposer.Composition,
        values: [String: ArgumentValue],
        pinned: Set<String>,
        trimmed: [TrimmedArgument]
    ) throws(RenderError) -> Fitted {
        let overflow = attempt.payload.count - budget
        let keepSize = attempt.bodySize - overflow - cutter.ellipsisSize
        let body = attempt.bodyText
        if keepSize >= 0, !body.isEmpty {
            var length = cutter.graphemePrefix(of: body, escapedLimit: keepSize).length
            length = min(length, attempt.bodyPinnedStart)
            if length < attempt.bodyPinnedStart || attempt.bodyPinnedStart == Int.max {
                length = cutter.wordAligned(body, cut: length)
            }
            let cut = try composer.compose(values, pinned: pinned, bodyCut: (length, cutter.ellipsis))
            if cut.payload.count <= budget {
                return Fitted(
                    composition: cut, trimmed: trimmed,
                    bodyBytesTrimmed: attempt.bodySize - JSONEscaping.size(of: body[..<length]),
                    steps: trimmed.isEmpty ? ["full", "body"] : ["full", "arguments", "body"])
            }
        }
        let pinnedBytes = attempt.payload.count - attempt.bodySize
        throw RenderError(
            RenderError.Code.payloadTooLarge,
            "payload needs at least \(pinnedBytes) bytes without its body, over the budget of \(budget): "
                + "the JSON structure, title, subtitle, apns fields, data and pinned arguments "
                + "(\(pinned.sorted().joined(separator: ", "))) cannot be cut")
    }
}
