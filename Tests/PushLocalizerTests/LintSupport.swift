import Foundation
import Testing

@testable import PushLocalizer

/// Writes a small catalog to a fresh temporary directory and lints it.
enum LintFixture {
    /// The settings file used when a fixture gives none.
    static let defaultSettings = "source-locale: en\n"

    /// Writes `files` (path relative to the root → text) under a new temporary root, loads the
    /// catalog with `CatalogSource.load(from:)` and lints it.
    static func lint(_ files: [String: String]) throws -> LintReport {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("pushloc-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var all = files
        if all["pushloc.yaml"] == nil { all["pushloc.yaml"] = defaultSettings }
        for folder in ["Templates", "Locales"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder),
                withIntermediateDirectories: true
            )
        }
        for (path, text) in all {
            try Data(text.utf8).write(to: root.appendingPathComponent(path))
        }
        let source = try CatalogSource.load(from: root.path)
        return Linter(source: source).lint()
    }
}

/// What a test expects of one diagnostic.
struct ExpectedDiagnostic: CustomStringConvertible, Sendable {
    var rule: LintRule
    var severity: Severity
    var file: String
    var line: Int
    var column: Int

    init(_ rule: LintRule, _ severity: Severity, _ file: String, _ line: Int, _ column: Int) {
        self.rule = rule
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
    }

    var description: String { "\(file):\(line):\(column): \(severity.rawValue): [\(rule.id)]" }

    func matches(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.rule == rule && diagnostic.severity == severity && diagnostic.location.file == file
            && diagnostic.location.line == line && diagnostic.location.column == column
    }
}

extension LintReport {
    /// The diagnostics, one per line, for failure messages.
    var listing: String {
        diagnostics.map { "\($0.location): \($0.severity.rawValue): [\($0.rule.id)] \($0.message)" }
            .joined(separator: "\n")
    }
}
