import Foundation
import Testing

@testable import PushLocalizer

@Suite("Lint: the sample catalog")
struct LintSampleCatalogTests {
    /// The repository root: this file is Tests/PushLocalizerTests/LintSampleCatalogTests.swift.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the sample catalog at the repo root lints clean")
    func sampleCatalogLintsClean() throws {
        let source = try CatalogSource.load(from: Self.repositoryRoot.path)
        let report = Linter(source: source).lint()
        #expect(report.diagnostics.isEmpty, "\(report.listing)")
    }
}
