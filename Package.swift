// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "PushLocalizer",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "PushLocalizer", targets: ["PushLocalizer"]),
        .library(name: "MessageFormat", targets: ["MessageFormat"]),
        .library(name: "NotificationContentPicker", targets: ["NotificationContentPicker"]),
        .library(name: "AppleFormats", targets: ["AppleFormats"]),
        .library(name: "DisplayLayout", targets: ["DisplayLayout"]),
        .executable(name: "pushloc", targets: ["pushloc"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Without the swift-configuration trait (unused): less to build in CI.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // Link flags for the system ICU4C (libicu-dev). Its module map names no ICU header:
        // Foundation on Linux carries its own ICU and the two must never meet in a Swift module.
        .systemLibrary(
            name: "ICUSystem",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // C++ over ICU4C behind a plain-C header.
        .target(
            name: "CICU",
            dependencies: ["ICUSystem"],
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        // The Swift face of the seam: formatters, plural rules, boundaries, locale tags.
        .target(name: "ICUKit", dependencies: ["CICU"]),
        // ICU MessageFormat 1: parser, syntax tree, compiled form, UTF-8 formatter.
        .target(name: "MessageFormat", dependencies: ["ICUKit"]),
        // Catalogs, negotiation, rendering, budget fitting, payloads, lint.
        .target(
            name: "PushLocalizer",
            dependencies: ["MessageFormat", "ICUKit", .product(name: "Yams", package: "Yams")]
        ),
        // Link flags of HarfBuzz and fontconfig for CTextLayout; like ICUSystem, their module maps name
        // no header of the library.
        .systemLibrary(name: "HarfBuzzSystem", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "FontconfigSystem", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // C++ over fontconfig, HarfBuzz and ICU4C behind a plain-C header: text measured for wrapping.
        .target(
            name: "CTextLayout",
            dependencies: ["HarfBuzzSystem", "FontconfigSystem", "ICUSystem"],
            linkerSettings: [
                .linkedLibrary("harfbuzz"), .linkedLibrary("fontconfig"), .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
            ]
        ),
        // The line-wrap estimator (LineWrapEstimating) over CTextLayout: a font stack the render
        // library never links.
        .target(name: "DisplayLayout", dependencies: ["PushLocalizer", "CTextLayout"]),
        // Xcode String Catalogs, .strings and .stringsdict in and out (pushloc import/export).
        .target(name: "AppleFormats", dependencies: ["PushLocalizer", "MessageFormat", "ICUKit"]),
        // Foundation-only picker for the app's Notification Service Extension (compiles for iOS).
        .target(name: "NotificationContentPicker"),
        // `pushloc serve`: the HTTP render service over the library (Hummingbird 2).
        .target(
            name: "PushLocService",
            dependencies: [
                "PushLocalizer", "MessageFormat", "DisplayLayout",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "pushloc",
            dependencies: [
                "PushLocalizer", "MessageFormat", "AppleFormats", "PushLocService", "DisplayLayout",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Test support only: ICU4C's own icu::MessageFormat, the oracle of the differential tests.
        .target(
            name: "ICUOracle",
            dependencies: ["ICUSystem"],
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        // Test support only: the reference renderer (plain composition and fitting), the oracle of
        // the rendering property tests.
        .target(
            name: "PushLocalizerTestSupport",
            dependencies: ["PushLocalizer", "MessageFormat", "ICUKit"],
            path: "Tests/PushLocalizerTestSupport"
        ),
        // Test support only: the seeded random generator and ICU4C's MessageFormat as an oracle.
        .target(name: "TestSupport", dependencies: ["MessageFormat", "ICUOracle"], path: "Tests/TestSupport"),
        .testTarget(name: "ICUKitTests", dependencies: ["ICUKit", "CICU", "TestSupport"]),
        .testTarget(
            name: "MessageFormatTests",
            dependencies: [
                "MessageFormat", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "PushLocalizerTests",
            dependencies: [
                "PushLocalizer", "NotificationContentPicker", "TestSupport", "PushLocalizerTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Yams", package: "Yams"),
            ],
            // Unicode's conformance files are read from the source tree (next to #filePath), not bundled.
            exclude: ["Fixtures"]
        ),
        // Real String Catalogs, .strings and .stringsdict are read from ../shared/corpus.
        .testTarget(
            name: "AppleFormatsTests",
            dependencies: ["AppleFormats", "PushLocalizer", "MessageFormat", "ICUKit"]
        ),
        // The estimator against hand-worked widths, and its line filler against a plain reference.
        .testTarget(
            name: "DisplayLayoutTests",
            dependencies: [
                "DisplayLayout", "PushLocalizer", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // Golden files and catalogs are read from the source tree (next to #filePath), not bundled.
        .testTarget(name: "PushlocCLITests", dependencies: ["PushLocalizer"], exclude: ["Golden", "Catalogs"]),
        .testTarget(
            name: "PushLocServiceTests",
            dependencies: [
                "PushLocService", "PushLocalizer", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
