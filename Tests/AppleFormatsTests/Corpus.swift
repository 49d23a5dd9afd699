import Foundation

/// Paths of the shared corpus, found from this file: the repository root is two folders up,
/// and `../shared/corpus` sits next to it.
enum Corpus {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let root = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static let cotEditorCatalogs = [
        "Application/Localizable", "Document Window/Document", "Text Finder/TextFind",
    ].map { root.appendingPathComponent("cotEditor/CotEditor/Localizables/\($0).xcstrings").path }

    static let homeAssistant = root.appendingPathComponent("home-assistant-ios/Sources/App/Resources").path
    static let duckDuckGo = root.appendingPathComponent("duckduckgo-ios/DuckDuckGo").path

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A fresh empty folder under the temporary directory.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "pushloc-apple-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
