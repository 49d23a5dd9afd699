/// One problem found in a catalog, with the place it was found.
///
/// `description` reads `Templates/social.yaml:12:9: error: message`, or `error: message` when no
/// file position applies (a missing directory).
public struct CatalogError: Error, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Where the problem is; nil when it concerns the catalog as a whole.
    public var location: CatalogFileLocation?
    /// A stable, machine-readable kind, one of ``CatalogError/Code``.
    public var code: String
    /// What is wrong, in words, for a person.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - location: where the problem is, if in a file.
    ///   - code: a ``CatalogError/Code`` value.
    ///   - message: the explanation.
    public init(location: CatalogFileLocation?, code: String, message: String) {
        self.location = location
        self.code = code
        self.message = message
    }

    /// `file:line:column: error: message`.
    public var description: String {
        guard let location else { return "error: \(message)" }
        return "\(location): error: \(message)"
    }

    /// Orders errors without a location first, then by location, then by message.
    public static func < (lhs: CatalogError, rhs: CatalogError) -> Bool {
        switch (lhs.location, rhs.location) {
        case (nil, .some): return true
        case (.some, nil): return false
        case let (left?, right?) where left != right: return left < right
        default: return (lhs.message, lhs.code) < (rhs.message, rhs.code)
        }
    }

    /// The values of ``CatalogError/code``.
    public enum Code {
        /// The file is not valid YAML.
        public static let yamlSyntax = "yaml-syntax"
        /// `Templates/` or `Locales/` (or the root itself) is missing.
        public static let missingDirectory = "missing-directory"
        /// A file could not be read (the reason is in the message), is a directory, or is not UTF-8.
        public static let unreadableFile = "unreadable-file"
        /// A node has the wrong shape (a list where a map belongs, a key that is not a string).
        public static let catalogStructure = "catalog-structure"
        /// A template key does not follow the loc-key syntax.
        public static let invalidKey = "invalid-key"
        /// A map holds a field the format does not define.
        public static let unknownField = "unknown-field"
        /// A required field is missing.
        public static let missingField = "missing-field"
        /// A field's value is out of range or of the wrong type.
        public static let invalidValue = "invalid-value"
        /// A field is given twice in one map (template keys given twice are ``DuplicateKey``s instead).
        public static let duplicateKey = "duplicate-key"
        /// Two files define the same locale (`fr.yaml` and `fr.yml`).
        public static let duplicateLocale = "duplicate-locale"
        /// The catalog defines no template at all (usually the wrong folder).
        public static let emptyCatalog = "empty-catalog"
        /// A fixed `collapse-id` is longer than the 64 bytes APNs allows.
        public static let collapseID = "collapse-id"
    }
}

/// Everything that makes a catalog unusable, collected across all of its files.
public struct CatalogLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// All problems found, sorted by file, line and column.
    public var errors: [CatalogError]

    /// Creates a load error; the errors are sorted, each listed once (a value reused through a
    /// YAML alias is read, and found wrong, once per use).
    /// - Parameter errors: the problems found.
    public init(errors: [CatalogError]) {
        var unique: [CatalogError] = []
        for error in errors.sorted() where unique.last != error { unique.append(error) }
        self.errors = unique
    }

    /// One line per error.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
