import ArgumentParser
import Foundation
import PushLocalizer

/// `--catalog DIR`, shared by every command that reads a catalog.
///
/// `render`, `batch`, `coverage` and `preview` load a catalog the same way: a locale file with
/// errors is left out with a warning for each of its errors (its users get their next language,
/// or the source locale), and any other error stops the command (exit 2). Every error and warning
/// names its file as seen from the working directory, as `lint` does.
struct CatalogOption: ParsableArguments {
    @Option(name: .customLong("catalog"), help: "Catalog directory holding Templates/ and Locales/.")
    var directory = "."

    /// The option as if `--catalog directory` had been given.
    static func at(_ directory: String) -> CatalogOption {
        var option = CatalogOption()
        option.directory = directory
        return option
    }

    private static let options = CatalogLoadOptions(brokenLocales: .leaveOut)

    /// Loads and compiles the catalog; an unusable catalog is unreadable input (exit 2), reported
    /// as one `file:line:column: error: message` line per problem.
    func load() throws -> Catalog {
        do {
            let catalog = try Catalog.load(from: directory, options: Self.options)
            warn(about: catalog.source.brokenLocales)
            return catalog
        } catch {
            throw failure(error)
        }
    }

    /// Loads the catalog as written, without compiling its messages: preview and coverage still
    /// work when some message elsewhere does not compile.
    func loadSource() throws -> CatalogSource {
        try loadSource(options: Self.options)
    }

    /// Loads the catalog as written and stops at any error, a broken locale file included: for
    /// `import` and `export`, which write files from what they read and must not leave a locale out.
    func loadSourceWhole() throws -> CatalogSource {
        try loadSource(options: CatalogLoadOptions(brokenLocales: .failLoad))
    }

    private func loadSource(options: CatalogLoadOptions) throws -> CatalogSource {
        do {
            let source = try CatalogSource.load(from: directory, options: options)
            warn(about: source.brokenLocales)
            return source
        } catch {
            throw failure(error)
        }
    }

    private func failure(_ error: CatalogLoadError) -> CommandFailure {
        CommandFailure(lines: error.errors.map { line($0, severity: "error") }, exitCode: 2)
    }

    private func warn(about broken: [BrokenLocale]) {
        for locale in broken {
            locale.errors.forEach { Standard.error(line($0, severity: "warning")) }
            if locale.errors.allSatisfy({ $0.code == CatalogError.Code.duplicateLocale }) {
                // The locale itself is still served, from the other file.
                Standard.error(
                    "warning: \(paths.displayPath(locale.file)) is left out (its locale is read from the other file)"
                )
                continue
            }
            Standard.error(
                "warning: locale '\(locale.tag)' is left out: \(paths.displayPath(locale.file)) has errors "
                    + "(requests for it get their next language or the source locale; see pushloc lint)"
            )
        }
    }

    /// `file:line:column: severity: message`, the file named as `pushloc lint` names it.
    private func line(_ error: CatalogError, severity: String) -> String {
        guard let location = error.location else { return "\(severity): \(error.message)" }
        return "\(paths.displayPath(location.file)):\(location.line):\(location.column): \(severity): \(error.message)"
    }

    private var paths: LintOutputOptions {
        LintOutputOptions.forCatalog(
            directory,
            currentDirectory: FileManager.default.currentDirectoryPath,
            usesColor: false
        )
    }
}
