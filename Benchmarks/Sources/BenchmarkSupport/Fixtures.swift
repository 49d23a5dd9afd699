import Foundation

/// Where the benchmarks find their inputs, and the values they rotate through.
public enum Fixtures {
    /// The repository root (the product's own package and its sample catalog).
    public static let repositoryRoot: String = {
        // Sources/BenchmarkSupport/Fixtures.swift → Benchmarks/ → the repository.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The benchmarks' own catalog: one template, `photo_liked_by`, in en, ru and ar.
    public static var likesCatalog: String { repositoryRoot + "/Benchmarks/Fixtures/LikesCatalog" }

    /// The key of the template of scenarios 1, 2 and 5.
    public static let likesKey = "photo_liked_by"

    /// The locales of scenarios 1 and 2, as the catalog names them.
    public static let likesLocales = ["en", "ru", "ar"]

    /// Locales written right to left among `likesLocales`: the reference isolates names there,
    /// as the catalog's `bidi-isolation: auto` does.
    public static let rightToLeft: Set<String> = ["ar"]

    /// Names of issue 6: ASCII, Polish, Chinese, a ZWJ family emoji, and one with quotes, a
    /// backslash and a newline (JSON must escape all three).
    public static let names = [
        "Alice",
        "Zażółć Gęślą Jaźń",
        "王小明",
        "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} Family",
        "Jo \"JJ\" O'Neil \\ Jr.\nof Boston",
    ]

    /// Counts of issue 6: every plural category of en, ru and ar, and grouping separators.
    public static let counts: [Int64] = [0, 1, 2, 3, 5, 11, 21, 101, 1_000_000]

    /// One format or render: a locale, a name and a count.
    public struct Case: Sendable {
        /// The catalog's locale tag.
        public var locale: String
        /// The name argument.
        public var name: String
        /// The count argument.
        public var count: Int64
    }

    /// Every combination of locale, name and count, interleaved so that consecutive operations
    /// change locale, name and count (no branch predictor gets a free ride).
    public static let cases: [Case] = {
        var cases: [Case] = []
        let total = likesLocales.count * names.count * counts.count
        for index in 0..<total {
            let locale = likesLocales[index % likesLocales.count]
            let name = names[(index / likesLocales.count) % names.count]
            let count = counts[(index / (likesLocales.count * names.count)) % counts.count]
            cases.append(Case(locale: locale, name: name, count: count))
        }
        return cases
    }()

    /// Writes `message` to standard error and exits with status 1: a benchmark whose inputs are
    /// wrong must not report a number.
    public static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(1)
    }
}
