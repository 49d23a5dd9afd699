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
        for folder in [templatesFolder, localesFolder] {
            let folderURL = rootURL.appendingPathComponent(folder)
            guard isDirectory(folderURL.path) else {
                errors.append(
                    CatalogError(
                        location: nil,
                        code: CatalogError.Code.missingDirectory,
                        message: "catalog root '\(root)' has no \(folder)/ directory"
                    )
                )
                continue
            }
            let names = (try? manager.contentsOfDirectory(atPath: folderURL.path)) ?? []
            for name in names.sorted() where isCatalogFile(name) {
                let url = folderURL.appendingPathComponent(name)
                guard !isDirectory(url.path) else { continue }
                read(url, as: "\(folder)/\(name)", into: &files, errors: &errors)
            }
        }
        let settingsURL = rootURL.appendingPathComponent(settingsFile)
        if manager.fileExists(atPath: settingsURL.path) {
            read(settingsURL, as: settingsFile, into: &files, errors: &errors)
        }
        return (files, errors)
    }

    /// `*.yaml` and `*.yml`, not hidden (editors leave `.#x.yaml` and the like behind).
    static func isCatalogFile(_ name: String) -> Bool {
        !name.hasPrefix(".") && (name.hasSuffix(".yaml") || name.hasSuffix(".yml"))
    }

    private static func read(
        _ url: URL,
        as path: String,
        into files: inout [String: String],
        errors: inout [CatalogError]
    ) {
        let start = CatalogFileLocation(file: path, line: 1, column: 1)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            errors.append(
                CatalogError(location: start, code: CatalogError.Code.unreadableFile, message: "cannot read the file")
            )
            return
        }
        guard let text = String(data: data, encoding: .utf8) else {
            errors.append(
                CatalogError(
                    location: start,
                    code: CatalogError.Code.unreadableFile,
                    message: "the file is not valid UTF-8"
                )
            )
            return
        }
        files[path] = text
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
