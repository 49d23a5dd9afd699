import Yams

/// One catalog file composed into nodes, with its text kept for locations.
///
/// Yams refuses a map that repeats a key (YAML says keys are unique) and names only the first
/// occurrence. Catalog authors repeat template keys by accident, and lint must report that as
/// `duplicate-key` rather than fail, so the first occurrence is renamed with a marker and the
/// text composed again, until it composes; the marks after each insertion are shifted back, and
/// ``originalKey(of:)`` undoes the renaming.
struct YAMLFile {
    /// The path relative to the catalog root.
    let path: String
    /// The original text.
    let source: SourceFile
    /// The composed document; nil for an empty file.
    let root: YAMLNode?
    /// Markers inserted into the text, in order: each in the coordinates of the text before it.
    private let insertions: [Insertion]
    /// Original keys by marker number.
    private let renamedKeys: [Int: String]
    /// Values reused through aliases, so that errors inside them can name the aliases.
    let aliases: AliasUses

    private struct Insertion {
        var line: Int
        var column: Int
        var length: Int
    }

    private static let markerPrefix = "__pushloc_duplicate_"

    /// Marks every untagged plain scalar as `plain` without trying Yams' YAML 1.1 patterns (one
    /// regular expression per scalar instead of six): `ScalarValue` resolves plain scalars itself
    /// under YAML 1.2's core schema.
    static let resolver: Resolver = {
        guard let rule = try? Resolver.Rule(ScalarValue.plainTag, "^") else { return .default }
        return Resolver.basic.appending(rule)
    }()
    private static let maxRenamedKeys = 200

    /// Composes `text`, or returns the YAML error found in it. Text of the plain shape most catalog
    /// files have is composed by ``PlainYAMLComposer`` into the nodes Yams' nodes convert to;
    /// anything else (and every error) is Yams' to judge.
    static func compose(path: String, text: String) -> Result<YAMLFile, CatalogError> {
        let source = SourceFile(path: path, text: text)
        if let root = PlainYAMLComposer.compose(text) {
            return .success(YAMLFile(path: path, source: source, root: root, insertions: [], renamedKeys: [:]))
        }
        var working = text
        var insertions: [Insertion] = []
        var renamed: [Int: String] = [:]
        while true {
            let shifted = YAMLFile(path: path, source: source, root: nil, insertions: insertions, renamedKeys: renamed)
            do {
                let root = try Yams.compose(yaml: working, Self.resolver).map(YAMLNode.init)
                return .success(
                    YAMLFile(path: path, source: source, root: root, insertions: insertions, renamedKeys: renamed)
                )
            } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
                let location = shifted.location(line: context.mark.line, column: context.mark.column)
                guard let key = duplicates.first, renamed.count < maxRenamedKeys,
                    let marked = insertMarker(
                        number: renamed.count,
                        into: working,
                        at: YAMLNode.Location(line: context.mark.line, column: context.mark.column)
                    )
                else {
                    let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
                    return .failure(
                        CatalogError(
                            location: location,
                            code: CatalogError.Code.duplicateKey,
                            message: "key \(names) is repeated in the same map"
                        )
                    )
                }
                working = marked.text
                insertions.append(
                    Insertion(line: context.mark.line, column: context.mark.column, length: marked.length)
                )
                renamed[renamed.count] = key
            } catch let error as YamlError {
                return .failure(shifted.syntaxError(error))
            } catch {
                return .failure(
                    CatalogError(
                        location: CatalogFileLocation(file: path, line: 1, column: 1),
                        code: CatalogError.Code.yamlSyntax,
                        message: "invalid YAML: \(error)"
                    )
                )
            }
        }
    }

    private init(
        path: String,
        source: SourceFile,
        root: YAMLNode?,
        insertions: [Insertion],
        renamedKeys: [Int: String]
    ) {
        self.path = path
        self.source = source
        self.root = root
        self.insertions = insertions
        self.renamedKeys = renamedKeys
        self.aliases = root == nil ? .none : AliasUses(root: root, source: source)
    }

    /// Inserts `__pushloc_duplicate_N__` before the key at `mark`. Written before a plain or
    /// quoted key, it makes one plain scalar, so the document keeps its shape.
    private static func insertMarker(
        number: Int,
        into text: String,
        at location: YAMLNode.Location
    ) -> (text: String, length: Int)? {
        let file = SourceFile(path: "", text: text)
        guard let index = file.index(line: location.line, column: location.column), index < file.scalars.count else {
            return nil
        }
        let marker = "\(markerPrefix)\(number)__"
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: file.scalars[..<index])
        scalars.append(contentsOf: marker.unicodeScalars)
        scalars.append(contentsOf: file.scalars[index...])
        return (String(scalars), marker.unicodeScalars.count)
    }

    /// The location of a node in the original text.
    func location(of node: YAMLNode) -> CatalogFileLocation {
        location(line: node.location.line, column: node.location.column)
    }

    /// Maps a position in the composed (possibly marked) text back to the original text.
    func location(line: Int, column: Int) -> CatalogFileLocation {
        var column = column
        for insertion in insertions.reversed() where insertion.line == line && column > insertion.column {
            column -= insertion.length
        }
        return CatalogFileLocation(file: path, line: line, column: column)
    }

    /// The key as the author wrote it, undoing a duplicate marker.
    func originalKey(of text: String) -> String {
        guard text.hasPrefix(Self.markerPrefix) else { return text }
        let rest = text.dropFirst(Self.markerPrefix.count)
        guard let end = rest.firstIndex(of: "_"), let number = Int(rest[..<end]), let key = renamedKeys[number] else {
            return text
        }
        return key
    }

    /// A source text for a scalar node of this file.
    func sourceText(of scalar: YAMLNode.Scalar, at location: CatalogFileLocation) -> SourceText {
        SourceText(text: scalar.string, location: location, style: scalar.style, source: source)
    }
}
