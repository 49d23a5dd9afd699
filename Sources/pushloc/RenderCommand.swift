import ArgumentParser
import Foundation
import PushLocalizer

/// `pushloc render`: render one notification and print its payload bytes exactly.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one notification payload from the catalog."
    )

    @OptionGroup var catalog: CatalogOption

    @ArgumentParser.Argument(help: "Template key.")
    var key: String

    @Option(help: "The user's languages, most preferred first, comma-separated (e.g. pl-PL,en).")
    var locale: String

    @Option(help: "resolved, content or loc-key (FCM: resolved, loc-key or data).")
    var mode = RenderMode.resolved

    @Option(help: "apns, fcm or webpush: whose payload to write.")
    var platform = Platform.apns

    @Option(
        name: .customLong("arg"),
        help: ArgumentHelp("An argument as NAME=VALUE (repeatable).", valueName: "NAME=VALUE")
    )
    var arguments: [String] = []

    @Option(name: .customLong("json-args"), help: ArgumentHelp("Typed arguments as a JSON object.", valueName: "JSON"))
    var jsonArguments: String?

    @Option(help: "Content mode: drop or trim optional locales that do not fit (default: the catalog's).")
    var overflow: OverflowPolicy?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Byte budget, 1…\(RenderRequest.maximumBudget) (default: the template's, else the platform's: "
                + "4096, 5120 for voip; FCM 4096; Web Push 3993).",
            valueName: "bytes"
        )
    )
    var budget: ByteBudget?

    @Option(name: .customLong("push-type"), help: "APNs push type (default: the template's, else alert).")
    var pushType: PushType?

    @Option(name: .customLong("time-zone"), help: "IANA time zone for dates and times (default UTC).")
    var timeZone: String?

    @Flag(help: "Print {\"headers\": {…}, \"payload\": …} instead of the payload alone.")
    var request = false

    @Flag(help: "Explain on standard error where every byte went.")
    var explain = false

    func run() throws {
        let values = try CommandArguments.json(arguments: arguments, jsonArguments: jsonArguments)
        let loaded = try catalog.load()
        // An empty tag (`--locale ""`, `pl,,en`) is kept, so that the report says it matched nothing.
        let locales = locale.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingCharacters(in: .whitespaces)
        }
        let notification: RenderedNotification
        do {
            notification = try loaded.render(
                RenderRequest(
                    key: key,
                    locales: locales,
                    mode: mode,
                    arguments: values,
                    budget: budget?.bytes,
                    pushType: pushType,
                    timeZone: timeZone,
                    overflow: overflow,
                    platform: platform
                )
            )
        } catch {
            // A bad option value is bad usage (exit 2); a render that cannot be done is a failure (exit 1).
            let usage = [RenderError.Code.invalidRequest, RenderError.Code.invalidTimeZone].contains(error.code)
            throw CommandFailure(message: "[\(error.code)] \(error.message)", exitCode: usage ? 2 : 1)
        }
        if explain {
            Standard.error(notification.report.explanation)
        } else {
            // The render goes on with the next tag or the source locale; say so, not silently.
            for match in notification.report.negotiation where match.matched == nil {
                Standard.error(
                    "note: requested locale '\(match.requested)' matched nothing in the catalog; rendered in \(notification.locale)"
                )
            }
        }
        Standard.output((request ? notification.requestJSON : notification.payload) + [0x0A])
    }
}
