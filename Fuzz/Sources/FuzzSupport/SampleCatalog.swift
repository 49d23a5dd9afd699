import PushLocalizer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sample catalog at the repository root (or the one named by `PUSHLOC_FUZZ_CATALOG`), loaded
/// once per process.
public enum SampleCatalog {
    /// The catalog's directory.
    public static let root: String = {
        if let named = getenv("PUSHLOC_FUZZ_CATALOG") { return String(cString: named) }
        // Fuzz/Sources/FuzzSupport/SampleCatalog.swift → the repository root.
        return String(
            #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(4).joined(separator: "/")
        )
    }()

    /// The loaded catalog; a catalog that does not load stops the fuzzer at once.
    public static let catalog: Catalog = {
        do {
            return try Catalog.load(from: root)
        } catch {
            fail("the sample catalog at \(root) does not load: \(error)")
        }
    }()
}
