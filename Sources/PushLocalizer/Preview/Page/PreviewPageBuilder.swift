/// Builds the page of `pushloc preview --html`: for each template and locale, the variants
/// `pushloc preview` lists and the worst-case argument sets (see ``PreviewArgumentSets``), each
/// rendered as a real APNs payload (``Catalog/render(_:)``) whose fields the estimator sets on every
/// ``DisplaySurface``.
public struct PreviewPageBuilder: Sendable {
    /// The catalog.
    public let catalog: Catalog
    private let estimator: any LineWrapEstimating
    private let previews: PreviewBuilder

    /// Creates a builder.
    /// - Parameters:
    ///   - catalog: a compiled catalog; its `display` settings give the surfaces.
    ///   - estimator: lays the text out (the `DisplayLayout` target's `LineWrapEstimator`).
    public init(catalog: Catalog, estimator: any LineWrapEstimating) {
        self.catalog = catalog
        self.estimator = estimator
        previews = PreviewBuilder(source: catalog.source)
    }

    /// Builds the page.
    /// - Parameters:
    ///   - keys: the templates, in the order given; empty for every template in catalog order.
    ///   - locales: the locales, negotiated as `pushloc preview` negotiates them; nil for all.
    ///   - arguments: values for declared arguments, used in every row (an argument given a value
    ///     is neither varied nor replaced by a worst-case name).
    /// - Returns: the page.
    /// - Throws: ``PreviewPageError`` for an unknown key, locale or argument, or text the estimator
    ///   cannot lay out.
    public func page(
        keys: [String] = [],
        locales: [String]? = nil,
        arguments: [String: JSONValue] = [:]
    ) throws(PreviewPageError) -> PreviewPage {
        let chosen = keys.isEmpty ? catalog.source.templates.map(\.key) : keys
        var layout = CardLayout(estimator: estimator, settings: catalog.settings.display)
        var rows: [PreviewRow] = []
        for key in chosen {
            let preview: TemplatePreview
            do {
                preview = try previews.preview(key: key, locales: locales, arguments: arguments)
            } catch {
                throw .preview(error)
            }
            guard let template = catalog.source.template(forKey: key) else { throw .preview(.unknownKey(key)) }
            for locale in preview.locales {
                let sets = PreviewArgumentSets(template: template, locale: locale, given: arguments)
                for set in sets.all {
                    rows.append(try row(template, locale: locale, set: set, layout: &layout))
                }
            }
        }
        return PreviewPage(settings: catalog.settings.display, rows: rows)
    }

    private func row(
        _ template: Template,
        locale: LocalePreview,
        set: PreviewArgumentSets.Set,
        layout: inout CardLayout
    ) throws(PreviewPageError) -> PreviewRow {
        var row = PreviewRow(
            key: template.key,
            locale: locale.locale,
            requested: locale.requested,
            kind: set.kind,
            variant: set.variant,
            arguments: set.display,
            payloadBytes: nil,
            budget: nil,
            fieldLocales: [],
            trimmed: [],
            error: nil,
            cards: []
        )
        let request = RenderRequest(
            key: template.key,
            locales: [locale.requested ?? locale.locale],
            mode: .resolved,
            arguments: set.values,
            now: ExampleArguments.exampleInstant / 1000
        )
        let rendered: RenderedNotification
        do {
            rendered = try catalog.render(request)
        } catch {
            row.error = error.description
            return row
        }
        row.payloadBytes = rendered.report.bytes
        row.budget = rendered.report.budget
        row.trimmed = rendered.report.trimmedArguments.map {
            "\($0.name): \($0.bytesBefore) → \($0.bytesAfter) bytes (\($0.reason))"
        }
        let alert = (try? JSONParser.parse(rendered.payloadText))?["aps"]?["alert"]
        var texts: [(field: MessageField, text: String, locale: String)] = []
        for field in MessageField.allCases {
            guard let text = alert?[field.rawValue]?.stringValue else { continue }
            let fieldLocale = rendered.report.fieldLocales[field] ?? rendered.locale
            row.fieldLocales.append((field, fieldLocale))
            texts.append((field, text, fieldLocale))
        }
        do {
            row.cards = try DisplaySurface.allCases.map { (surface) throws(LineWrapError) in
                try layout.card(surface, texts: texts)
            }
        } catch {
            throw .layout(error, key: template.key, locale: locale.locale)
        }
        return row
    }
}

/// Why a preview page cannot be made.
public enum PreviewPageError: Error, Sendable, CustomStringConvertible {
    /// An unknown key, locale or argument, or a value of the wrong type (as `pushloc preview`).
    case preview(PreviewError)
    /// The estimator could not lay a text out (no font for the style).
    case layout(LineWrapError, key: String, locale: String)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .preview(let error): error.description
        case .layout(let error, let key, let locale): "cannot lay out '\(key)' in \(locale): \(error.message)"
        }
    }
}
