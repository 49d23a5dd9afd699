/// A locale file left out of a catalog loaded with ``CatalogLoadOptions/BrokenLocales/leaveOut``.
public struct BrokenLocale: Sendable, Hashable {
    /// The locale tag, from the file name (`fr` for `Locales/fr.yaml`).
    public var tag: String
    /// The file's path relative to the catalog root.
    public var file: String
    /// Every error found in it, sorted by position.
    public var errors: [CatalogError]

    /// Creates a record of a left-out locale.
    /// - Parameters:
    ///   - tag: the locale tag.
    ///   - file: the file path relative to the root.
    ///   - errors: the errors found in it.
    public init(tag: String, file: String, errors: [CatalogError]) {
        self.tag = tag
        self.file = file
        self.errors = errors.sorted()
    }

    /// Splits `errors` into broken locale files and the rest: an error belongs to a locale when it
    /// is located in a `Locales/` file.
    static func split(_ errors: [CatalogError]) -> (locales: [BrokenLocale], others: [CatalogError]) {
        var byFile: [String: [CatalogError]] = [:]
        var others: [CatalogError] = []
        let folder = CatalogDirectory.localesFolder + "/"
        for error in errors {
            if let file = error.location?.file, file.hasPrefix(folder) {
                byFile[file, default: []].append(error)
            } else {
                others.append(error)
            }
        }
        let locales = byFile.map { file, errors in
            let name = file.dropFirst(folder.count)
            return BrokenLocale(
                tag: String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)]),
                file: file,
                errors: errors
            )
        }
        return (locales.sorted { $0.file < $1.file }, others)
    }
}
