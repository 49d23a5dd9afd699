import ArgumentParser
import PushLocalizer

/// `--catalog DIR`, shared by every command that reads a catalog.
struct CatalogOption: ParsableArguments {
    @Option(name: .customLong("catalog"), help: "Catalog directory holding Templates/ and Locales/.")
    var directory = "."

    /// Loads and compiles the catalog; an unusable catalog is unreadable input (exit 2), reported
    /// as one `file:line:column: error: message` line per problem.
    func load() throws -> Catalog {
        do {
            return try Catalog.load(from: directory)
        } catch {
            throw CommandFailure(lines: error.errors.map(\.description), exitCode: 2)
        }
    }
}
