/// A loaded catalog, every message compiled: immutable, `Sendable`, and safe to render from many
/// threads at once. Load it once at start-up and keep it.
public struct Catalog: Sendable {
    /// The catalog as read from its files.
    public let source: CatalogSource
    /// Its settings (`pushloc.yaml`).
    public var settings: CatalogSettings { source.settings }
    /// Chooses locales for users.
    public let negotiator: LocaleNegotiator
    let templates: StringTable<CompiledTemplate>
    /// The ellipsis as UTF-8.
    let ellipsisBytes: [UInt8]
    /// Locales written right to left (decided once here: it costs an ICU call per tag).
    let rightToLeftLocales: Set<String>
    /// Content mode's optional locales before the negotiated one is taken out: every catalog
    /// locale but the source, in `locale-priority` order, then alphabetically, with its chain.
    let optionalContentLocales: [PayloadComposer.ContentLocale]
    /// Content mode's locales in payload order when the user's chain is the catalog's own for its
    /// first tag (the usual request), by that tag: the tag's entry, the source locale's (unless the
    /// tag is the source locale), then every other optional locale.
    let contentOrders: StringTable<ContentOrder>

    /// Loads and compiles the catalog in `root` (a directory holding `Templates/` and `Locales/`).
    /// - Throws: `CatalogLoadError` listing every problem with its `file:line:column`.
    public static func load(from root: String) throws(CatalogLoadError) -> Catalog {
        try Catalog(source: CatalogSource.load(from: root))
    }

    /// Compiles an already loaded catalog source.
    /// - Throws: `CatalogLoadError` for every message that does not compile.
    public init(source: CatalogSource) throws(CatalogLoadError) {
        try self.init(source: source, makesPlans: true)
    }

    /// Compiles an already loaded catalog source; without `makesPlans`, no payload plan is made
    /// (lint renders each template in each locale about once, where a plan would not pay off).
    init(source: CatalogSource, makesPlans: Bool) throws(CatalogLoadError) {
        self.source = source
        let sourceLocale = source.settings.sourceLocale
        negotiator = LocaleNegotiator(available: source.locales.map(\.tag), sourceLocale: sourceLocale)
        let tags = source.locales.map(\.tag) + [sourceLocale]
        let rightToLeftLocales = Set(tags.filter(ScriptDirection.isRightToLeft))
        let isolation = source.settings.bidiIsolation
        let others = Set(source.locales.map(\.tag)).subtracting([sourceLocale])
        let prioritized = source.settings.localePriority.filter { others.contains($0) }
        var seen = Set<String>()
        let ordered = (prioritized + others.subtracting(prioritized).sorted()).filter { seen.insert($0).inserted }
        // Ordinals follow `contentLocales` below: each template plans the entries in that order.
        let optionalContentLocales = ordered.enumerated().map { [negotiator] ordinal, tag in
            PayloadComposer.ContentLocale(tag: tag, chain: negotiator.chain(for: [tag]), ordinal: ordinal)
        }
        let sourceContentLocale = PayloadComposer.ContentLocale(
            tag: sourceLocale,
            chain: negotiator.chain(for: [sourceLocale]),
            ordinal: optionalContentLocales.count
        )
        let contentLocales = optionalContentLocales + [sourceContentLocale]
        // Templates compile independently: one compiler each, on every core.
        let compiled = source.templates.parallelMap { template in
            var compiler = CatalogCompiler(sourceLocale: sourceLocale, rightToLeftLocales: rightToLeftLocales)
            let compiled = compiler.compile(template, translations: source.locales)
            return (
                makesPlans ? compiled.planned(isolation: isolation, contentLocales: contentLocales) : compiled,
                compiler.errors
            )
        }
        let errors = compiled.flatMap(\.1)
        if !errors.isEmpty {
            throw CatalogLoadError(errors: errors.sorted())
        }
        templates = StringTable(compiled.map { (key: $0.0.template.key, value: $0.0) })
        ellipsisBytes = Array(source.settings.ellipsis.utf8)
        self.rightToLeftLocales = rightToLeftLocales
        self.optionalContentLocales = optionalContentLocales
        contentOrders = StringTable(
            contentLocales.map { first in
                let required = first.tag == sourceLocale ? [first] : [first, sourceContentLocale]
                return (
                    key: first.tag,
                    value: ContentOrder(required + optionalContentLocales.filter { $0.tag != first.tag })
                )
            }
        )
    }

    /// The keys of every template, sorted.
    public var templateKeys: [String] { templates.allKeys.sorted() }

    /// The template with `key`, as written.
    public func template(_ key: String) -> Template? { templates[key]?.template }
}
