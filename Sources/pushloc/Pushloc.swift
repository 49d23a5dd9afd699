import ArgumentParser
import Foundation

/// The `pushloc` command: a thin front end over the PushLocalizer library.
struct Pushloc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pushloc",
        abstract: "Localize Apple push notifications from a template catalog, byte-exact and within budget.",
        subcommands: [
            FormatCommand.self, RenderCommand.self, BatchCommand.self, LintCommand.self, PreviewCommand.self,
            CoverageCommand.self, ServeCommand.self,
        ]
    )
}

/// Runs `pushloc` with SPEC §7's exit codes: 0 success, 1 failure, 2 usage or unreadable input.
@main
enum PushlocMain {
    static func main() async {
        do {
            var command = try Pushloc.parseAsRoot()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            failure.lines.forEach(Standard.error)
            exit(failure.exitCode)
        } catch {
            let code = Pushloc.exitCode(for: error)
            if code == .success {
                print(Pushloc.fullMessage(for: error))
                exit(0)
            }
            // ArgumentParser capitalises its prefix; SPEC §7 says every error line reads `error: …`.
            // A bare `ExitCode(1)` (batch with failed lines) has no message: print no empty line.
            let message = Pushloc.fullMessage(for: error)
            if !message.isEmpty {
                Standard.error(message.hasPrefix("Error: ") ? "error: " + message.dropFirst("Error: ".count) : message)
            }
            exit(code == .failure ? 1 : 2)
        }
    }
}
