import ArgumentParser
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
            """
    )

    @OptionGroup var catalog: CatalogOption

    @ArgumentParser.Argument(help: "Template key.")
    var key: String

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

    func run() throws {
        let values = try CommandArguments.json(arguments: arguments, jsonArguments: jsonArguments)
        let source = try catalog.loadSource()
        let tags = locales.flatMap { $0.split(separator: ",") }.map { String($0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        if !locales.isEmpty, tags.isEmpty {
            throw CommandFailure.usage("--locale needs a locale tag, got '\(locales.joined(separator: ","))'")
        }
        let preview: TemplatePreview
        do {
            preview = try PreviewBuilder(source: source).preview(
                key: key,
                locales: tags.isEmpty ? nil : tags,
                arguments: values
            )
        } catch {
            switch error {
            case .unknownKey: throw CommandFailure.failed("[unknown-key] \(error.description)")
            case .unknownArgument: throw CommandFailure.failed("[unknown-argument] \(error.description)")
            case .argumentType: throw CommandFailure.failed("[argument-type] \(error.description)")
            case .unknownLocale: throw CommandFailure.usage(error.description)
            }
        }
        Standard.output(Array((format == .json ? preview.json : preview.text).utf8))
    }
}
