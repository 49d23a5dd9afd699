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
        .executable(name: "pushloc", targets: ["pushloc"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
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
        // Xcode String Catalogs, .strings and .stringsdict in and out (pushloc import/export).
        .target(name: "AppleFormats", dependencies: ["PushLocalizer", "MessageFormat", "ICUKit"]),
        // Foundation-only picker for the app's Notification Service Extension (compiles for iOS).
        .target(name: "NotificationContentPicker"),
        .executableTarget(
            name: "pushloc",
            dependencies: [
                "PushLocalizer", "MessageFormat", "AppleFormats",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
        // Golden files and catalogs are read from the source tree (next to #filePath), not bundled.
        .testTarget(name: "PushlocCLITests", dependencies: ["PushLocalizer"], exclude: ["Golden", "Catalogs"]),
    ],
    cxxLanguageStandard: .cxx17
)
