import Foundation

/// Reads a catalog root's files from disk.
enum CatalogDirectory {
    static let templatesFolder = "Templates"
    static let localesFolder = "Locales"
    static let settingsFile = "pushloc.yaml"

    /// The text of every catalog file by relative path, and the problems met reading them.
    static func read(root: String) -> (files: [String: String], errors: [CatalogError]) {
        var files: [String: String] = [:]
        var errors: [CatalogError] = []
        let manager = FileManager.default
        let rootURL = URL(fileURLWithPath: root)
        guard isDirectory(rootURL.path) else {
            let error = CatalogError(
                location: nil,
                code: CatalogError.Code.missingDirectory,
                message: "catalog root '\(root)' is not a directory"
            )
            return ([:], [error])
        }
        // The files are listed in order, read on every core, then taken in that order.
        var steps: [Step] = []
        for folder in [templatesFolder, localesFolder] {
            let folderURL = rootURL.appendingPathComponent(folder)
            guard isDirectory(folderURL.path) else {
                steps.append(
                    .problem(
                        CatalogError(
                            location: nil,
                            code: CatalogError.Code.missingDirectory,
                            message: "catalog root '\(root)' has no \(folder)/ directory"
                        )
                    )
                )
                continue
            }
            let names = (try? manager.contentsOfDirectory(atPath: folderURL.path)) ?? []
            for name in names.sorted() where isCatalogFile(name) {
                let url = folderURL.appendingPathComponent(name)
                guard !isDirectory(url.path) else { continue }
                steps.append(.file(url, path: "\(folder)/\(name)"))
            }
        }
        let settingsURL = rootURL.appendingPathComponent(settingsFile)
        if manager.fileExists(atPath: settingsURL.path) {
            steps.append(.file(settingsURL, path: settingsFile))
        }
        let texts = steps.parallelMap { step -> Result<String, CatalogError>? in
            guard case .file(let url, let path) = step else { return nil }
            return read(url, as: path)
        }
        for (step, text) in zip(steps, texts) {
            switch (step, text) {
            case (.problem(let error), _): errors.append(error)
            case (.file(_, let path), .success(let text)?): files[path] = text
            case (.file, .failure(let error)?): errors.append(error)
            case (.file, nil): continue
            }
        }
        return (files, errors)
    }

    /// One entry of a catalog's listing: a file to read, or a missing folder.
    private enum Step {
        case file(URL, path: String)
        case problem(CatalogError)
    }

    /// `*.yaml` and `*.yml`, not hidden (editors leave `.#x.yaml` and the like behind).
    static func isCatalogFile(_ name: String) -> Bool {
        !name.hasPrefix(".") && (name.hasSuffix(".yaml") || name.hasSuffix(".yml"))
    }

    /// The text of one file, or why it cannot be read (safe to call on any thread).
    private static func read(_ url: URL, as path: String) -> Result<String, CatalogError> {
        let start = CatalogFileLocation(file: path, line: 1, column: 1)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(
                CatalogError(location: start, code: CatalogError.Code.unreadableFile, message: "cannot read the file")
            )
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(
                CatalogError(
                    location: start,
                    code: CatalogError.Code.unreadableFile,
                    message: "the file is not valid UTF-8"
                )
            )
        }
        return .success(text)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
