import ArgumentParser
import DisplayLayout
import Foundation
import PushLocalizer

/// `pushloc preview`: every plural, selectordinal and select branch of a template, per locale.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show every plural/select variant of a template in each locale, with byte counts.",
        discussion: """
            Plural and selectordinal arguments take their =N values and one CLDR sample number per \
            category of the locale; select arguments take each keyword and a value for other. Other \
            arguments get made-up examples from their declared type and name (a first name for \
            …name, 42 for counts, 1234.5 for other numbers, 2026-11-22T10:00:00Z for dates, shown in \
            UTC); --arg and --json-args give declared arguments values of your own instead, and an \
            argument given a value is not varied. A --locale tag that is not one of the catalog's is \
            negotiated as render negotiates it (de-AT shows de). Byte counts are UTF-8, bidi isolation \
            marks included.

            With --html FILE: one self-contained HTML page (no network requests) with, per template \
            (every template when no KEY is given), locale and variant, plus worst-case arguments (long \
            names, a name of the other writing direction), a card per phone surface drawn as the \
            surface shows it, the APNs payload's bytes against its budget, the locale of each field and \
            the line-wrap estimate's verdict. Surfaces and fonts are pushloc.yaml's display settings; \
            the page is an estimate (docs/preview.md).
            """
    )

    @OptionGroup var catalog: CatalogOption

    @ArgumentParser.Argument(
        help: ArgumentHelp("Template key (with --html: any number, none for every template).", valueName: "key")
    )
    var keys: [String] = []

    @Option(
        name: .customLong("html"),
        help: ArgumentHelp("Write the visual preview page to FILE instead of printing.", valueName: "FILE")
    )
    var htmlFile: String?

    @Option(
        name: .customLong("locale"),
        help: ArgumentHelp(
            "A locale to show, negotiated like render's (repeatable, or comma-separated; default: all).",
            valueName: "TAG"
        )
    )
    var locales: [String] = []

    @Option(
        name: .customLong("arg"),
        help: ArgumentHelp("A value for a declared argument as NAME=VALUE (repeatable).", valueName: "NAME=VALUE")
    )
    var arguments: [String] = []

    @Option(
        name: .customLong("json-args"),
        help: ArgumentHelp("Typed argument values as a JSON object.", valueName: "JSON")
    )
    var jsonArguments: String?

    @Option(help: "text or json.")
    var format = TableFormat.text

    func validate() throws {
        if htmlFile == nil, keys.count != 1 {
            throw ValidationError(
                keys.isEmpty ? "Missing expected argument '<key>'" : "Give one KEY (several only with --html)"
            )
        }
    }

    func run() throws {
        let values = try CommandArguments.json(arguments: arguments, jsonArguments: jsonArguments)
        let tags = locales.flatMap { $0.split(separator: ",") }.map { String($0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        if !locales.isEmpty, tags.isEmpty {
            throw CommandFailure.usage("--locale needs a locale tag, got '\(locales.joined(separator: ","))'")
        }
        if let htmlFile {
            try writePage(to: htmlFile, locales: tags.isEmpty ? nil : tags, arguments: values)
            return
        }
        let source = try catalog.loadSource()
        let preview: TemplatePreview
        do {
            preview = try PreviewBuilder(source: source).preview(
                key: keys[0],
                locales: tags.isEmpty ? nil : tags,
                arguments: values
            )
        } catch {
            throw Self.failure(error)
        }
        Standard.output(Array((format == .json ? preview.json : preview.text).utf8))
    }

    private func writePage(to path: String, locales: [String]?, arguments: [String: JSONValue]) throws {
        let loaded = try catalog.load()
        let page: PreviewPage
        do {
            page = try PreviewPageBuilder(catalog: loaded, estimator: LineWrapEstimator()).page(
                keys: keys,
                locales: locales,
                arguments: arguments
            )
        } catch {
            switch error {
            case .preview(let error): throw Self.failure(error)
            case .layout: throw CommandFailure.failed("[layout] \(error.description)")
            }
        }
        do {
            try Data(page.html().utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure.failed("cannot write '\(path)': \(error.localizedDescription)")
        }
    }

    private static func failure(_ error: PreviewError) -> CommandFailure {
        switch error {
        case .unknownKey: CommandFailure.failed("[unknown-key] \(error.description)")
        case .unknownArgument: CommandFailure.failed("[unknown-argument] \(error.description)")
        case .argumentType: CommandFailure.failed("[argument-type] \(error.description)")
        case .unknownLocale: CommandFailure.usage(error.description)
        }
    }
}
