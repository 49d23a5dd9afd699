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
                let path = "\(folder)/\(name)"
                guard !isDirectory(url.path) else {
                    // A folder named like a catalog file is a mistake worth stopping for: its
                    // templates or locale would otherwise be missing without a word.
                    let what = folder == templatesFolder ? "templates" : "locale"
                    steps.append(
                        .problem(
                            CatalogError(
                                location: CatalogFileLocation(file: path, line: 1, column: 1),
                                code: CatalogError.Code.unreadableFile,
                                message: "\(path) is a directory, not a YAML file: its \(what) cannot be read"
                            )
                        )
                    )
                    continue
                }
                steps.append(.file(url, path: path))
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
        let bytes: [UInt8]
        switch FileBytes.read(url.path) {
        case .success(let read): bytes = read
        case .failure(let reason):
            return .failure(
                CatalogError(
                    location: CatalogFileLocation(file: path, line: 1, column: 1),
                    code: CatalogError.Code.unreadableFile,
                    message: "cannot read the file: \(reason.description)"
                )
            )
        }
        if let invalid = UTF8Validation.firstInvalidByte(in: bytes) {
            let position = UTF8Validation.position(ofByte: invalid, in: bytes)
            return .failure(
                CatalogError(
                    location: CatalogFileLocation(file: path, line: position.line, column: position.column),
                    code: CatalogError.Code.unreadableFile,
                    message: String(
                        format: "the file is not valid UTF-8: byte 0x%02X at byte offset %d",
                        bytes[invalid],
                        invalid
                    )
                        + " cannot start or continue a character (save the file as UTF-8)"
                )
            )
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
