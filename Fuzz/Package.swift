// swift-tools-version: 6.1
// Coverage-guided fuzzing of PushLocalizer with libFuzzer: one executable per target, each over the
// root package's public API. Build and run them with `Scripts/fuzz.sh` (see docs/fuzzing.md); the
// instrumentation comes from the command line (`-Xswiftc -sanitize=fuzzer`), so that it reaches the
// library under test too, and this package leaves the main build alone.
import PackageDescription

// The product under test: this repository's root, or another checkout of it named by PUSHLOC_ROOT.
let rootPath = Context.environment["PUSHLOC_ROOT"] ?? ".."
// A path dependency's identity is its directory's name, which depends on where the repository was
// cloned, so it is read from the path rather than written down.
let rootDirectory =
    rootPath == ".." ? Context.packageDirectory.split(separator: "/").dropLast() : rootPath.split(separator: "/")[...]
let rootPackage = rootDirectory.last.map { $0.lowercased() } ?? "main"

let package = Package(
    name: "PushLocalizerFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: rootPath)],
    targets: [
        // libFuzzer's driver entry point, declared for Swift.
        .target(name: "CFuzzerDriver"),
        // What every target shares: the driver, the input cursor, the invariant check, JSON and
        // UTF-8 checks, scratch files, the sample catalog.
        .target(
            name: "FuzzSupport",
            dependencies: ["CFuzzerDriver", .product(name: "PushLocalizer", package: rootPackage)]
        ),
        // ICU4C's own icu::MessageFormat, the differential oracle: the root package's test-support
        // target of that name, through a symbolic link (Sources/ICUOracle), so it exists once.
        .target(
            name: "ICUOracle",
            cxxSettings: [.unsafeFlags(["-std=c++17"])],
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        // The oracle's Swift face and the seeded generator: the root package's Tests/TestSupport,
        // through a symbolic link (Sources/TestSupport).
        .target(
            name: "TestSupport",
            dependencies: ["ICUOracle", .product(name: "MessageFormat", package: rootPackage)]
        ),
        // Patterns → parser, compiler, formatter, compared with ICU4C, with the test suite's outcome
        // and visible-text helpers (symbolic links to Tests/MessageFormatTests/Support).
        .executableTarget(
            name: "fuzz-messageformat",
            dependencies: [
                "FuzzSupport", "ICUOracle", "TestSupport", .product(name: "MessageFormat", package: rootPackage),
            ],
            path: "Sources/FuzzMessageFormat"
        ),
        // Catalog files → Catalog.load in a scratch directory, lint, render.
        .executableTarget(
            name: "fuzz-catalog",
            dependencies: ["FuzzSupport", .product(name: "PushLocalizer", package: rootPackage)],
            path: "Sources/FuzzCatalog"
        ),
        // Batch input → one well-formed JSON line out per line in.
        .executableTarget(
            name: "fuzz-batch",
            dependencies: ["FuzzSupport", .product(name: "PushLocalizer", package: rootPackage)],
            path: "Sources/FuzzBatch"
        ),
        // Arguments, budgets and modes → a payload within budget with its pinned arguments intact.
        .executableTarget(
            name: "fuzz-fitter",
            dependencies: ["FuzzSupport", .product(name: "PushLocalizer", package: rootPackage)],
            path: "Sources/FuzzFitter"
        ),
    ],
    cxxLanguageStandard: .cxx17
)
