import CFuzzerDriver

/// Checks of bytes that must be UTF-8 or JSON, made without the library's code.
public enum PayloadChecks {
    /// Whether `bytes` are well-formed UTF-8.
    public static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    /// The JSON value in `bytes`, or nil when they are not exactly one well-formed JSON text.
    public static func json(_ bytes: [UInt8]) -> StrictJSON? {
        StrictJSON.parse(bytes)
    }

    /// Whether `haystack` holds `needle`'s UTF-8 bytes (memmem: no Unicode rules, no index
    /// arithmetic to go wrong).
    public static func contains(_ haystack: String, _ needle: String) -> Bool {
        let haystack = Array(haystack.utf8)
        let needle = Array(needle.utf8)
        guard !needle.isEmpty else { return true }
        return haystack.withUnsafeBytes { outer in
            needle.withUnsafeBytes { inner in
                pushloc_fuzz_contains(outer.baseAddress, outer.count, inner.baseAddress, inner.count) != 0
            }
        }
    }
}
