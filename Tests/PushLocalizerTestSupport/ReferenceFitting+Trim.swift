// The reference renderer reads the library's internals (`@testable import`), which a debug
// build exposes; a release build of the package compiles this target empty.
#if DEBUG
@testable import PushLocalizer

extension ReferenceFitting {
    /// `overflow: trim`: every locale stays; the optional locales' bodies (one claim each) and the
    /// truncatable texts (one claim per occurrence elsewhere) share the free bytes. Bodies cut
    /// alike may become aliases and free bytes, which are shared again: the amount shared grows
    /// by what a fitting payload leaves free, and one that overflows is bisected against the
    /// largest that fitted (twelve rounds at most). The largest payload that fits wins; when none
    /// does, or even empty optional bodies do not fit, the locales are dropped instead.
    func trimLocales(
        _ all: [ReferenceComposer.Entry],
        required: [ReferenceComposer.Entry],
        full: ReferenceComposer.Composed
    ) throws(RenderError) -> Fitted? {
        var rendered: [String: [(field: MessageField, text: [UInt8])]] = [:]
        for entry in all { rendered[entry.tag] = try composer.contentTexts(entry, bound.values) }
        func same(_ one: String, _ other: String) -> Bool {
            guard let left = rendered[one], let right = rendered[other], left.count == right.count else { return false }
            return zip(left, right).allSatisfy { $0.field == $1.field && $0.text == $1.text }
        }
        // The optional bodies that are claims: not those written as an alias of an earlier entry.
        let bodies = all.dropFirst(required.count).compactMap { entry -> (tag: String, text: [UInt8])? in
            guard !full.aliases.contains(entry.tag),
                let body = rendered[entry.tag]?.first(where: { $0.field == .body })
            else { return nil }
            return (entry.tag, body.text)
        }
        // An alias takes the cut of the entry it equals.
        let followers = full.contentLocales.enumerated().compactMap { index, tag -> (tag: String, target: String)? in
            guard full.aliases.contains(tag), rendered[tag] != nil else { return nil }
            let target = full.contentLocales[..<index].first { !full.aliases.contains($0) && same($0, tag) }
            return target.map { (tag, $0) }
        }
        // Followers hold their target's body from the start, so that measuring an argument (one
        // more letter) changes both alike and they stay aliases, as they are in the payload.
        var layout = ReferenceComposer.Layout(content: all)
        for body in bodies { layout.bodies[body.tag] = body.text }
        for follower in followers {
            if let body = layout.bodies[follower.target] { layout.bodies[follower.tag] = body }
        }
        let measured = try composer.compose(bound.values, layout)
        var arguments: [(slot: Int, text: [UInt8], occurrences: Int)] = []
        for slot in bound.truncatable {
            let count = try occurrences(of: slot, bound.values, layout)
            guard count > 0, case .string(let text)? = bound.values[slot] else { continue }
            arguments.append((slot, Array(text.utf8), count))
        }
        let texts = arguments.map(\.text) + bodies.map(\.text)
        let counts = arguments.map(\.occurrences) + bodies.map { _ in 1 }
        let fixed = measured.payload.count - zip(texts, counts).reduce(0) { $0 + ReferenceJSON.size($1.0) * $1.1 }
        guard fixed <= budget else { return try dropLocales(all, required: required) }
        var best: Fitted?
        var fitted: Int?
        var overflowing: Int?
        var available = budget - fixed
        var previous: [[UInt8]] = []
        for _ in 0..<12 {
            let cuts = ReferenceShare(ellipsis: ellipsis, locale: locale).share(
                texts,
                occurrences: counts,
                available: available
            )
            if cuts == previous { break }
            previous = cuts
            var values = bound.values
            var trimmed: [TrimmedArgument] = []
            for (index, argument) in arguments.enumerated() where cuts[index] != argument.text {
                values[argument.slot] = .string(String(decoding: cuts[index], as: UTF8.self))
                trimmed.append(
                    .sharingBudget(
                        name: composer.compiled.template.arguments[argument.slot].name,
                        bytesBefore: argument.text.count,
                        bytesAfter: cuts[index].count,
                        occurrences: argument.occurrences
                    )
                )
            }
            for (offset, body) in bodies.enumerated() { layout.bodies[body.tag] = cuts[arguments.count + offset] }
            for follower in followers {
                if let body = layout.bodies[follower.target] { layout.bodies[follower.tag] = body }
            }
            let composed = try composer.compose(values, layout)
            let size = composed.payload.count
            var next: Int
            if size <= budget {
                if size >= best?.payload.count ?? 0 {
                    best = finished(
                        composed,
                        layout,
                        values: values,
                        steps: trimmed.isEmpty ? ["full", "locales"] : ["full", "locales", "arguments"],
                        trimmed: trimmed
                    )
                }
                fitted = max(fitted ?? available, available)
                next = available + budget - size
                if let overflowing, next >= overflowing { next = (available + overflowing) / 2 }
            } else {
                overflowing = min(overflowing ?? available, available)
                next = fitted.map { ($0 + available) / 2 } ?? available - (size - budget)
            }
            if next == available || next <= (fitted ?? Int.min) { break }
            available = next
        }
        if let best { return best }
        return try dropLocales(all, required: required)
    }
}
#endif
