import Foundation
import Testing

/// `pushloc import` and `pushloc export` as users run them.
@Suite struct AppleCommandsTests {
    static let corpus = CommandRunner.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    static let textFind = corpus.appendingPathComponent(
        "cotEditor/CotEditor/Localizables/Text Finder/TextFind.xcstrings"
    ).path

    static func emptyFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushloc-apple-cli-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func dryRunWritesNothing() throws {
        let folder = try Self.emptyFolder()
        let result = try CommandRunner.run(["import", "xcstrings", Self.textFind, "--dry-run"], directory: folder)
        #expect(result.exitCode == 0)
        #expect(result.errorText.contains("imported 74 of 74 keys"))
        #expect(result.errorText.contains("would create Templates/imported.yaml"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func importThenExportRefusesPlurals() throws {
        let folder = try Self.emptyFolder()
        let imported = try CommandRunner.run(
            ["import", "xcstrings", Self.textFind, "--keys", "^(Clear|%lld matches found\\.)$"],
            directory: folder
        )
        #expect(imported.exitCode == 0, "\(imported.errorText)")
        #expect(imported.errorText.contains("imported 2 of 2 keys"))
        let target = folder.appendingPathComponent("App.xcstrings")
        let export = try CommandRunner.run(["export", "xcstrings", "--merge-into", target.path], directory: folder)
        #expect(export.exitCode == 1)
        #expect(export.errorText.contains("Templates/imported.yaml:"))
        #expect(export.errorText.contains("error: [loc-key-incompatible] lld_matches_found."))
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test func invalidFilesNameLineAndColumn() throws {
        let folder = try Self.emptyFolder()
        let bad = folder.appendingPathComponent("Bad.xcstrings")
        try Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : x\n  }\n}".utf8).write(to: bad)
        let xc = try CommandRunner.run(["import", "xcstrings", bad.path], directory: folder)
        #expect(xc.exitCode == 2)
        #expect(xc.errorText.hasPrefix("\(bad.path):4:11: error: "))
        let tree = folder.appendingPathComponent("tree/en.lproj")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        try Data("\"ok\" = \"fine\";\n\"broken\" = \"no semicolon\"\n\"next\" = \"x\";\n".utf8).write(
            to: tree.appendingPathComponent("Localizable.strings")
        )
        let strings = try CommandRunner.run(
            ["import", "strings", folder.appendingPathComponent("tree").path],
            directory: folder
        )
        #expect(strings.exitCode == 2)
        #expect(strings.errorText.contains("en.lproj/Localizable.strings:3:1: error: expected ';' after the value"))
    }
}
