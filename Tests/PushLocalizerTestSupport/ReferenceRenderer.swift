// The reference renderer reads the library's internals (`@testable import`), which a debug
// build exposes; a release build of the package compiles this target empty.
#if DEBUG
import ICUKit
import MessageFormat

@testable import PushLocalizer

/// A deliberately plain renderer, the oracle of the rendering property tests: it composes the
/// whole payload as JSON, measures it, and fits it step by step as the budget rules say (full
/// render; fair share of the free bytes among truncatable arguments, each cut at an ICU grapheme
/// boundary, moved back to an ICU word boundary within 24 bytes, then the ellipsis; content
/// mode's optional locales dropped; the body cut; else `payloadTooLarge`). No plans, no caches,
/// no vector code, no shortcut that measures without composing: every size is the size of bytes
/// it composed. It shares with the library only what is not rendering: the catalog as loaded,
/// negotiation, argument binding, message formatting and the headers.
public struct ReferenceRenderer {
    let catalog: Catalog

    /// A renderer over `catalog`.
    public init(_ catalog: Catalog) {
        self.catalog = catalog
    }

    /// What a render gives: the payload, headers and report, or the error.
    public enum Outcome: Equatable, CustomStringConvertible {
        case rendered(payload: [UInt8], headers: [String], locale: String, report: RenderReport)
        case failed(code: String, message: String)

        /// The outcome of a library render.
        public init(_ render: () throws(RenderError) -> RenderedNotification) {
            do {
                let rendered = try render()
                self = .rendered(
                    payload: rendered.payload,
                    headers: rendered.headers.map { "\($0.name): \($0.value)" },
                    locale: rendered.locale,
                    report: rendered.report
                )
            } catch {
                self = .failed(code: error.code, message: error.message)
            }
        }

        public var description: String {
            switch self {
            case .rendered(let payload, let headers, let locale, let report):
                "rendered \(locale) \(headers) \(String(decoding: payload, as: UTF8.self)) "
                    + String(decoding: report.json, as: UTF8.self)
            case .failed(let code, let message): "failed \(code): \(message)"
            }
        }
    }

    /// Renders `request` the plain way.
    public func render(_ request: RenderRequest) -> Outcome {
        do {
            return try renderOrThrow(request)
        } catch {
            return .failed(code: error.code, message: error.message)
        }
    }

    private func renderOrThrow(_ request: RenderRequest) throws(RenderError) -> Outcome {
        // The request's key, budget and push type, checked and defaulted as the library does.
        let prepared = try catalog.prepare(
            request.key,
            mode: request.mode,
            budget: request.budget,
            pushType: request.pushType
        )
        let compiled = prepared.compiled
        let pushType = prepared.pushType
        let budget = prepared.budget
        try catalog.checkTimeZone(request.timeZone)
        let chain = catalog.negotiator.chain(for: request.locales)
        let locale = chain.first ?? catalog.settings.sourceLocale
        let bound = try ArgumentBinder(compiled: compiled, cutter: cutter(locale)).bind(request.arguments)
        let composer = ReferenceComposer(
            compiled: compiled,
            mode: request.mode,
            chain: chain,
            timeZone: request.timeZone,
            isolation: catalog.settings.bidiIsolation
        )
        var fitting = ReferenceFitting(
            composer: composer,
            bound: bound,
            budget: budget,
            ellipsis: catalog.ellipsisBytes,
            locale: locale
        )
        let entries = request.mode == .content ? contentEntries(chain: chain) : nil
        let fitted = try fitting.fit(content: entries, overflow: request.overflow ?? catalog.settings.overflow)
        let headers = try catalog.headers(
            compiled,
            pushType: pushType,
            values: bound.values,
            now: request.now,
            timeZone: request.timeZone
        )
        // What each requested tag matched is the negotiator's answer, whatever the mode.
        var report = fitted.report
        report.negotiation = catalog.negotiator.matches(for: request.locales)
        return .rendered(
            payload: fitted.payload,
            headers: headers.map { "\($0.name): \($0.value)" },
            locale: locale,
            report: report
        )
    }

    private func cutter(_ locale: String) -> TextCutter {
        TextCutter(ellipsis: catalog.ellipsisBytes, locale: locale)
    }

    /// Content mode's entries: the negotiated locale along the user's chain and the source locale
    /// (required), then every other catalog locale along its own chain, in `locale-priority`
    /// order, then alphabetically.
    func contentEntries(chain: [String]) -> (entries: [ReferenceComposer.Entry], required: Int) {
        let source = catalog.settings.sourceLocale
        let negotiated = chain.first ?? source
        var entries = [ReferenceComposer.Entry(tag: negotiated, chain: chain)]
        if negotiated != source { entries.append(ReferenceComposer.Entry(tag: source, chain: [source])) }
        let required = entries.count
        let others = catalog.source.locales.map(\.tag).filter { $0 != source }
        var ordered: [String] = []
        for tag in catalog.settings.localePriority where others.contains(tag) && !ordered.contains(tag) {
            ordered.append(tag)
        }
        for tag in others.sorted() where !ordered.contains(tag) { ordered.append(tag) }
        for tag in ordered where tag != negotiated {
            entries.append(ReferenceComposer.Entry(tag: tag, chain: catalog.negotiator.chain(for: [tag])))
        }
        return (entries, required)
    }
}
#endif
