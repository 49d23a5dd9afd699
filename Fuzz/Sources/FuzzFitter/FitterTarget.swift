import FuzzSupport
import PushLocalizer

/// libFuzzer target: one render of a sample-catalog template with arguments, languages, mode,
/// budget (200–5120), overflow policy and push type chosen by the input. Invariants of a render
/// that succeeds:
/// - the payload is at most the budget, its size is the report's, it is valid UTF-8 and a JSON
///   object with `aps`;
/// - every pinned (not truncatable) argument whose text a payload string carries when the budget
///   is unbounded (and does not carry when the argument is a stand-in) is carried whole by the
///   same string (same path) within the budget too, optional locales' bodies aside
///   (`overflow: trim` cuts them whole), and only truncatable arguments are trimmed;
/// - when the unbounded render succeeds, the budgeted one succeeds or answers `payloadTooLarge`;
/// - the prepared path (`Catalog.prepare`, values by position) writes the same payload and
///   headers, or fails with the same error code.
@main
enum FuzzFitter {
    static func main() { runFuzzer(test) }

    static let test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        guard let data else { return 0 }
        var input = FuzzInput(UnsafeRawBufferPointer(start: data, count: size))
        let scenario = FitterScenario(&input, catalog: SampleCatalog.catalog)
        FitterTarget.check(scenario, catalog: SampleCatalog.catalog)
        return 0
    }
}

enum FitterTarget {
    /// A budget no payload reaches: the render without fitting.
    static let unbounded = 1 << 30

    static func check(_ scenario: FitterScenario, catalog: Catalog) {
        let request = scenario.request
        let budgeted = Result { () throws(RenderError) in try catalog.render(request) }
        var open = request
        open.budget = unbounded
        let full = Result { () throws(RenderError) in try catalog.render(open) }
        checkPrepared(scenario, catalog: catalog, expected: budgeted)
        guard case .success(let notification) = budgeted else {
            if case .success = full, case .failure(let error) = budgeted {
                require(
                    error.code == RenderError.Code.payloadTooLarge,
                    "fits unbounded but fails within \(request.budget ?? 0) bytes with \(error.code): \(error)"
                )
            }
            return
        }
        let payload = notification.payload
        let budget = request.budget ?? 0
        require(payload.count <= budget, "payload of \(payload.count) bytes over the budget \(budget)")
        require(notification.report.bytes == payload.count, "report says \(notification.report.bytes) bytes")
        require(PayloadChecks.isValidUTF8(payload), "payload is not UTF-8: \(notification.payloadText)")
        guard let object = PayloadChecks.json(payload), object["aps"] != nil else {
            fail("payload is not a JSON object with aps: \(notification.payloadText)")
        }
        let template = catalog.template(request.key)
        for trimmed in notification.report.trimmedArguments {
            require(
                template?.argument(named: trimmed.name)?.truncate == true,
                "pinned argument '\(trimmed.name)' was trimmed"
            )
        }
        guard case .success(let unfitted) = full, let fullObject = PayloadChecks.json(unfitted.payload) else {
            fail("fits within \(budget) bytes but not unbounded: \(full)")
        }
        // String by string, and only where the argument put its text: a dropped locale takes
        // its strings with it, a cut body may take literal text that happens to spell a short
        // pinned value, and `overflow: trim` may cut an optional locale's body whole, pinned
        // arguments included (content-mode.md), so those bodies are not compared.
        let fullStrings = fullObject.stringsByPath
        let optionalBodies = Self.optionalBodies(of: object, sourceLocale: catalog.settings.sourceLocale)
        for (name, text) in scenario.pinnedTexts(template: template) {
            var probe = open
            probe.arguments[name] = .string(Self.standIn)
            guard let probed = try? catalog.render(probe), let probeObject = PayloadChecks.json(probed.payload)
            else { continue }
            let probeStrings = probeObject.stringsByPath
            for (path, fitted) in object.stringsByPath where !optionalBodies.contains(path) {
                guard let full = fullStrings[path], PayloadChecks.contains(full, text),
                    !PayloadChecks.contains(probeStrings[path] ?? "", text)
                else { continue }
                require(
                    PayloadChecks.contains(fitted, text),
                    "pinned argument '\(name)' (\(text.utf8.count) bytes) lost from \(path.joined(separator: ".")) within \(budget) bytes: \(notification.payloadText)"
                )
            }
        }
    }

    /// A pinned argument's value in the probe render that tells which strings carry the
    /// argument's text: a private-use character no hostile text holds.
    static let standIn = "\u{F8FF}"

    /// The paths of the optional locales' bodies in a content-mode payload: every
    /// `localization_content` entry but the first (the negotiated locale) and the source
    /// locale's (one entry when they are the same locale).
    static func optionalBodies(of payload: StrictJSON, sourceLocale: String) -> Set<[String]> {
        guard case .object(let entries)? = payload["localization_content"], let first = entries.first else { return [] }
        return Set(
            entries.filter { $0.key != first.key && $0.key != sourceLocale }.map {
                ["localization_content", $0.key, "body"]
            }
        )
    }

    static func checkPrepared(
        _ scenario: FitterScenario,
        catalog: Catalog,
        expected: Result<RenderedNotification, RenderError>
    ) {
        let request = scenario.request
        let prepared: PreparedTemplate
        do {
            prepared = try catalog.prepare(
                request.key,
                mode: request.mode,
                budget: request.budget,
                pushType: request.pushType,
                overflow: request.overflow
            )
        } catch {
            fail("prepare failed for a catalog key: \(error)")
        }
        guard let values = scenario.values(for: prepared.argumentNames) else { return }
        var payload: [UInt8] = []
        let rendered = Result { () throws(RenderError) in
            try prepared.render(
                values,
                locales: request.locales,
                timeZone: request.timeZone,
                now: request.now,
                into: &payload
            )
        }
        switch (expected, rendered) {
        case (.success(let notification), .success(let outcome)):
            require(
                payload == notification.payload,
                "prepared payload differs:\n\(String(decoding: payload, as: UTF8.self))\n\(notification.payloadText)"
            )
            require(
                outcome.headers.map(\.name) == notification.headers.map(\.name)
                    && outcome.headers.map(\.value) == notification.headers.map(\.value),
                "prepared headers differ: \(outcome.headers) / \(notification.headers)"
            )
            require(outcome.report.bytes == payload.count, "prepared report says \(outcome.report.bytes) bytes")
        case (.failure(let error), .failure(let other)):
            require(error.code == other.code, "render fails with \(error.code), prepared with \(other.code)")
        case (.success, .failure(let error)):
            fail("render succeeds, prepared fails: \(error)")
        case (.failure(let error), .success):
            fail("prepared succeeds, render fails: \(error)")
        }
    }
}
