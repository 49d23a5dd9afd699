import Foundation
import Testing

/// One golden CLI case: `Golden/<name>.args` (one argument per line), an optional
/// `Golden/<name>.stdin`, and the expected `<name>.stdout`, `<name>.stderr` and `<name>.exit`.
/// See `Golden/README.md`.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    /// The directory holding the golden files, found from this source file (the test target
    /// declares no resources).
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // PushlocCLITests
        .appendingPathComponent("Golden", isDirectory: true)

    /// Set `PUSHLOC_RECORD=1` to rewrite the expected files from the current binary.
    static var isRecording: Bool { ProcessInfo.processInfo.environment["PUSHLOC_RECORD"] == "1" }

    var name: String
    var testDescription: String { name }

    /// Every case, in name order: one per `*.args` file.
    static func all() -> [GoldenCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".args") }
            .map { GoldenCase(name: String($0.dropLast(".args".count))) }
            .sorted { $0.name < $1.name }
    }

    func url(_ suffix: String) -> URL { Self.directory.appendingPathComponent("\(name).\(suffix)") }

    /// The command-line arguments: every line of the `.args` file is one argument, so an
    /// argument may hold spaces, quotes and braces without any shell quoting.
    func arguments() throws -> [String] {
        let text = try String(contentsOf: url("args"), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Bytes for standard input (empty when there is no `.stdin` file).
    func input() throws -> [UInt8] {
        guard FileManager.default.fileExists(atPath: url("stdin").path) else { return [] }
        return [UInt8](try Data(contentsOf: url("stdin")))
    }

    /// The expected text of `suffix`, or nil when the file does not exist yet.
    func expected(_ suffix: String) -> String? {
        guard let data = try? Data(contentsOf: url(suffix)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    func record(_ text: String, as suffix: String) throws {
        try Data(text.utf8).write(to: url(suffix))
    }
}

/// Replaces what differs from run to run with placeholders before outputs are compared.
enum GoldenMask {
    /// `apns-expiration` is render time plus the template's `expiration` seconds (SPEC §2), so its
    /// digits change every second; `ExpirationHeaderTests` checks the value itself.
    static let expirationPlaceholder = "{EXPIRATION}"

    static func apply(_ text: String) -> String {
        text.replacing(#/"apns-expiration":"[0-9]+"/#) { _ in "\"apns-expiration\":\"\(expirationPlaceholder)\"" }
    }
}
