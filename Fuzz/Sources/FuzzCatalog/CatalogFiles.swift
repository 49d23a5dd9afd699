import FuzzSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A catalog's files cut out of one input: a line `#@ PATH` starts the file PATH
/// (`pushloc.yaml`, `Templates/NAME.yaml`, `Locales/TAG.yaml`, `.yml` too); the bytes before the
/// first such line are `Templates/fuzz.yaml`. A path of another shape, or with a `/`, a control
/// character or a leading `.` in its name, is read as `Templates/fuzz.yaml` too (the fuzzer must not write outside its
/// directory). Bytes are kept as they are: invalid UTF-8 reaches the loader.
struct CatalogFiles {
    static let defaultPath = "Templates/fuzz.yaml"
    private(set) var files: [(path: String, bytes: [UInt8])] = []

    init(_ input: [UInt8]) {
        var path = Self.defaultPath
        var current: [UInt8] = []
        let marker = Array("#@ ".utf8)
        let lines = input.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if line.starts(with: marker) {
                append(path, current)
                path = Self.sanitized(String(decoding: line.dropFirst(marker.count), as: UTF8.self))
                current = []
            } else {
                current += line
                if index < lines.count - 1 { current.append(0x0A) }
            }
        }
        append(path, current)
    }

    private mutating func append(_ path: String, _ bytes: [UInt8]) {
        if let index = files.firstIndex(where: { $0.path == path }) {
            files[index].bytes += bytes
        } else if !bytes.isEmpty || path != Self.defaultPath {
            files.append((path, bytes))
        }
    }

    static func sanitized(_ path: String) -> String {
        if path == "pushloc.yaml" { return path }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, ["Templates", "Locales"].contains(parts[0]), !parts[1].hasPrefix("."),
            parts[1].hasSuffix(".yaml") || parts[1].hasSuffix(".yml"), parts[1].utf8.count <= 64,
            parts[1].utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F })
        else { return defaultPath }
        return path
    }

    /// The number of lines of `path` as YAML counts them (a line ends at LF, CR, CR LF, NEL, LS
    /// or PS), or nil when no such file was written.
    func lineCount(of path: String) -> Int? {
        guard let bytes = files.first(where: { $0.path == path })?.bytes else { return nil }
        var lines = 1
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: lines += 1
            case 0x0D: lines += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 0 : 1
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: lines += 1
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] | 1) == 0xA9:
                lines += 1
            default: break
            }
            index += 1
        }
        return lines
    }

    /// Writes the files into a fresh catalog directory (the previous input's is emptied first)
    /// and returns its path.
    func writeFiles() -> String {
        let root = ScratchFile.directory + "/catalog"
        for directory in ["", "/Templates", "/Locales"] {
            mkdir(root + directory, 0o700)
            if directory.isEmpty { continue }
            guard let handle = opendir(root + directory) else { fail("cannot list \(root + directory)") }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != ".", name != ".." { unlink(root + directory + "/" + name) }
            }
            closedir(handle)
        }
        unlink(root + "/pushloc.yaml")
        for file in files {
            let descriptor = open(root + "/" + file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            require(descriptor >= 0, "cannot write \(file.path): errno \(errno)")
            file.bytes.withUnsafeBytes { raw in
                require(raw.count == 0 || write(descriptor, raw.baseAddress, raw.count) == raw.count, "short write")
            }
            close(descriptor)
        }
        return root
    }
}
