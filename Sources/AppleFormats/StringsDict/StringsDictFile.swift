import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A `.stringsdict` file: per key, a format with `%#@NAME@` substitutions and their plural rules.
public struct StringsDictFile: Sendable {
    /// One key.
    public struct Entry: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The localization it describes.
        public var localization: AppleLocalization
    }

    /// The keys, sorted.
    public var entries: [Entry]
    /// Keys that could not be read, with the reason.
    public var problems: [(key: String, reason: String)]

    /// Reads a `.stringsdict` property list.
    /// - Parameters:
    ///   - bytes: the file's bytes (XML or binary property list).
    ///   - file: the path, for errors.
    /// - Throws: `AppleFileError` for a file that is not a property list of dictionaries.
    public init(bytes: [UInt8], file: String) throws(AppleFileError) {
        let data = Data(bytes)
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let (line, column) = Self.xmlErrorPlace(data)
            throw AppleFileError(file: file, line: line, column: column, message: "not a valid property list")
        }
        guard let dictionary = root as? [String: Any] else {
            throw AppleFileError(file: file, line: 1, column: 1, message: "a .stringsdict must be a dictionary")
        }
        var entries: [Entry] = []
        var problems: [(String, String)] = []
        for key in dictionary.keys.sorted() {
            guard let body = dictionary[key] as? [String: Any] else {
                problems.append((key, "not a dictionary"))
                continue
            }
            guard let format = body["NSStringLocalizedFormatKey"] as? String else {
                problems.append(
                    (
                        key,
                        body["NSStringDeviceSpecificRuleType"] != nil || body["NSStringVariableWidthRuleType"] != nil
                            ? "device-specific and variable-width rules are not imported"
                            : "no NSStringLocalizedFormatKey"
                    )
                )
                continue
            }
            var substitutions: [String: AppleSubstitution] = [:]
            for (name, value) in body where name != "NSStringLocalizedFormatKey" {
                guard let rule = value as? [String: Any] else { continue }
                guard rule["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType" else {
                    problems.append((key, "substitution '\(name)' is not an NSStringPluralRuleType"))
                    continue
                }
                var plural: [String: AppleVariant] = [:]
                for category in ["zero", "one", "two", "few", "many", "other"] {
                    if let text = rule[category] as? String { plural[category] = .unit(value: text, state: nil) }
                }
                substitutions[name] = AppleSubstitution(
                    argumentNumber: nil,
                    formatSpecifier: rule["NSStringFormatValueTypeKey"] as? String ?? "d",
                    plural: plural
                )
            }
            entries.append(
                Entry(
                    key: key,
                    localization: AppleLocalization(
                        variant: .unit(value: format, state: nil),
                        substitutions: substitutions
                    )
                )
            )
        }
        self.entries = entries
        self.problems = problems
    }

    /// Where an XML property list stops being well-formed (1:1 when the parser says nothing).
    private static func xmlErrorPlace(_ data: Data) -> (Int, Int) {
        let parser = XMLParser(data: data)
        if parser.parse() { return (1, 1) }
        return (max(parser.lineNumber, 1), max(parser.columnNumber, 1))
    }
}
