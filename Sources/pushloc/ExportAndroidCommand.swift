import AppleFormats
import ArgumentParser
import Foundation
import PushLocalizer

/// `pushloc export android --output DIR`.
struct ExportAndroid: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "android",
        abstract: "Write values/strings.xml and values-b+<tag>/strings.xml for loc-key templates.",
        discussion: """
            Android string resources named as FCM's title_loc_key and body_loc_key name them, with \
            %1$s-style placeholders in the order of title_loc_args and body_loc_args. Refuses \
            templates that loc-key mode cannot express.
            """
    )

    @Option(help: "The res folder to write the values folders into.")
    var output: String

    @OptionGroup var catalog: CatalogOption

    func run() throws {
        let source = try catalog.loadSourceWhole()
        let strings = LocKeyStrings(catalog: source)
        guard strings.errors.isEmpty else { throw CommandFailure(lines: strings.errors, exitCode: 1) }
        let files: [AndroidStringsExport.File]
        do {
            files = try AndroidStringsExport.files(strings, catalog: source)
        } catch {
            throw CommandFailure(lines: error.lines, exitCode: 1)
        }
        for file in files {
            let path = (output as NSString).appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true
                )
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CommandFailure.usage("cannot write '\(path)': \(error.localizedDescription)")
            }
        }
        Standard.error("exported \(strings.entries.count) keys into \(files.count) strings.xml files")
    }
}
