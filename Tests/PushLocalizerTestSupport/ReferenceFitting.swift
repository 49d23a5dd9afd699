// The reference renderer reads the library's internals (`@testable import`), which a debug
// build exposes; a release build of the package compiles this target empty.
#if DEBUG
import ICUKit
import MessageFormat

@testable import PushLocalizer

/// The budget steps, plainly: compose, measure, cut, compose again.
struct ReferenceFitting {
    let composer: ReferenceComposer
    let bound: ArgumentBinder.Bound
    let budget: Int
    let ellipsis: [UInt8]
    let locale: String

    struct Fitted {
        var payload: [UInt8]
        var report: RenderReport
    }

    var ellipsisSize: Int { ReferenceJSON.size(ellipsis) }

    /// Fits the payload.
    mutating func fit(
        content: (entries: [ReferenceComposer.Entry], required: Int)?,
        overflow: OverflowPolicy
    ) throws(RenderError) -> Fitted {
        let all = content?.entries ?? []
        let required = Array(all.prefix(content?.required ?? 0))
        let optional = all.dropFirst(required.count).map(\.tag)
        // Step 1: everything, whole.
        let full = try composer.compose(bound.values, .init(content: all))
        if full.payload.count <= budget {
            return finished(full, .init(content: all), values: bound.values, steps: ["full"])
        }
        // Step 3 first for `drop`: optional locales join in order while the payload fits with every argument whole.
        if content != nil, overflow == .drop, !optional.isEmpty, let fitted = try dropLocales(all, required: required) {
            return fitted
        }
        if content != nil, overflow == .trim, !optional.isEmpty,
            let fitted = try trimLocales(all, required: required, full: full)
        {
            return fitted
        }
        // Step 2 over the required locales only: truncatable texts share the free bytes.
        let kept = ReferenceComposer.Layout(content: required)
        let shared = try share(kept)
        if shared.composed.payload.count <= budget {
            var fitted = finished(
                shared.composed,
                kept,
                values: shared.values,
                steps: optional.isEmpty ? ["full", "arguments"] : ["full", "locales", "arguments"],
                trimmed: shared.trimmed
            )
            fitted.report.droppedLocales = optional
            return fitted
        }
        // Step 4: the alert body, cut before its first pinned argument.
        if content == nil, let body = try composer.body(shared.values), !body.text.isEmpty {
            let bodySize = ReferenceJSON.size(body.text)
            let keep = bodySize - (shared.composed.payload.count - budget) - ellipsisSize
            if keep >= 0 {
                let cutter = ReferenceShare(ellipsis: ellipsis, locale: locale)
                var length = min(cutter.graphemePrefix(body.text, limit: keep), body.pinnedStart)
                length = cutter.wordAligned(body.text, cut: length)
                let layout = ReferenceComposer.Layout(
                    body: Array(body.text[..<min(length, body.text.count)]) + ellipsis
                )
                let cut = try composer.compose(shared.values, layout)
                if cut.payload.count <= budget {
                    var fitted = finished(
                        cut,
                        layout,
                        values: shared.values,
                        steps: shared.trimmed.isEmpty ? ["full", "body"] : ["full", "arguments", "body"],
                        trimmed: shared.trimmed,
                        bodyCut: (body.text, length)
                    )
                    fitted.report.bodyBytesTrimmed = bodySize - ReferenceJSON.size(Array(body.text[..<length]))
                    return fitted
                }
            }
        }
        throw try tooLarge(ReferenceComposer.Layout(content: required), content: content != nil)
    }

    /// `overflow: drop`: optional locales join in order while the payload fits with every argument
    /// whole; nil when the required ones alone do not fit.
    func dropLocales(
        _ all: [ReferenceComposer.Entry],
        required: [ReferenceComposer.Entry]
    ) throws(RenderError)
        -> Fitted?
    {
        let layout = ReferenceComposer.Layout(content: all, optionalFrom: required.count, optionalBudget: budget)
        let dropped = try composer.compose(bound.values, layout)
        guard dropped.payload.count <= budget else { return nil }
        let kept = ReferenceComposer.Layout(content: Array(all.prefix(dropped.contentLocales.count)))
        let droppedTags = all.dropFirst(dropped.contentLocales.count).map(\.tag)
        var fitted = finished(
            dropped,
            kept,
            values: bound.values,
            steps: droppedTags.isEmpty ? ["full"] : ["full", "locales"]
        )
        fitted.report.droppedLocales = droppedTags
        return fitted
    }

    /// Step 5's error: the smallest payload any fitting reaches, every truncatable text empty and,
    /// without content, the body cut to the ellipsis.
    private func tooLarge(_ layout: ReferenceComposer.Layout, content: Bool) throws(RenderError) -> RenderError {
        var emptied = bound.values
        for slot in bound.truncatable { emptied[slot] = .string("") }
        var minimum = try composer.compose(emptied, layout).payload.count
        if !content, let body = try composer.body(emptied), !body.text.isEmpty {
            minimum += ellipsisSize - ReferenceJSON.size(body.text)
        }
        let pinned = composer.compiled.pinnedNames
        return RenderError(
            RenderError.Code.payloadTooLarge,
            "payload needs at least \(minimum) bytes, over the budget of \(budget) by \(minimum - budget): "
                + "the JSON structure, the fixed text, apns fields, data"
                + (content ? ", the required locales" : "")
                + " and the pinned arguments (\(pinned.isEmpty ? "none" : pinned.sorted().joined(separator: ", "))) cannot be cut"
        )
    }

    /// How often the text argument in `slot` occurs in the payload `layout` gives: the bytes one
    /// more letter at its end adds.
    func occurrences(
        of slot: Int,
        _ values: [ArgumentValue?],
        _ layout: ReferenceComposer.Layout,
        bodyCut: (text: [UInt8], length: Int)? = nil
    ) throws(RenderError) -> Int {
        guard case .string(let text)? = values[slot] else { return 0 }
        var longer = values
        longer[slot] = .string(text + "a")
        let extra = try composer.compose(longer, layout).payload.count - composer.compose(values, layout).payload.count
        guard let bodyCut else { return extra }
        // The cut body is fixed bytes: an argument that starts before the cut occurs there too.
        guard let found = composer.compiled.message(for: .body, along: composer.chain) else { return extra }
        let spans = try composer.spans(found.message, values, isolate: composer.isolates(found.rightToLeft)).spans
        return extra + spans.filter { $0.slot == slot && $0.range.lowerBound < bodyCut.length }.count
    }

    /// The payload and its report.
    func finished(
        _ composed: ReferenceComposer.Composed,
        _ layout: ReferenceComposer.Layout,
        values: [ArgumentValue?],
        steps: [String],
        trimmed: [TrimmedArgument] = [],
        bodyCut: (text: [UInt8], length: Int)? = nil
    ) -> Fitted {
        var arguments: [TrimmedArgument] = []
        for var capped in bound.trimmedByCap {
            let slot = composer.compiled.slot(of: capped.name)
            capped.occurrences = slot.flatMap { try? occurrences(of: $0, values, layout, bodyCut: bodyCut) } ?? 0
            arguments.append(capped)
        }
        return Fitted(
            payload: composed.payload,
            report: RenderReport(
                bytes: composed.payload.count,
                budget: budget,
                fieldLocales: composed.fieldLocales,
                includedLocales: composed.contentLocales,
                droppedLocales: [],
                trimmedArguments: arguments + trimmed,
                bodyBytesTrimmed: 0,
                steps: steps
            )
        )
    }
}
#endif
