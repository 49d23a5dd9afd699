/// A position in one of a catalog's files, as a person reads it in an editor.
///
/// Lines and columns are 1-based; columns count Unicode scalars, as libyaml (under Yams) does.
/// `description` reads `Templates/social.yaml:12:9`.
public struct CatalogFileLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path relative to the catalog root, with `/` separators (`Templates/social.yaml`).
    public var file: String
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars.
    public var column: Int

    /// Creates a location.
    /// - Parameters:
    ///   - file: the path relative to the catalog root.
    ///   - line: the 1-based line.
    ///   - column: the 1-based column in Unicode scalars.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders by file path, then line, then column.
    public static func < (lhs: CatalogFileLocation, rhs: CatalogFileLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
