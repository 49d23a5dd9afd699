import Foundation

/// An error a command reports as `error: message` with its exit code.
struct CommandFailure: Error {
    /// Lines for standard error, each already complete (`error: …` or `file:line:column: error: …`).
    var lines: [String]
    var exitCode: Int32

    init(message: String, exitCode: Int32) {
        self.lines = ["error: \(message)"]
        self.exitCode = exitCode
    }

    init(lines: [String], exitCode: Int32) {
        self.lines = lines
        self.exitCode = exitCode
    }

    /// A failed render, format or lint: exit 1.
    static func failed(_ message: String) -> CommandFailure { CommandFailure(message: message, exitCode: 1) }

    /// Bad usage or unreadable input: exit 2.
    static func usage(_ message: String) -> CommandFailure { CommandFailure(message: message, exitCode: 2) }
}

/// Unbuffered writes to the standard streams.
enum Standard {
    /// Writes `line` to standard error; a closed standard error is ignored (no crash).
    static func error(_ line: String) {
        var bytes = Array((line + "\n").utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    static func output(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
