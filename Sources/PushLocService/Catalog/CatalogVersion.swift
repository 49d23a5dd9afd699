import Foundation

/// The content hash of a catalog directory: `pushloc.yaml` and every file under `Templates/`
/// and `Locales/`, by relative path and bytes (64-bit FNV-1a, 16 hex digits). Any edit, added
/// or removed file changes it; the same files give the same version on every copy of the service.
enum CatalogVersion {
    /// The version of the catalog in `root`, or nil when a file cannot be read.
    static func of(root: String) -> String? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
        }
        for path in files(root: root) {
            guard let data = FileManager.default.contents(atPath: root + "/" + path) else { return nil }
            mix(path.utf8)
            mix([0])
            mix(String(data.count).utf8)
            mix([0])
            mix(data)
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The catalog's files, relative to `root`, sorted.
    static func files(root: String) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        if manager.fileExists(atPath: root + "/pushloc.yaml") { files.append("pushloc.yaml") }
        for folder in ["Templates", "Locales"] {
            let names = (try? manager.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
            files += names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.map { folder + "/" + $0 }
        }
        return files.sorted()
    }
}
