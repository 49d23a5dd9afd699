import Foundation
import PushLocalizer
import Testing

/// How lint output names files for `--catalog DIR` run from a working directory, and how a
/// catalog that fails to load becomes diagnostics.
@Suite("Lint output: paths and load failures")
struct LintOutputOptionsTests {
    @Test(arguments: [
        (".", "/work/repo", ""),
        ("./", "/work/repo", ""),
        ("cat", "/work/repo", "cat"),
        ("./cat//sub/", "/work/repo", "cat/sub"),
        ("/work/repo/cat", "/work/repo", "cat"),
        ("/work/repo", "/work/repo", ""),
        ("/elsewhere/cat", "/work/repo", "/elsewhere/cat"),
        ("../cat", "/work/repo", "../cat"),
    ])
    func pathPrefix(catalog: String, workingDirectory: String, expected: String) {
        let options = LintOutputOptions.forCatalog(catalog, currentDirectory: workingDirectory, usesColor: false)
        #expect(options.pathPrefix == expected)
        #expect(options.sourceRootURI == "file:///work/repo/")
    }

    @Test func sourceRootIsPercentEncoded() {
        let options = LintOutputOptions.forCatalog(".", currentDirectory: "/home/ann/my repo", usesColor: false)
        #expect(options.sourceRootURI == "file:///home/ann/my%20repo/")
    }

    static let brokenCatalog = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PushlocCLITests/Catalogs/Broken").path

    /// The Broken catalog (read by hand): `Locales/fr.yaml` has a quote that never closes (the
    /// error is reported where it opens, line 3 column 9), `Templates/social.yaml` line 8
    /// declares `type: strin` (column 18), and `pushloc.yaml` line 1 sets `overflow: sideways`
    /// (column 11).
    @Test func aCatalogThatDoesNotLoadIsReportedAsSyntaxErrors() throws {
        var failure: CatalogLoadError?
        do {
            _ = try CatalogSource.load(from: Self.brokenCatalog)
        } catch {
            failure = error
        }
        let loadError = try #require(failure)
        let (report, unlocated) = LintReport.loadFailure(loadError)
        #expect(unlocated.isEmpty)
        let found = report.diagnostics.map { "\($0.rule.id) \($0.severity.rawValue) \($0.location)" }
        #expect(
            found == [
                "syntax error Locales/fr.yaml:3:9",
                "syntax error Templates/social.yaml:8:18",
                "syntax error pushloc.yaml:1:11",
            ]
        )
        #expect(report.diagnostics.first?.locale == "fr")
        #expect(report.errorCount == 3)
    }

    @Test func aMissingDirectoryIsNotADiagnostic() {
        let failure = CatalogLoadError(errors: [
            CatalogError(location: nil, code: CatalogError.Code.missingDirectory, message: "no Templates/")
        ])
        let (report, unlocated) = LintReport.loadFailure(failure)
        #expect(report.diagnostics.isEmpty)
        #expect(unlocated.count == 1)
    }

    @Test(arguments: [
        (CatalogError.Code.collapseID, LintRule.collapseID),
        (CatalogError.Code.duplicateKey, LintRule.duplicateKey),
        (CatalogError.Code.duplicateLocale, LintRule.duplicateKey),
        (CatalogError.Code.yamlSyntax, LintRule.syntax),
        (CatalogError.Code.unknownField, LintRule.syntax),
        (CatalogError.Code.invalidValue, LintRule.syntax),
        (CatalogError.Code.unreadableFile, LintRule.syntax),
    ])
    func loadErrorCodesMapToRules(code: String, rule: LintRule) {
        let location = CatalogFileLocation(file: "Templates/a.yaml", line: 3, column: 5)
        let (report, _) = LintReport.loadFailure(
            CatalogLoadError(errors: [CatalogError(location: location, code: code, message: "m")])
        )
        #expect(report.diagnostics.map(\.rule) == [rule])
        #expect(report.diagnostics.first?.location == location)
        #expect(report.diagnostics.first?.severity == .error)
    }
}
