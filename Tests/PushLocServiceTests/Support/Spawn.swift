import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process started with posix_spawn: standard input from /dev/null, standard output and
/// error to files (or /dev/null); each test waits for its own child with waitpid, bounded.
final class Spawned: @unchecked Sendable {
    let pid: pid_t
    private var status: Int32?

    /// Starts `executable` with `arguments`.
    init(
        _ executable: String,
        _ arguments: [String],
        standardOutput: String = "/dev/null",
        standardError: String = "/dev/null"
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard result == 0 else { throw LoopbackError(description: "cannot start \(executable): \(result)") }
        self.pid = pid
    }

    /// Whether the process still runs (reaps it when it has ended).
    var isRunning: Bool {
        if status != nil { return false }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid {
            status = raw
            return false
        }
        return true
    }

    /// Waits for the end (at most `seconds`; then kills it and returns nil); the exit code, or
    /// 128 + the signal that ended it.
    func exitCode(within seconds: Double = 60) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() >= deadline {
                kill(pid, SIGKILL)
                var raw: Int32 = 0
                waitpid(pid, &raw, 0)
                status = raw
                return nil
            }
            usleep(5_000)
        }
        guard let status else { return nil }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    func signal(_ number: Int32) { kill(pid, number) }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
    }
}
