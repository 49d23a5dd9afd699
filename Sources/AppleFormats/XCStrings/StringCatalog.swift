/// One key of a String Catalog.
public struct StringCatalogEntry: Sendable, Hashable {
    /// The key as written (the app's lookup key).
    public var key: String
    /// The developer comment.
    public var comment: String?
    /// `shouldTranslate` (true when absent).
    public var shouldTranslate: Bool
    /// `extractionState`, if written.
    public var extractionState: String?
    /// The localizations by locale tag, in file order.
    public var localizations: [(locale: String, localization: AppleLocalization)]

    /// Whether two entries are equal (localizations compared in order).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.key == rhs.key && lhs.comment == rhs.comment && lhs.shouldTranslate == rhs.shouldTranslate
            && lhs.localizations.map(\.locale) == rhs.localizations.map(\.locale)
            && lhs.localizations.map(\.localization) == rhs.localizations.map(\.localization)
    }

    /// Hashes the key.
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// A String Catalog (`.xcstrings`): its JSON as read, and its keys.
public struct StringCatalog: Sendable {
    /// The whole document, member order and literals kept.
    public var document: OrderedJSON
    /// `sourceLanguage`.
    public var sourceLanguage: String
    /// The keys in file order.
    public var entries: [StringCatalogEntry]
    /// The bytes the catalog was read from.
    public var originalBytes: [UInt8]

    /// Reads a String Catalog.
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - file: the path, for errors.
    /// - Throws: `AppleFileError` naming file, line and column.
    public init(bytes: [UInt8], file: String) throws(AppleFileError) {
        originalBytes = bytes
        do {
            document = try OrderedJSONReader.read(bytes)
        } catch {
            throw AppleFileError(file: file, line: error.line, column: error.column, message: error.message)
        }
        guard case .object = document else {
            throw AppleFileError(file: file, line: 1, column: 1, message: "a String Catalog must be a JSON object")
        }
        guard let source = document["sourceLanguage"]?.stringValue else {
            throw AppleFileError(file: file, line: 1, column: 1, message: "missing 'sourceLanguage'")
        }
        sourceLanguage = source
        guard let strings = document["strings"], case .object(let members) = strings else {
            throw AppleFileError(file: file, line: 1, column: 1, message: "missing 'strings' object")
        }
        var entries: [StringCatalogEntry] = []
        for member in members {
            do {
                entries.append(try Self.entry(member))
            } catch {
                throw AppleFileError(
                    file: file,
                    line: Self.line(of: member.key, in: bytes),
                    column: 5,
                    message: "key '\(member.key)': \(error.message)"
                )
            }
        }
        self.entries = entries
    }

    /// The bytes of the document in Xcode's layout.
    public func bytes() -> [UInt8] { XcodeJSONWriter.write(document) }

    /// The line where key `key` of `strings` is written (1 when not found).
    static func line(of key: String, in bytes: [UInt8]) -> Int {
        let needle = Array(("\n    \"" + key).utf8)
        guard let range = bytes.firstRange(of: needle) else { return 1 }
        return bytes[..<range.lowerBound].count { $0 == 0x0A } + 2
    }

    private static func entry(_ member: OrderedJSON.Member) throws(ConversionError) -> StringCatalogEntry {
        let value = member.value
        var localizations: [(String, AppleLocalization)] = []
        for localization in value["localizations"]?.members ?? [] {
            localizations.append((localization.key, try self.localization(localization.value)))
        }
        return StringCatalogEntry(
            key: member.key,
            comment: value["comment"]?.stringValue,
            shouldTranslate: value["shouldTranslate"]?.boolValue ?? true,
            extractionState: value["extractionState"]?.stringValue,
            localizations: localizations
        )
    }

    static func localization(_ value: OrderedJSON) throws(ConversionError) -> AppleLocalization {
        var substitutions: [String: AppleSubstitution] = [:]
        for member in value["substitutions"]?.members ?? [] {
            let node = member.value
            var plural: [String: AppleVariant] = [:]
            for category in node["variations"]?["plural"]?.members ?? [] {
                plural[category.key] = try variant(category.value)
            }
            substitutions[member.key] = AppleSubstitution(
                argumentNumber: node["argNum"]?.intValue,
                formatSpecifier: node["formatSpecifier"]?.stringValue ?? "lld",
                plural: plural
            )
        }
        return AppleLocalization(variant: try variant(value), substitutions: substitutions)
    }

    static func variant(_ value: OrderedJSON) throws(ConversionError) -> AppleVariant {
        if let variations = value["variations"] {
            if let plural = variations["plural"] {
                var cases: [String: AppleVariant] = [:]
                for member in plural.members { cases[member.key] = try variant(member.value) }
                return .plural(cases)
            }
            if let device = variations["device"] {
                var cases: [String: AppleVariant] = [:]
                for member in device.members { cases[member.key] = try variant(member.value) }
                return .device(cases)
            }
            throw ConversionError(message: "unknown variation '\(variations.members.first?.key ?? "")'")
        }
        guard let unit = value["stringUnit"] else { throw ConversionError(message: "no 'stringUnit' or 'variations'") }
        guard let text = unit["value"]?.stringValue else {
            throw ConversionError(message: "'stringUnit' has no 'value'")
        }
        return .unit(value: text, state: unit["state"]?.stringValue)
    }
}

/// An input file that is not valid, at a line and column.
public struct AppleFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file path.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: message`.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
