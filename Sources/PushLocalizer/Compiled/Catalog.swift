/// A loaded catalog, every message compiled: immutable, `Sendable`, and safe to render from many
/// threads at once. Load it once at start-up and keep it.
public struct Catalog: Sendable {
    /// Everything the catalog holds, in one object: a render passes the catalog along (a
    /// `RenderShape` keeps it) and a copy of the catalog is then one reference, not one per field
    /// (33 retains and releases per render when the fields were stored here).
    private final class Storage: Sendable {
        let source: CatalogSource
        let negotiator: LocaleNegotiator
        let templates: StringTable<CompiledTemplate>
        let ellipsisBytes: [UInt8]
        let rightToLeftLocales: Set<String>
        let optionalContentLocales: [PayloadComposer.ContentLocale]
        let contentOrders: StringTable<ContentOrder>
        let platformTemplates: PlatformTemplates

        init(
            source: CatalogSource,
            negotiator: LocaleNegotiator,
            templates: StringTable<CompiledTemplate>,
            rightToLeftLocales: Set<String>,
            optionalContentLocales: [PayloadComposer.ContentLocale],
            contentOrders: StringTable<ContentOrder>,
            platformTemplates: PlatformTemplates
        ) {
            self.source = source
            self.negotiator = negotiator
            self.templates = templates
            ellipsisBytes = Array(source.settings.ellipsis.utf8)
            self.rightToLeftLocales = rightToLeftLocales
            self.optionalContentLocales = optionalContentLocales
            self.contentOrders = contentOrders
            self.platformTemplates = platformTemplates
        }
    }

    private let storage: Storage

    /// The catalog as read from its files.
    public var source: CatalogSource { storage.source }
    /// Its settings (`pushloc.yaml`).
    public var settings: CatalogSettings { source.settings }
    /// Chooses locales for users.
    public var negotiator: LocaleNegotiator { storage.negotiator }
    var templates: StringTable<CompiledTemplate> { storage.templates }
    /// The ellipsis as UTF-8.
    var ellipsisBytes: [UInt8] { storage.ellipsisBytes }
    /// Locales written right to left (decided once here: it costs an ICU call per tag).
    var rightToLeftLocales: Set<String> { storage.rightToLeftLocales }
    /// Content mode's optional locales before the negotiated one is taken out: every catalog
    /// locale but the source, in `locale-priority` order, then alphabetically, with its chain.
    var optionalContentLocales: [PayloadComposer.ContentLocale] { storage.optionalContentLocales }
    /// Content mode's locales in payload order when the user's chain is the catalog's own for its
    /// first tag (the usual request), by that tag: the tag's entry, the source locale's (unless the
    /// tag is the source locale), then every other optional locale.
    var contentOrders: StringTable<ContentOrder> { storage.contentOrders }

    /// The templates compiled for `platform`'s payload shape: APNs's at load, the others' the
    /// first time they are asked for (`PlatformTemplates`). FCM's `data` mode uses
    /// `fcmContentTemplates` for its content document.
    func templates(for platform: Platform) -> StringTable<CompiledTemplate> {
        switch platform {
        case .apns: templates
        case .fcm: storage.platformTemplates.templates(.fcm)
        case .webpush: storage.platformTemplates.templates(.webPush)
        }
    }

    /// Compiles the templates for every platform now, instead of on each platform's first request
    /// (what a long-running service does before it serves: no request then waits for it).
    public func compilePlatforms() {
        for variant in PlatformTemplates.Variant.allCases { _ = storage.platformTemplates.templates(variant) }
    }

    /// The templates compiled for the content document of FCM `data` messages (`FCMContentShape`).
    var fcmContentTemplates: StringTable<CompiledTemplate> { storage.platformTemplates.templates(.fcmContent) }

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

    /// The catalog of `source` compiled without payload plans: every render then takes the
    /// composer's path, which writes the same bytes. For measuring what the plans buy
    /// (`bench-tool caches`); a service has no reason to use it.
    /// - Throws: `CatalogLoadError` for every message that does not compile.
    @_spi(Measuring)
    public static func withoutPlans(_ source: CatalogSource) throws(CatalogLoadError) -> Catalog {
        try Catalog(source: source, makesPlans: false)
    }

    /// Compiles an already loaded catalog source; without `makesPlans`, no payload plan is made
    /// (lint renders each template in each locale about once, where a plan would not pay off).
    init(source: CatalogSource, makesPlans: Bool) throws(CatalogLoadError) {
        let sourceLocale = source.settings.sourceLocale
        let negotiator = LocaleNegotiator(available: source.locales.map(\.tag), sourceLocale: sourceLocale)
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
        let apnsTemplates = compiled.map(\.0)
        let platformTemplates = PlatformTemplates { shape in
            let reshaped = apnsTemplates.parallelMap { template in
                let other = template.reshaped(shape)
                return makesPlans ? other.planned(isolation: isolation, contentLocales: contentLocales) : other
            }
            return StringTable(reshaped.map { (key: $0.template.key, value: $0) })
        }
        storage = Storage(
            source: source,
            negotiator: negotiator,
            templates: StringTable(compiled.map { (key: $0.0.template.key, value: $0.0) }),
            rightToLeftLocales: rightToLeftLocales,
            optionalContentLocales: optionalContentLocales,
            contentOrders: StringTable(
                contentLocales.map { first in
                    let required = first.tag == sourceLocale ? [first] : [first, sourceContentLocale]
                    return (
                        key: first.tag,
                        value: ContentOrder(required + optionalContentLocales.filter { $0.tag != first.tag })
                    )
                }
            ),
            platformTemplates: platformTemplates
        )
    }

    /// The keys of every template, sorted.
    public var templateKeys: [String] { templates.allKeys.sorted() }

    /// The template with `key`, as written.
    public func template(_ key: String) -> Template? { templates[key]?.template }
}
