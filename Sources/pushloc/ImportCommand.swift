import AppleFormats
import ArgumentParser
import Foundation
import PushLocalizer

/// `pushloc import`: Apple string files into the catalog.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import String Catalogs, .strings and .stringsdict files into the catalog.",
        subcommands: [ImportXCStrings.self, ImportStrings.self]
    )
}

/// `pushloc import xcstrings FILE...`.
struct ImportXCStrings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xcstrings",
        abstract: "Import String Catalogs (.xcstrings) as templates and translations.",
        discussion: """
            New keys go to Templates/imported.yaml; a key that a template names in loc-keys updates \
            that template's translations. Translations go to Locales/<tag>.yaml. Prints what was \
            imported, skipped (with the reason) and warned about.
            """
    )

    @ArgumentParser.Argument(help: "String Catalog files.")
    var files: [String]

    @OptionGroup var catalog: CatalogOption

    @Option(help: "Import only keys in which this regular expression finds a match.")
    var keys: String?

    @Flag(help: "Report what would be imported, and write nothing.")
    var dryRun = false

    func run() throws {
        var regex: Regex<AnyRegexOutput>?
        if let keys {
            do {
                regex = try Regex(keys)
            } catch {
                throw CommandFailure.usage("--keys is not a valid regular expression: \(error)")
            }
        }
        try ImportRun.perform(root: catalog.directory, dryRun: dryRun) {
            (naming: ArgumentNaming, report: inout ImportReport) throws(AppleImportError) in
            try AppleImporter.stringCatalogs(files, keys: regex, naming: naming, report: &report)
        }
    }
}

/// `pushloc import strings DIR`.
struct ImportStrings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strings",
        abstract: "Import an *.lproj tree's .strings and .stringsdict files.",
        discussion: """
            Reads <DIR>/<locale>.lproj/<table>.strings and .stringsdict for every locale; the catalog's \
            source locale (pushloc.yaml, default en) gives the source text. A value is a format string \
            only if its source-locale value has a valid format specifier.
            """
    )

    @ArgumentParser.Argument(help: "The folder holding the *.lproj folders.")
    var directory: String

    @Option(help: "The table name.")
    var table = "Localizable"

    @OptionGroup var catalog: CatalogOption

    @Flag(help: "Report what would be imported, and write nothing.")
    var dryRun = false

    func run() throws {
        let source = try ImportRun.sourceLocale(catalog.directory)
        try ImportRun.perform(root: catalog.directory, dryRun: dryRun) {
            (naming: ArgumentNaming, report: inout ImportReport) throws(AppleImportError) in
            (
                source,
                try AppleImporter.stringsTree(
                    directory,
                    table: table,
                    sourceLocale: source,
                    naming: naming,
                    report: &report
                )
            )
        }
    }
}

/// What both import commands share.
enum ImportRun {
    /// Whether `root` holds a catalog already.
    static func hasCatalog(_ root: String) -> Bool {
        FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent("Templates"))
    }

    /// Reads with `read` (given the argument naming of the existing catalog), then writes: an
    /// invalid input file or catalog is unreadable input (exit 2).
    static func perform(
        root: String,
        dryRun: Bool,
        read: (ArgumentNaming, inout ImportReport) throws(AppleImportError) -> (String, [ImportedString])
    ) throws {
        var report = ImportReport()
        let naming = try naming(root)
        do {
            let (source, strings) = try read(naming, &report)
            try write(strings, sourceLocale: source, root: root, dryRun: dryRun, report: &report)
        } catch {
            throw CommandFailure(lines: error.lines, exitCode: 2)
        }
    }

    /// Argument names from the existing catalog's templates.
    static func naming(_ root: String) throws -> ArgumentNaming {
        guard hasCatalog(root) else { return ArgumentNaming(templates: []) }
        return ArgumentNaming(templates: try CatalogOption.at(root).loadSourceWhole().templates)
    }

    /// The catalog's source locale (en when there is no catalog or no setting).
    static func sourceLocale(_ root: String) throws -> String {
        guard hasCatalog(root) else { return "en" }
        return try CatalogOption.at(root).loadSourceWhole().settings.sourceLocale
    }

    /// Plans and (unless `dryRun`) writes the catalog files, then prints the report.
    static func write(
        _ strings: [ImportedString],
        sourceLocale: String,
        root: String,
        dryRun: Bool,
        report: inout ImportReport
    ) throws(AppleImportError) {
        let plan = try CatalogImportPlan(strings: strings, sourceLocale: sourceLocale, root: root, report: &report)
        let serverOnly = strings.count { $0.hasPlural || $0.argumentTypes.contains(.number) }
        if serverOnly > 0 {
            report.warnings.append(
                "\(serverOnly) keys use plurals or numbers: loc-key mode cannot send them (lint loc-key-incompatible); they render in resolved and content mode"
            )
        }
        report.lines.forEach(Standard.error)
        for change in plan.changes {
            let path = (root as NSString).appendingPathComponent(change.path)
            let verb = change.isNew ? "create" : "update"
            if dryRun {
                Standard.error("would \(verb) \(change.path)")
                continue
            }
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true
                )
                try Data(change.contents.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw AppleImportError(lines: ["error: cannot write '\(path)': \(error.localizedDescription)"])
            }
            Standard.error("\(verb)d \(change.path)")
        }
        if dryRun { Standard.error("dry run: nothing written") }
        if !dryRun, hasCatalog(root) {
            // What was written must load: a catalog that does not is reported like any other.
            do {
                _ = try CatalogSource.load(from: root)
            } catch {
                throw AppleImportError(lines: error.errors.map(\.description))
            }
        }
    }
}
