/// Path and URI helpers for lint output: no Foundation, so results do not depend on the platform.
enum LintPaths {
    /// Removes `.` components, doubled and trailing slashes (`./a//b/` → `a/b`); `..` is kept.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` relative to `root` when it lies inside it (both absolute and normalized), else nil.
    static func relative(_ path: String, to root: String) -> String? {
        if path == root { return "." }
        let base = root.hasSuffix("/") ? root : root + "/"
        guard path.hasPrefix(base) else { return nil }
        return String(path.dropFirst(base.count))
    }

    /// `file:///…/` for an absolute directory, percent-encoded, ending with a slash.
    static func fileURI(forDirectory directory: String) -> String {
        let encoded = percentEncoded(directory)
        let withSlash = encoded.hasSuffix("/") ? encoded : encoded + "/"
        return "file://" + (withSlash.hasPrefix("/") ? withSlash : "/" + withSlash)
    }

    /// RFC 3986 percent-encoding of a path: unreserved characters and `/` stay, every other
    /// byte of the UTF-8 (spaces, `%`, `#`, non-ASCII) becomes `%XX`.
    static func percentEncoded(_ path: String) -> String {
        var output = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return output
    }
}
