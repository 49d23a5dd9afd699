import AppleFormats
import Foundation
import MessageFormat
import Testing

/// Home Assistant's `.strings` in 34 locales and DuckDuckGo's `.stringsdict` plurals.
@Suite struct StringsImportTests {
    static func locales(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".lproj") }
            .map { String($0.dropLast(6)) }.sorted()
    }

    /// Foundation's own reading of a `.strings` file (CoreFoundation's old-style plist parser).
    static func foundationStrings(_ path: String) throws -> [String: String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try PropertyListSerialization.propertyList(from: data, format: nil) as! [String: String]
    }

    @Test func homeAssistantParsesAsFoundationDoes() throws {
        let locales = try Self.locales(Corpus.homeAssistant)
        #expect(locales.count == 34)
        for locale in locales {
            let path = Corpus.homeAssistant + "/\(locale).lproj/Localizable.strings"
            let parsed = try StringsFile(bytes: try Corpus.bytes(path), file: path)
            #expect(parsed.dictionary == (try Self.foundationStrings(path)), "\(locale)")
        }
    }

    @Test func homeAssistantFormatsAsPrintf() throws {
        var report = ImportReport()
        let strings = try AppleImporter.stringsTree(
            Corpus.homeAssistant,
            table: "Localizable",
            sourceLocale: "en",
            naming: ArgumentNaming(templates: []),
            report: &report
        )
        let locales = try Self.locales(Corpus.homeAssistant)
        let raw = try Dictionary(
            uniqueKeysWithValues: locales.map {
                ($0, try Self.foundationStrings(Corpus.homeAssistant + "/\($0).lproj/Localizable.strings"))
            }
        )
        // Every value of every locale imports (all keys of the other locales are in en).
        let units = raw.values.map(\.count).reduce(0, +)
        #expect(report.unitsImported == units)
        #expect(report.skipped.isEmpty, "\(report.skipped.prefix(5))")
        #expect(strings.count == raw["en"]!.count)
        var compared = 0
        var commaCases = 0
        for string in strings {
            let sourceIsFormat = Self.hasSpecifier(raw["en"]![string.appleKey]!)
            for (locale, pattern) in string.messages {
                let value = try #require(raw[locale]?[string.appleKey])
                let message = try CompiledMessage(pattern: pattern, locale: locale)
                for number in string.argumentTypes.contains(.number) ? [3.0, 1000, 1.5] : [3.0] {
                    let (values, arguments) = AppleOracle.arguments(string, number: number)
                    let expected =
                        sourceIsFormat
                        ? AppleOracle.printf(value, locale: locale, values: values, substitutions: [:], argValue: nil)
                        : value
                    let actual = try message.format(arguments)
                    if actual != expected {
                        Issue.record("\(string.appleKey) [\(locale)] \(pattern): \(actual) != \(expected)")
                    }
                    compared += 1
                    if number == 1.5, string.argumentTypes.contains(.number),
                        AppleOracle.commaDecimalLocales.contains(locale)
                    {
                        commaCases += 1
                    }
                }
            }
        }
        #expect(compared > 90_000)
        #expect(commaCases > 0)
    }

    /// Whether the source value is a format string: a specifier after taking out `%%` (so
    /// Home Assistant's `%%u notifications in %%@`, which holds none, is plain text and prints
    /// as written) and without the space flag (`100% guaranteed` is text).
    static func hasSpecifier(_ text: String) -> Bool {
        text.replacingOccurrences(of: "%%", with: "").range(
            of: "%(\\d+\\$)?[-+#0']*\\d*(\\.\\d+)?(hh|h|ll|l|q|z|t|j)?[@dDiuUfFsS]",
            options: .regularExpression
        ) != nil
    }

    @Test func duckDuckGoPluralsImport() throws {
        var report = ImportReport()
        let strings = try AppleImporter.stringsTree(
            Corpus.duckDuckGo,
            table: "Localizable",
            sourceLocale: "en",
            naming: ArgumentNaming(templates: []),
            report: &report
        )
        let byKey = Dictionary(uniqueKeysWithValues: strings.map { ($0.appleKey, $0) })
        var plurals = 0
        var zeroCases = 0
        for locale in try Self.locales(Corpus.duckDuckGo) {
            let path = Corpus.duckDuckGo + "/\(locale).lproj/Localizable.stringsdict"
            let plist =
                try PropertyListSerialization.propertyList(
                    from: Data(contentsOf: URL(fileURLWithPath: path)),
                    format: nil
                ) as! [String: [String: Any]]
            for (key, body) in plist {
                let string = try #require(byKey[key], "\(key)")
                let pattern = try #require(string.messages[locale], "\(key) [\(locale)]")
                plurals += 1
                let message = try CompiledMessage(pattern: pattern, locale: locale)
                var substitutions: [String: [String: Any]] = [:]
                for (name, rule) in body {
                    guard let rule = rule as? [String: Any] else { continue }
                    var cases: [String: Any] = [:]
                    for category in ["zero", "one", "two", "few", "many", "other"] {
                        if let text = rule[category] as? String { cases[category] = ["stringUnit": ["value": text]] }
                    }
                    if cases["zero"] != nil { zeroCases += 1 }
                    substitutions[name] = [
                        "formatSpecifier": rule["NSStringFormatValueTypeKey"] as? String ?? "d",
                        "variations": ["plural": cases],
                    ]
                }
                // `%1#@name@` is read as position 1, as the importer reads it.
                let format = (body["NSStringLocalizedFormatKey"] as! String).replacingOccurrences(
                    of: "%(\\d+)#@",
                    with: "%$1\\$#@",
                    options: .regularExpression
                )
                for number in StringCatalogImportTests.numbers {
                    let (values, arguments) = AppleOracle.arguments(string, number: number)
                    let expected = AppleOracle.printf(
                        format,
                        locale: locale,
                        values: values,
                        substitutions: substitutions,
                        argValue: nil
                    )
                    let actual = try message.format(arguments)
                    if actual != expected {
                        Issue.record("\(key) [\(locale)] n=\(number): \(pattern): \(actual) != \(expected)")
                    }
                }
            }
        }
        #expect(plurals > 300)
        #expect(zeroCases == 22)
        #expect(!report.skipped.contains { $0.reason.contains("other") })
        // Apple's zero: `=0` in English and Norwegian (no CLDR zero), `zero` in Latvian (CLDR zero).
        let english = strings.compactMap { $0.messages["en"] }.filter { $0.contains("=0 {") }
        #expect(english.count == 4)
        #expect(strings.compactMap { $0.messages["nb"] }.filter { $0.contains("=0 {") }.count == 3)
        #expect(strings.compactMap { $0.messages["lv"] }.contains { $0.contains(" zero {") })
        #expect(!strings.compactMap { $0.messages["lv"] }.contains { $0.contains("=0 {") })
    }

    @Test func missingOtherIsReported() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d file</string></dict>
            </dict></dict></plist>
            """
        let folder = try Corpus.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/en.lproj", withIntermediateDirectories: true)
        try Data(plist.utf8).write(to: URL(fileURLWithPath: folder + "/en.lproj/Localizable.stringsdict"))
        var report = ImportReport()
        let strings = try AppleImporter.stringsTree(
            folder,
            table: "Localizable",
            sourceLocale: "en",
            naming: ArgumentNaming(templates: []),
            report: &report
        )
        #expect(strings.isEmpty)
        #expect(report.skipped.map(\.reason) == ["plural has no 'other' case"])
        #expect(report.lines.contains("skipped: 'files' [en]: plural has no 'other' case"))
    }
}
