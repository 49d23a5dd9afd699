// The reference renderer reads the library's internals (`@testable import`), which a debug
// build exposes; a release build of the package compiles this target empty.
#if DEBUG
import ICUKit

@testable import PushLocalizer

extension ReferenceFitting {
    struct Shared {
        var composed: ReferenceComposer.Composed
        var values: [ArgumentValue?]
        var trimmed: [TrimmedArgument]
    }

    /// Step 2: the truncatable texts that occur share the bytes the rest leaves free, max-min
    /// fairly; measured again and shared again while a cut changes where they occur (three times
    /// at most).
    func share(_ layout: ReferenceComposer.Layout) throws(RenderError) -> Shared {
        var values = bound.values
        var composed = try composer.compose(values, layout)
        var landed = try landings(values, layout)
        let candidates = bound.truncatable.indices.filter { landed[$0] > 0 }
        guard !candidates.isEmpty else { return Shared(composed: composed, values: values, trimmed: []) }
        let wholes = candidates.map { bytes(bound.values[bound.truncatable[$0]]) }
        var current = wholes
        var trimmed: [TrimmedArgument] = []
        for _ in 0..<3 {
            let counts = candidates.map { landed[$0] }
            let fixed = composed.payload.count - zip(current, counts).reduce(0) { $0 + ReferenceJSON.size($1.0) * $1.1 }
            let cuts = ReferenceShare(ellipsis: ellipsis, locale: locale).share(
                wholes,
                occurrences: counts,
                available: budget - fixed
            )
            values = bound.values
            trimmed = []
            for (index, candidate) in candidates.enumerated() where cuts[index] != wholes[index] {
                let slot = bound.truncatable[candidate]
                values[slot] = .string(String(decoding: cuts[index], as: UTF8.self))
                trimmed.append(
                    .sharingBudget(
                        name: composer.compiled.template.arguments[slot].name,
                        bytesBefore: wholes[index].count,
                        bytesAfter: cuts[index].count,
                        occurrences: counts[index]
                    )
                )
            }
            current = cuts
            composed = try composer.compose(values, layout)
            let now = try landings(values, layout)
            if composed.payload.count <= budget || now == landed { break }
            landed = now
        }
        return Shared(composed: composed, values: values, trimmed: trimmed)
    }

    /// How often each truncatable text occurs, by its index in `bound.truncatable`.
    private func landings(_ values: [ArgumentValue?], _ layout: ReferenceComposer.Layout) throws(RenderError) -> [Int] {
        var counts: [Int] = []
        for slot in bound.truncatable { counts.append(try occurrences(of: slot, values, layout)) }
        return counts
    }

    private func bytes(_ value: ArgumentValue?) -> [UInt8] {
        guard case .string(let text)? = value else { return [] }
        return Array(text.utf8)
    }
}
#endif
