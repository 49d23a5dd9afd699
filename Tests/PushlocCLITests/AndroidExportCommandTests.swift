import Foundation
import Testing

/// `pushloc export android` as users run it.
@Suite struct AndroidExportCommandTests {
    @Test func sampleCatalogWritesEveryLocaleFolderAndTheSameBytesTwice() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushloc-android-\(UUID().uuidString)"
        )
        let root = CommandRunner.repositoryRoot.path
        let first = try CommandRunner.run(["export", "android", "--output", output.path, "--catalog", root])
        #expect(first.exitCode == 0, "\(first.errorText)")
        #expect(first.errorText == "exported 4 keys into 19 strings.xml files\n")
        #expect(first.outputText.isEmpty)
        let folders = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(folders.first == "values")
        #expect(folders.contains("values-b+es+419"))
        #expect(folders.contains("values-b+zh+Hant"))
        #expect(folders.contains("values-b+pt+BR"))
        let values = output.appendingPathComponent("values/strings.xml")
        let before = try Data(contentsOf: values)
        #expect(
            String(decoding: before, as: UTF8.self).contains(
                #"<string name="STARTED_FOLLOWING_BODY">%1$s started following you</string>"#
            )
        )
        let second = try CommandRunner.run(["export", "android", "--output", output.path, "--catalog", root])
        #expect(second.exitCode == 0)
        #expect(try Data(contentsOf: values) == before)
    }

    @Test func incompatibleTemplatesAreReportedAndNothingIsWritten() throws {
        let catalog = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushloc-android-catalog-\(UUID().uuidString)"
        )
        for folder in ["Templates", "Locales"] {
            try FileManager.default.createDirectory(
                at: catalog.appendingPathComponent(folder),
                withIntermediateDirectories: true
            )
        }
        try Data(
            """
            files_shared:
              args: { n: { type: number } }
              body: "{n, plural, one {# file} other {# files}}"
              loc-keys: { body: FILES_SHARED }
            hello:
              body: "Hello"
              loc-keys: { body: HELLO }

            """.utf8
        ).write(to: catalog.appendingPathComponent("Templates/t.yaml"))
        let output = catalog.appendingPathComponent("res")
        let result = try CommandRunner.run(["export", "android", "--output", output.path], directory: catalog)
        #expect(result.exitCode == 1)
        #expect(
            result.errorText.hasPrefix(
                "Templates/t.yaml:3:10: error: [loc-key-incompatible] files_shared body [en]: 'n' is a plural"
            ),
            "\(result.errorText)"
        )
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
