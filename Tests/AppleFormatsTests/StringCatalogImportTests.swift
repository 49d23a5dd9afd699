import AppleFormats
import Foundation
import ICUKit
import MessageFormat
import Testing

/// CotEditor's three String Catalogs: every case formats as Apple's semantics give, and the
/// import's counts are the file's.
@Suite struct StringCatalogImportTests {
    static let numbers: [Double] = [0, 1, 2, 3, 5, 11, 21, 101, 1000, 1.5]

    /// The file read with Foundation's JSON reader (independent of the importer's).
    static func foundationJSON(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    static func imported(_ path: String) throws -> (ImportReport, String, [ImportedString]) {
        var report = ImportReport()
        let (source, strings) = try AppleImporter.stringCatalogs(
            [path],
            keys: nil,
            naming: ArgumentNaming(templates: []),
            report: &report
        )
        return (report, source, strings)
    }

    @Test(arguments: Corpus.cotEditorCatalogs)
    func everyCaseFormatsAsAppleDoes(path: String) throws {
        let (_, source, strings) = try Self.imported(path)
        let json = try Self.foundationJSON(path)
        #expect(source == json["sourceLanguage"] as? String)
        let entries = json["strings"] as! [String: [String: Any]]
        var compared = 0
        var pluralCompared = 0
        for string in strings {
            let entry = try #require(entries[string.appleKey])
            var localizations = entry["localizations"] as? [String: [String: Any]] ?? [:]
            if localizations[source] == nil {
                localizations[source] = ["stringUnit": ["state": "translated", "value": string.appleKey]]
            }
            let pluralPosition = Self.pluralPosition(localizations[source]!)
            for (locale, pattern) in string.messages {
                let localization = try #require(localizations[locale])
                let message = try CompiledMessage(pattern: pattern, locale: locale)
                let isPlural = localization["variations"] != nil || localization["substitutions"] != nil
                for number in isPlural || string.argumentTypes.contains(.number) ? Self.numbers : [7] {
                    var (values, arguments) = AppleOracle.arguments(string, number: number)
                    // A top-level plural selects on a number even when no case prints it.
                    if values[pluralPosition] == nil, localization["variations"] != nil {
                        values[pluralPosition] = .number(number)
                        arguments["arg\(pluralPosition)"] = AppleOracle.argument(number)
                    }
                    let expected = AppleOracle.format(
                        localization,
                        locale: locale,
                        pluralPosition: pluralPosition,
                        values: values
                    )
                    let actual = try message.format(arguments)
                    if actual != expected {
                        Issue.record(
                            "\(string.appleKey) [\(locale)] n=\(number): \(pattern): \(actual) != \(String(describing: expected))"
                        )
                    }
                    compared += 1
                    if isPlural { pluralCompared += 1 }
                }
            }
        }
        #expect(compared > 1000)
        if path.contains("Application") { #expect(pluralCompared == 0) } else { #expect(pluralCompared > 100) }
    }

    @Test(arguments: Corpus.cotEditorCatalogs)
    func countsEqualTheFiles(path: String) throws {
        let (report, source, strings) = try Self.imported(path)
        let entries = try Self.foundationJSON(path)["strings"] as! [String: [String: Any]]
        var units = 0
        var newUnits = 0
        var locales: Set<String> = [source]
        for entry in entries.values {
            let localizations = entry["localizations"] as? [String: [String: Any]] ?? [:]
            units += localizations.count + (localizations[source] == nil ? 1 : 0)
            locales.formUnion(localizations.keys)
            for (locale, localization) in localizations where locale != source {
                if Self.states(localization).contains("new") { newUnits += 1 }
            }
        }
        #expect(report.keysRead == entries.count)
        #expect(strings.count == entries.count)
        #expect(report.keysImported == entries.count)
        #expect(report.locales == locales)
        #expect(report.unitsImported + newUnits == units)
        #expect(report.skipped.count == newUnits)
        #expect(report.skipped.allSatisfy { $0.reason.contains("new") })
        #expect(strings.map { $0.messages.count }.reduce(0, +) == report.unitsImported)
    }

    static func states(_ node: [String: Any]) -> [String] {
        var states: [String] = []
        if let unit = node["stringUnit"] as? [String: Any], let state = unit["state"] as? String {
            states.append(state)
        }
        for value in node.values {
            if let child = value as? [String: Any] { states += Self.states(child) }
        }
        return states
    }

    /// The first number specifier of the source text's `other` case.
    static func pluralPosition(_ localization: [String: Any]) -> Int {
        var node = localization
        while let variations = node["variations"] as? [String: Any] {
            let cases = (variations["plural"] ?? variations["device"]) as? [String: [String: Any]] ?? [:]
            guard let next = cases["other"] ?? cases["iphone"] else { return 1 }
            node = next
        }
        let value = (node["stringUnit"] as? [String: Any])?["value"] as? String ?? ""
        let regex = try! NSRegularExpression(
            pattern: "%(?:(\\d+)\\$)?(?:#@[^@]+@|[-+ #0']*\\d*(?:\\.\\d+)?(?:hh|h|ll|l|q|z|t|j)?([@dDiuUfF%]))"
        )
        var implicit = 0
        for match in regex.matches(in: value, range: NSRange(value.startIndex..., in: value)) {
            let conversion =
                match.range(at: 2).location == NSNotFound
                ? "#" : (value as NSString).substring(with: match.range(at: 2))
            if conversion == "%" { continue }
            let explicit =
                match.range(at: 1).location == NSNotFound
                ? nil : Int((value as NSString).substring(with: match.range(at: 1)))
            let position =
                explicit
                ?? {
                    implicit += 1
                    return implicit
                }()
            if conversion != "@" && conversion != "#" { return position }
        }
        return 1
    }
}
