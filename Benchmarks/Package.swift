// swift-tools-version: 6.1
// The benchmarks of PushLocalizer: ordo-one/benchmark suites over the root package, and the ICU4C
// reference they are compared with. Run them with `./run.sh` (see README.md).
import PackageDescription

// The product under test: this repository's root, or another checkout of it named by PUSHLOC_ROOT
// (to compare two versions, or to benchmark a commit while the work tree is being edited).
let rootPath = Context.environment["PUSHLOC_ROOT"] ?? ".."
// A path dependency's identity is its directory's name, which depends on where the repository was
// cloned, so it is read from the path rather than written down.
let rootDirectory =
    rootPath == ".." ? Context.packageDirectory.split(separator: "/").dropLast() : rootPath.split(separator: "/")[...]
let rootPackage = rootDirectory.last.map { $0.lowercased() } ?? "main"

let icuLibraries: [LinkerSetting] = [
    .linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata"),
]

let package = Package(
    name: "PushLocalizerBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: rootPath),
        // MallocInterposer only: the default RuntimeInterposer trait would pull in a package this
        // build machine does not carry. On Swift 6.3 the interposer needs no jemalloc.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // ICU4C's own icu::MessageFormat plus a hand-written JSON escaper: the yardstick.
        // Plain-C header; ICU stays inside the .cpp file.
        .target(
            name: "ICUReference",
            cxxSettings: [.unsafeFlags(["-std=c++17", "-O2"])],
            linkerSettings: icuLibraries
        ),
        // Fixtures shared by the suites and the tool: argument rotations, the reference wrapper,
        // the byte-for-byte cross-check, generated inputs.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "ICUReference",
                .product(name: "PushLocalizer", package: rootPackage),
                .product(name: "MessageFormat", package: rootPackage),
            ]
        ),
        // `bench-tool check | batch-input | catalog`: what run.sh needs outside the suites.
        .executableTarget(name: "bench-tool", dependencies: ["BenchmarkSupport"]),
        .executableTarget(
            name: "Formatting",
            dependencies: ["BenchmarkSupport", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/Formatting",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Rendering",
            dependencies: ["BenchmarkSupport", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/Rendering",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CatalogLoading",
            dependencies: ["BenchmarkSupport", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/CatalogLoading",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
