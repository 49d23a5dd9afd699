import Foundation

/// Where `text` lint output finds the source lines it quotes under each diagnostic.
public enum LintSourceLines: Sendable, Hashable {
    /// Files read from disk, relative to this catalog root.
    case catalogRoot(String)
    /// File texts given directly, by path relative to the catalog root (for tests and tools that
    /// lint text they hold in memory).
    case files([String: String])

    /// Creates a source of lines read from the catalog at `root`.
    public init(catalogRoot root: String) {
        self = .catalogRoot(root)
    }

    /// Creates a source of lines from texts held in memory.
    public init(files: [String: String]) {
        self = .files(files)
    }

    /// The text of `file`, or nil when it cannot be read as UTF-8.
    func text(of file: String) -> String? {
        switch self {
        case .files(let files):
            return files[file]
        case .catalogRoot(let root):
            let path = root.hasSuffix("/") ? root + file : root + "/" + file
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return String(data: data, encoding: .utf8)
        }
    }
}

/// The lines of the files a report names, read once per file and split where libyaml splits
/// lines (CR LF, CR, LF, NEL, LS, PS), so line numbers agree with the diagnostics'.
struct SourceLineCache {
    let source: LintSourceLines
    private var files: [String: SourceFile?] = [:]

    init(source: LintSourceLines) {
        self.source = source
    }

    /// The scalars of line `line` of `file` (1-based), without its line break; nil when the file
    /// cannot be read or has no such line.
    mutating func line(_ line: Int, of file: String) -> [Unicode.Scalar]? {
        let sourceFile: SourceFile?
        if let cached = files[file] {
            sourceFile = cached
        } else {
            var text = source.text(of: file)
            if text?.unicodeScalars.first == "\u{FEFF}" { text?.unicodeScalars.removeFirst() }
            sourceFile = text.map { SourceFile(path: file, text: $0) }
            files[file] = sourceFile
        }
        guard let sourceFile, line >= 1, line <= sourceFile.lineStarts.count else { return nil }
        let start = sourceFile.lineStarts[line - 1]
        var end = line < sourceFile.lineStarts.count ? sourceFile.lineStarts[line] : sourceFile.scalars.count
        while end > start, SourceFile.lineBreakWidth(in: sourceFile.scalars, at: end - 1) > 0 { end -= 1 }
        return Array(sourceFile.scalars[start..<end])
    }
}
