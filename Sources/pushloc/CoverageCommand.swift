import ArgumentParser
import PushLocalizer

/// `pushloc coverage`: per-locale translation coverage.
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Show how much of the catalog each locale translates.",
        discussion: """
            Per locale: templates complete, partial and missing; fields translated, missing and \
            identical to the source (identical ones count as translated); the translated share of fields.
            """
    )

    @OptionGroup var catalog: CatalogOption

    @Option(help: "text or json.")
    var format = TableFormat.text

    func run() throws {
        let coverage = TranslationCoverage(source: try catalog.loadSource())
        Standard.output(Array((format == .json ? coverage.json : coverage.table).utf8))
    }
}
