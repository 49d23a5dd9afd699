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
    var format = TableFormat.text

    @Flag(help: "List each locale's untranslated templates and fields.")
    var missing = false

    func run() throws {
        let coverage = TranslationCoverage(source: try catalog.loadSource())
        let text =
            format == .json
            ? coverage.json(listingMissing: missing) : missing ? coverage.tableWithMissing : coverage.table
        Standard.output(Array(text.utf8))
    }
}
