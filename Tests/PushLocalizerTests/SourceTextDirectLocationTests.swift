import Foundation
import Testing

@testable import PushLocalizer

/// The column-by-column shortcut of `SourceText.location(ofByteOffset:)` must agree with tracing
/// the scalar in the file, for every offset of every message and templated string of real catalogs.
@Suite struct SourceTextDirectLocationTests {
    static var catalogs: [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let cli = root.appendingPathComponent("Tests/PushlocCLITests/Catalogs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cli.path)) ?? []
        return [root.path] + names.sorted().map { cli.appendingPathComponent($0).path }
    }

    @Test func shortcutAgreesWithTracing() {
        var checked = 0
        var direct = 0
        for catalog in Self.catalogs {
            let (source, _) = CatalogSource.loadCollectingErrors(from: catalog)
            var texts: [SourceText] = source.templates.flatMap { Array($0.messages.values) }
            for file in source.locales {
                for translation in file.translations.values { texts += translation.messages.values }
            }
            for text in texts {
                let count = text.text.utf8.count
                for offset in -1...(count + 1) {
                    guard let shortcut = text.directLocation(ofByteOffset: offset) else { continue }
                    direct += 1
                    #expect(shortcut == text.tracedLocation(ofByteOffset: offset), "\(text.text) @ \(offset)")
                }
                checked += 1
            }
        }
        #expect(checked > 0)
        #expect(direct > 0)
    }
}
