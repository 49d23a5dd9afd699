import PushLocalizer

/// Scenarios over the repository's sample catalog: 3 (`game_invite`, three long names share the
/// budget) and 4 (`content` with every sample locale, dropping some).
// @unchecked Sendable: a benchmark drives it from one thread at a time (its buffers are reused).
public final class SampleScenarios: @unchecked Sendable {
    /// The sample catalog.
    public let catalog: Catalog
    let budgetRequests: [RenderRequest]
    var contentRequests: [RenderRequest] = []
    /// Scenario 3's template prepared once, each request's values by position and languages, and
    /// the kept payload buffer.
    let preparedBudget: PreparedTemplate
    let preparedBudgetCases: UnsafeMutableBufferPointer<PreparedCase>
    let preparedBuffer = KeptPayloadBuffer.make()

    /// Scenario 3's render time (seconds since 1970), for `apns-expiration`.
    static let now = 1_800_000_000.0

    /// One prepared render's inputs (see `ResolvedScenario.PreparedCase`).
    struct PreparedCase {
        var values: [ArgumentValue?]
        var locales: [String]
    }

    /// Loads the sample catalog and prepares scenario 3's requests.
    public init() throws {
        catalog = try Catalog.load(from: Fixtures.repositoryRoot)
        let locales = ["en", "pl", "ru", "ar", "ja", "zh-Hans", "de"]
        budgetRequests = locales.indices.map { index in
            let first = Fixtures.names[index % Fixtures.names.count]
            let second = Fixtures.names[(index + 2) % Fixtures.names.count]
            return RenderRequest(
                key: "game_invite", locales: [locales[index]], mode: .resolved,
                arguments: [
                    "inviter_1": .string(Self.long(first, bytes: 2_400)),
                    "inviter_2": .string(Self.long(second, bytes: 2_000)),
                    "game_name": .string(Self.long("Dungeons & Dragons: ", bytes: 300)),
                    "lobby_id": .string("lobby-\(index)-7f3a9c"),
                ],
                now: Self.now)
        }
        preparedBudget = try catalog.prepare("game_invite")
        let names = preparedBudget.argumentNames
        let cases = budgetRequests.map { request in
            PreparedCase(
                values: names.map { name in request.arguments[name].flatMap { value in
                    if case .string(let text) = value { return ArgumentValue.string(text) }
                    return nil
                } },
                locales: request.locales)
        }
        preparedBudgetCases = .allocate(capacity: cases.count)
        _ = preparedBudgetCases.initialize(from: cases)
    }

    deinit {
        KeptPayloadBuffer.free(preparedBuffer)
        preparedBudgetCases.deinitialize().deallocate()
    }

    /// `seed` and its repetitions, numbered, up to about `bytes` UTF-8 bytes.
    static func long(_ seed: String, bytes: Int) -> String {
        var text = ""
        var part = 1
        while text.utf8.count < bytes {
            text += "\(seed) \(part) "
            part += 1
        }
        return text
    }

    /// The number of distinct scenario 3 requests.
    public var budgetCaseCount: Int { budgetRequests.count }

    /// Renders scenario 3's request `index`; returns the payload's byte count.
    @inline(__always)
    public func renderBudget(_ index: Int) throws(RenderError) -> Int {
        try catalog.render(budgetRequests[index]).payload.count
    }

    /// Renders scenario 3's request `index` with the prepared template into the kept buffer;
    /// returns the payload's byte count.
    @inline(__always)
    public func renderBudgetPrepared(_ index: Int) throws(RenderError) -> Int {
        // Moved out and back, as `ResolvedScenario.renderPrepared` does (a job passes its own arrays).
        let slot = preparedBudgetCases.baseAddress.unsafelyUnwrapped + index
        let input = slot.move()
        defer { slot.initialize(to: consume input) }
        _ = try preparedBudget.render(input.values, locales: input.locales, now: Self.now, into: &preparedBuffer.pointee)
        return preparedBuffer.pointee.count
    }

    /// Checks that every scenario 3 request trims its names and fits, and that the prepared
    /// template renders the same payload and report; exits otherwise.
    public func verifyBudget() -> String {
        var trimmed = 0
        for (index, request) in budgetRequests.enumerated() {
            do {
                let rendered = try catalog.render(request)
                guard rendered.report.bytes <= rendered.report.budget, !rendered.report.trimmedArguments.isEmpty else {
                    Fixtures.fail("scenario 3 request \(request.locales) did not trim: \(rendered.report.steps)")
                }
                let input = preparedBudgetCases[index]
                let prepared = try preparedBudget.render(input.values, locales: input.locales, now: Self.now, into: &preparedBuffer.pointee)
                guard preparedBuffer.pointee == rendered.payload, prepared.report == rendered.report,
                    prepared.headers.map(\.value) == rendered.headers.map(\.value)
                else {
                    Fixtures.fail("scenario 3 request \(request.locales): the prepared render differs")
                }
                trimmed += rendered.report.trimmedArguments.count
            } catch {
                Fixtures.fail("scenario 3 request \(request.locales) failed: \(error)")
            }
        }
        return "scenario 3: \(budgetRequests.count) requests, \(trimmed) arguments trimmed to fit 4096 bytes"
    }

    /// Prepares scenario 4, when content mode renders: `order_milestone` (no argument to trim) with
    /// every sample locale, and a budget at 3/4 of the full size so that some locales are dropped.
    /// - Returns: nil and a note when content mode is not available, else a summary.
    public func prepareContent() -> (ready: Bool, note: String) {
        let tags = catalog.source.locales.map(\.tag) + [catalog.settings.sourceLocale]
        let users = ["en", "ru", "ar", "ja", "pt-BR", "zh-Hans"]
        do {
            var requests: [RenderRequest] = []
            var included = 0
            var dropped = 0
            for (index, user) in users.enumerated() {
                var request = RenderRequest(
                    key: "order_milestone", locales: [user], mode: .content,
                    arguments: ["order_count": .number(String([1, 2, 3, 10, 22, 103][index]))], budget: 100_000,
                    overflow: .drop)
                let full = try catalog.render(request)
                request.budget = full.report.bytes * 3 / 4
                let fitted = try catalog.render(request)
                included += fitted.report.includedLocales.count
                dropped += fitted.report.droppedLocales.count
                requests.append(request)
            }
            contentRequests = requests
            return (
                true,
                "scenario 4: \(tags.count) catalog locales; per render on average \(included / users.count) included, "
                    + "\(dropped / users.count) dropped"
            )
        } catch {
            return (false, "scenario 4 skipped: content render failed (\(error))")
        }
    }

    /// The number of distinct scenario 4 requests.
    public var contentCaseCount: Int { contentRequests.count }

    /// Renders scenario 4's request `index`; returns the payload's byte count.
    @inline(__always)
    public func renderContent(_ index: Int) throws(RenderError) -> Int {
        try catalog.render(contentRequests[index]).payload.count
    }
}
