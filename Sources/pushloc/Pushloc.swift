import ArgumentParser
import Foundation
import PushLocService
import PushLocalizer

/// The `pushloc` command: a thin front end over the PushLocalizer library.
struct Pushloc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pushloc",
        abstract: "Localize Apple push notifications from a template catalog, byte-exact and within budget.",
        version: PushLocalizerVersion.current,
        subcommands: [
            FormatCommand.self, RenderCommand.self, BatchCommand.self, LintCommand.self, PreviewCommand.self,
            CoverageCommand.self, ImportCommand.self, ExportCommand.self, ServeCommand.self, WrapCommand.self,
        ]
    )
}

/// Runs `pushloc` with its exit codes: 0 success, 1 failure, 2 usage or unreadable input, and 3
/// when `batch`'s output was closed by its reader before the run ended.
@main
enum PushlocMain {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let commands = Pushloc.configuration.subcommands.map { $0._commandName }
        if let failure = CommandSuggestion.failure(for: arguments, commands: commands) {
            failure.lines.forEach(Standard.error)
            exit(failure.exitCode)
        }
        do {
            var command = try Pushloc.parseAsRoot(arguments)
            // Still on the main thread, before the first task: see ServiceExecutor.
            if command is ServeCommand { ServiceExecutor.install() }
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
            // ArgumentParser capitalises its prefix; every error line reads `error: …`.
            // A bare `ExitCode(1)` (batch with failed lines) has no message: print no empty line.
            let message = Pushloc.fullMessage(for: error)
            if !message.isEmpty {
                Standard.error(message.hasPrefix("Error: ") ? "error: " + message.dropFirst("Error: ".count) : message)
            }
            if code.rawValue == BatchCommand.outputClosedExitCode { exit(code.rawValue) }
            exit(code == .failure ? 1 : 2)
        }
    }
}
