import ArgumentParser
import PushLocalizer

/// `pushloc coverage`: per-locale translation coverage.
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Show how much of the catalog each locale translates.",
        discussion: """
            Per locale: templates complete, partial and missing; fields translated, missing and \
            identical to the source (identical ones count as translated); the translated share of fields. \
            With --missing, also the templates and fields each locale does not translate.
            """
    )

    @OptionGroup var catalog: CatalogOption

    @Option(help: "text or json.")
    var format = "text"

    @Flag(help: "List each locale's untranslated templates and fields.")
    var missing = false

    func run() throws {
        guard format == "text" || format == "json" else {
            throw CommandFailure.usage("--format must be text or json, got '\(format)'")
        }
        let coverage = TranslationCoverage(source: try CatalogSourceLoader.load(catalog.directory))
        let text =
            format == "json"
            ? coverage.json(listingMissing: missing) : missing ? coverage.tableWithMissing : coverage.table
        Standard.output(Array(text.utf8))
    }
}

/// Loads a catalog as written, without compiling its messages: preview and coverage still work
/// when some message elsewhere does not compile. A catalog that cannot be read is unreadable
/// input (exit 2), one `file:line:column: error: message` line per problem.
enum CatalogSourceLoader {
    static func load(_ directory: String) throws -> CatalogSource {
        do {
            return try CatalogSource.load(from: directory)
        } catch {
            throw CommandFailure(lines: error.errors.map(\.description), exitCode: 2)
        }
    }
}
