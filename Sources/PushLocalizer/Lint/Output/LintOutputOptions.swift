/// How lint output names files, whether it uses colour, and what it says about the tool.
///
/// Diagnostics carry paths relative to the catalog root (`Locales/ru.yaml`). The `json` format
/// keeps them so, whatever `--catalog` was; `text`, `github` and `sarif` name files as seen from
/// the working directory (`Tests/Fixtures/Locales/ru.yaml` for `--catalog Tests/Fixtures`), so
/// that an editor can open them and GitHub can place annotations in the repository.
public struct LintOutputOptions: Sendable, Hashable {
    /// Joined before a diagnostic's file (`Tests/Fixtures`); empty when the catalog is the
    /// working directory. An absolute prefix names files outside the working directory.
    public var pathPrefix: String
    /// The working directory as a `file://` URI ending with `/`: SARIF's `SRCROOT`.
    public var sourceRootURI: String
    /// Whether `text` output uses ANSI colours (only when writing to a terminal).
    public var usesColor: Bool
    /// Where `text` output finds the lines it quotes.
    public var sourceLines: LintSourceLines
    /// The tool version SARIF reports.
    public var toolVersion: String
    /// SARIF's `tool.driver.informationUri`.
    public var informationURI: String

    /// The version of pushloc written into SARIF logs.
    public static let defaultToolVersion = PushLocalizerVersion.current
    /// Where SARIF viewers send people who want to know more about the tool.
    public static let defaultInformationURI = "https://github.com/pushlocalizer/pushlocalizer"

    /// Creates options.
    /// - Parameters:
    ///   - pathPrefix: the catalog directory as seen from the working directory ("" for itself).
    ///   - sourceRootURI: the working directory as a `file://` URI ending with `/`.
    ///   - usesColor: whether to colour `text` output.
    ///   - sourceLines: where quoted lines come from.
    ///   - toolVersion: the version for SARIF.
    ///   - informationURI: the tool's web page for SARIF.
    public init(
        pathPrefix: String = "",
        sourceRootURI: String = "file:///",
        usesColor: Bool = false,
        sourceLines: LintSourceLines = LintSourceLines(files: [:]),
        toolVersion: String = LintOutputOptions.defaultToolVersion,
        informationURI: String = LintOutputOptions.defaultInformationURI
    ) {
        self.pathPrefix = pathPrefix
        self.sourceRootURI = sourceRootURI
        self.usesColor = usesColor
        self.sourceLines = sourceLines
        self.toolVersion = toolVersion
        self.informationURI = informationURI
    }

    /// Options for the catalog in `catalogDirectory`, as `pushloc lint --catalog` gives it, run
    /// from `currentDirectory` (an absolute path). Quoted lines are read from the catalog's files.
    /// - Parameters:
    ///   - catalogDirectory: the catalog root, relative or absolute.
    ///   - currentDirectory: the absolute working directory.
    ///   - usesColor: whether to colour `text` output.
    /// - Returns: the options.
    public static func forCatalog(
        _ catalogDirectory: String,
        currentDirectory: String,
        usesColor: Bool
    ) -> LintOutputOptions {
        let root = LintPaths.normalized(currentDirectory)
        var prefix = LintPaths.normalized(catalogDirectory)
        if prefix.hasPrefix("/"), let relative = LintPaths.relative(prefix, to: root) { prefix = relative }
        return LintOutputOptions(
            pathPrefix: prefix == "." ? "" : prefix,
            sourceRootURI: LintPaths.fileURI(forDirectory: root),
            usesColor: usesColor,
            sourceLines: LintSourceLines(catalogRoot: catalogDirectory)
        )
    }

    /// `file` (relative to the catalog root) as seen from the working directory.
    public func displayPath(_ file: String) -> String {
        guard !pathPrefix.isEmpty else { return file }
        return pathPrefix.hasSuffix("/") ? pathPrefix + file : pathPrefix + "/" + file
    }
}
