#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file in a scratch directory of this process's own, reused from input to input: written,
/// rewound and read with plain system calls.
public final class ScratchFile: Sendable {
    /// The directory all scratch files of this process live in: a new one under `$TMPDIR` (or
    /// /tmp). `Scripts/fuzz.sh` points TMPDIR into the build directory and empties it afterwards.
    public static let directory: String = {
        let parent = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((parent + "/pushloc-fuzz-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fail("cannot make a scratch directory") }
        return String(cString: made)
    }()

    /// The open file's descriptor.
    public let descriptor: Int32

    /// Opens (creating or truncating) a file in the scratch directory.
    /// - Parameter name: the file's name.
    public init(name: String) {
        descriptor = open(Self.directory + "/" + name, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        require(descriptor >= 0, "cannot open a scratch file: errno \(errno)")
    }

    deinit { close(descriptor) }

    /// Replaces the contents with `bytes` and rewinds.
    public func replace(with bytes: [UInt8]) {
        require(ftruncate(descriptor, 0) == 0, "cannot truncate a scratch file")
        var written = 0
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let count = pwrite(descriptor, raw.baseAddress! + written, raw.count - written, off_t(written))
                require(count > 0, "cannot write a scratch file")
                written += count
            }
        }
        lseek(descriptor, 0, SEEK_SET)
    }

    /// The whole contents.
    public func contents() -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var offset = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            guard count > 0 else { break }
            result += buffer[0..<count]
            offset += count
        }
        return result
    }
}
