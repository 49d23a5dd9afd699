import FuzzSupport
import PushLocalizer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libFuzzer target: the input is a catalog's files (see `CatalogFiles`), written into a scratch
/// directory and loaded as `pushloc` loads one. Invariants:
/// - when `Catalog.load` fails, lint reports an error too, and when it succeeds, lint's loading
///   finds no problem;
/// - every problem has a code and a message, and a location (when it has one) in a file that was
///   written, at line 1 or later, no further than one past its last line, column 1 or later;
/// - lint's JSON and SARIF output are valid JSON, and every lint diagnostic is located likewise;
/// - a catalog that loads renders each template in each mode, or answers a `RenderError`; a
///   rendered payload is within its budget and is a JSON object.
@main
enum FuzzCatalog {
    static func main() { runFuzzer(test) }

    static let test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        guard let data else { return 0 }
        let files = CatalogFiles(Array(UnsafeBufferPointer(start: data, count: size)))
        let root = files.writeFiles()
        CatalogTarget.check(root: root, files: files)
        return 0
    }
}

enum CatalogTarget {
    static func check(root: String, files: CatalogFiles) {
        let (source, problems) = CatalogSource.loadCollectingErrors(from: root)
        for problem in problems { checkLocated(problem.location, files: files, what: "\(problem)") }
        require(problems.allSatisfy { !$0.code.isEmpty && !$0.message.isEmpty }, "a problem without code or message")
        let report = Linter(source: source).lint()
        for diagnostic in report.diagnostics {
            checkLocated(diagnostic.location, files: files, what: "lint \(diagnostic.rule): \(diagnostic.message)")
        }
        for format in [LintOutputFormat.json, .sarif] {
            let text = report.formatted(as: format, options: LintOutputOptions())
            require(PayloadChecks.json(Array(text.utf8)) != nil, "lint \(format) output is not JSON: \(text)")
        }
        _ = report.formatted(as: .github, options: LintOutputOptions())
        _ = report.formatted(as: .text, options: LintOutputOptions())
        let catalog: Catalog
        do {
            catalog = try Catalog.load(from: root)
        } catch {
            require(
                !problems.isEmpty || report.errorCount > 0,
                "load fails but lint finds no error: \(error)"
            )
            for problem in error.errors { checkLocated(problem.location, files: files, what: "\(problem)") }
            return
        }
        require(problems.isEmpty, "load succeeds but lint's load finds \(problems)")
        for key in catalog.templateKeys { checkRenders(catalog, key: key) }
    }

    static func checkLocated(_ location: CatalogFileLocation?, files: CatalogFiles, what: String) {
        guard let location else { return }
        guard let lines = files.lineCount(of: location.file) else {
            // Directory-level problems name the directory itself (an empty catalog names `Templates/`).
            let folders = ["Templates", "Templates/", "Locales", "Locales/", "pushloc.yaml", "."]
            require(folders.contains(location.file), "\(what): unknown file")
            return
        }
        require(
            location.line >= 1 && location.line <= lines + 1 && location.column >= 1,
            "\(what): location \(location) outside a file of \(lines) lines"
        )
    }

    static func checkRenders(_ catalog: Catalog, key: String) {
        guard let template = catalog.template(key) else { fail("listed key '\(key)' has no template") }
        var arguments: [String: JSONValue] = [:]
        for declaration in template.arguments {
            switch declaration.type {
            case .string: arguments[declaration.name] = .string("Zoë \"x\" שלום")
            case .number: arguments[declaration.name] = .number("2")
            case .date: arguments[declaration.name] = .string("2024-05-01T12:00:00+02:00")
            }
        }
        for mode in RenderMode.allCases {
            let request = RenderRequest(
                key: key,
                locales: ["ar", "en"],
                mode: mode,
                arguments: arguments,
                now: 1_700_000_000
            )
            guard let rendered = try? catalog.render(request) else { continue }
            require(rendered.payload.count <= rendered.report.budget, "payload over its budget: \(rendered.report)")
            require(
                PayloadChecks.json(rendered.payload)?["aps"] != nil,
                "payload is not a JSON object: \(rendered.payloadText)"
            )
        }
    }
}
