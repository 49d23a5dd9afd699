import DisplayLayout
import Foundation
import Hummingbird
import PushLocalizer

/// `GET /v1/templates` and `POST /v1/lint`: what the catalog in service offers, and its lint.
struct CatalogRoutes {
    let store: CatalogStore

    func register(on router: Router<ServiceRequestContext>) {
        router.get(RouterPath(ServiceRoutes.templates)) { _, context in
            guard let loaded = context.catalog else { throw Problem.notReady }
            return try Self.json(TemplateListing(loaded))
        }
        router.post(RouterPath(ServiceRoutes.lint)) { _, context in
            guard let loaded = context.catalog else { throw Problem.notReady }
            let report = Linter(source: loaded.catalog.source, estimator: LineWrapEstimator()).lint()
            let options = LintOutputOptions.forCatalog(
                store.root,
                currentDirectory: FileManager.default.currentDirectoryPath,
                usesColor: false
            )
            return Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: report.formatted(as: .json, options: options)))
            )
        }
    }

    static func json(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return Response(
            status: .ok,
            headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}

/// The body of `GET /v1/templates`.
struct TemplateListing: Encodable {
    struct Argument: Encodable {
        var name: String
        var type: String
        var truncate: Bool
        var maxBytes: Int?
    }

    struct Entry: Encodable {
        var key: String
        var description: String?
        var arguments: [Argument]
        var budget: Int?
    }

    var catalogVersion: String
    var sourceLocale: String
    var locales: [String]
    var templates: [Entry]

    init(_ loaded: LoadedCatalog) {
        let source = loaded.catalog.source
        catalogVersion = loaded.version
        sourceLocale = source.settings.sourceLocale
        locales = Array(Set(source.locales.map(\.tag) + [sourceLocale])).sorted()
        templates = source.templates.map { template in
            Entry(
                key: template.key,
                description: template.description,
                arguments: template.arguments.map {
                    Argument(name: $0.name, type: $0.type.rawValue, truncate: $0.truncate, maxBytes: $0.maxBytes)
                },
                budget: template.budget
            )
        }
    }
}
