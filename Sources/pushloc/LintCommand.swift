import ArgumentParser
import DisplayLayout
import Foundation
import PushLocalizer

/// `pushloc lint`: check the catalog against the lint rules (docs/lint-rules.md); exit 1 on errors (and on warnings
/// with `--strict`).
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the catalog for missing keys, broken plurals and other defects.",
        discussion: """
            Formats: text (file:line:column: error: [rule] message, the line and a caret), json \
            ({"diagnostics": [...], "summary": {"errors", "warnings"}}), github (workflow commands that \
            annotate a pull request) and sarif (SARIF 2.1.0 for code scanning). A catalog that cannot be \
            loaded is reported the same way (rule syntax). Exit 0 when clean, 1 on errors (on warnings too \
            with --strict), 2 for bad usage or a missing catalog directory.
            """
    )

    @OptionGroup var catalog: CatalogOption

    @Option(help: "text, json, github or sarif.")
    var format = LintOutputFormat.text

    @Flag(help: "Fail on warnings as well as errors.")
    var strict = false

    @Option(help: "Colour text output: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color = ColorChoice.auto

    func run() throws {
        let outputFormat = format
        let usesColor = Self.usesColor(color)
        let (source, problems) = CatalogSource.loadCollectingErrors(from: catalog.directory)
        var report = Linter(source: source, estimator: LineWrapEstimator()).lint()
        if !problems.isEmpty {
            // Problems that stop rendering are findings too; the rest of the catalog is still checked.
            let failure = LintReport.loadFailure(CatalogLoadError(errors: problems))
            if !failure.unlocated.isEmpty {
                throw CommandFailure(lines: failure.unlocated.map(\.description), exitCode: 2)
            }
            report = report.merging(failure.report)
        }
        let options = LintOutputOptions.forCatalog(
            catalog.directory,
            currentDirectory: FileManager.default.currentDirectoryPath,
            usesColor: outputFormat == .text && usesColor
        )
        Standard.output(Array(report.formatted(as: outputFormat, options: options).utf8))
        if report.errorCount > 0 || (strict && report.warningCount > 0) {
            let reason = report.errorCount == 0 ? " (--strict)" : ""
            throw CommandFailure.failed("lint failed: \(report.summaryLine)\(reason)")
        }
    }

    /// `auto` colours only a terminal, and not when `NO_COLOR` is set (no-color.org) or `TERM` is `dumb`.
    private static func usesColor(_ choice: ColorChoice) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            let disabled = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            return isatty(1) == 1 && !disabled && environment["TERM"] != "dumb"
        }
    }
}
