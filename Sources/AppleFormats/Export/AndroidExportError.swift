import PushLocalizer

/// Why a catalog's `loc-key` strings cannot be written as Android string resources, placed in the
/// catalog file that causes it.
public struct AndroidExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        /// Two template fields with different text get the same Android resource name.
        case nameCollision = "android-name-collision"
        /// A locale tag that no Android resource folder can name.
        case localeFolder = "android-locale"
    }

    /// What went wrong.
    public var code: Code
    /// For a person: what and why.
    public var message: String
    /// Where in the catalog.
    public var location: CatalogFileLocation

    /// Creates an error.
    /// - Parameters:
    ///   - code: what went wrong.
    ///   - message: the explanation.
    ///   - location: where in the catalog.
    public init(_ code: Code, _ message: String, at location: CatalogFileLocation) {
        self.code = code
        self.message = message
        self.location = location
    }

    /// `file:line:column: error: [code] message`.
    public var description: String { "\(location): error: [\(code.rawValue)] \(message)" }
}

/// Every ``AndroidExportError`` of one export, in catalog order.
public struct AndroidExportFailure: Error, Sendable, Hashable {
    /// The errors, at least one.
    public var errors: [AndroidExportError]

    /// Creates a failure.
    /// - Parameter errors: the errors.
    public init(errors: [AndroidExportError]) { self.errors = errors }

    /// One line per error.
    public var lines: [String] { errors.map(\.description) }
}
