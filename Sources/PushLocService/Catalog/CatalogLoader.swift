import DisplayLayout
import PushLocalizer

/// Why a catalog could not be taken into service.
public struct CatalogRejection: Error, Sendable, CustomStringConvertible {
    /// One line per problem (`file:line:column: error: message`, or a lint summary).
    public var lines: [String]

    /// The problems, one per line.
    public var description: String { lines.joined(separator: "\n") }
}

/// Loads, compiles and lints a catalog directory.
enum CatalogLoader {
    /// Loads the catalog in `root`.
    /// - Parameter requireClean: reject a catalog with lint errors (reloads); the first load
    ///   serves whatever `pushloc batch` would serve.
    static func load(root: String, requireClean: Bool) throws(CatalogRejection) -> LoadedCatalog {
        guard let version = CatalogVersion.of(root: root) else {
            throw CatalogRejection(lines: ["\(root): cannot read the catalog's files"])
        }
        let source: CatalogSource
        let catalog: Catalog
        do {
            source = try CatalogSource.load(from: root)
            catalog = try Catalog(source: source)
        } catch {
            throw CatalogRejection(lines: error.errors.map(\.description))
        }
        // The estimator as `pushloc lint` has it, so that `display-truncation` answers alike.
        let report = Linter(source: source, estimator: LineWrapEstimator()).lint()
        if requireClean, report.errorCount > 0 {
            throw CatalogRejection(lines: ["lint: \(report.summaryLine)"])
        }
        // Every platform's templates before the catalog serves: no request waits for them.
        catalog.compilePlatforms()
        return LoadedCatalog(
            catalog: catalog,
            version: version,
            lintWarnings: report.warningCount,
            lintErrors: report.errorCount
        )
    }
}
