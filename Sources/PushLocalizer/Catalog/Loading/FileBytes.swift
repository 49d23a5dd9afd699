import Foundation

/// Reads a catalog file's bytes with POSIX calls, so that a failure says why (the `errno` text:
/// a symbolic link loop, a missing permission), and never blocks on something that is not a
/// regular file (a FIFO would wait for a writer forever).
enum FileBytes {
    /// Why a file could not be read.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The bytes of the regular file at `path` (safe to call on any thread).
    static func read(_ path: String) -> Result<[UInt8], Failure> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(Failure(description: currentReason())) }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            return .failure(Failure(description: "it is \(describe(kind)), not a regular file"))
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(Failure(description: currentReason())) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .success(bytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(description: currentReason()))
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    private static func currentReason() -> String {
        String(cString: strerror(errno))
    }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "a special file"
        }
    }
}

extension UTF8Validation {
    /// The offset of the first byte that does not start a valid UTF-8 sequence, or nil.
    static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            var index = 0
            while index < buffer.count {
                if buffer[index] < 0x80 {
                    index += 1
                    continue
                }
                do {
                    index = try skipScalar(in: buffer, at: index)
                } catch {
                    return index
                }
            }
            return nil
        }
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset`, whose preceding bytes
    /// are valid UTF-8 (lines split at LF, as the usual files are).
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let lineStart = (bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let line = 1 + bytes[..<offset].count { $0 == 0x0A }
        let column = 1 + bytes[lineStart..<offset].count { $0 & 0xC0 != 0x80 }
        return (line, column)
    }
}
