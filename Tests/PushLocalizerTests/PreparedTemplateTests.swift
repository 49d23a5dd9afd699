import Testing

@testable import PushLocalizer

/// `PreparedTemplate.render` against `Catalog.render` of the same request: the same payload,
/// headers, locale and report, or the same error, for every sample template in every mode, user
/// languages inside and outside the catalog, budgets that fit and that force trimming or
/// dropping, and hostile values; and the caller's buffer is reused, not reallocated.
@Suite struct PreparedTemplateTests {
    static let users: [[String]] = [
        ["en"], ["ru"], ["ar"], ["ja"], ["pt-BR"], ["he"], ["en-AU"], ["zh-TW", "de"], ["xx"],
    ]

    /// A value for `argument` by position, and the same value as a request's JSON.
    static func value(
        for argument: ArgumentDeclaration,
        using generator: inout BudgetRandom
    ) -> (
        ArgumentValue?, JSONValue?
    ) {
        if Int.random(in: 0..<40, using: &generator) == 0 { return (nil, nil) }
        switch argument.type {
        case .string:
            let lengths = [0, 5, 20, 200, 3000]
            let text = HostileText.make(bytes: lengths.randomElement(using: &generator) ?? 5, using: &generator)
            return (.string(text), .string(text))
        case .number:
            if Bool.random(using: &generator) {
                let number = [0, 1, 2, 3, 11, 21, 103, 1_000_000, -4].randomElement(using: &generator) ?? 1
                return (.int(Int64(number)), .number(String(number)))
            }
            // As a request's JSON number text reads (a long integer becomes a double there).
            let text = ["2.5", "0.125", "12345678901234567890", "-0.5"].randomElement(using: &generator) ?? "2.5"
            return (ArgumentConversion.number(fromText: text), .number(text))
        case .date:
            return (.date(epochMilliseconds: 1_800_000_000_000), .number("1800000000000"))
        }
    }

    /// One value per argument of `template`, by position and as a request's JSON (missing ones
    /// only when `allowsMissing`).
    static func values(
        for template: Template,
        allowsMissing: Bool = true,
        using generator: inout BudgetRandom
    ) -> ([ArgumentValue?], [String: JSONValue]) {
        var values: [ArgumentValue?] = []
        var arguments: [String: JSONValue] = [:]
        for argument in template.arguments {
            var (value, json) = Self.value(for: argument, using: &generator)
            if value == nil, !allowsMissing { (value, json) = (.string("Ann"), .string("Ann")) }
            values.append(value)
            arguments[argument.name] = json
        }
        return (values, arguments)
    }

    /// The kind of outcome two renders of `request` had (both rendered, both failed), after
    /// expecting them equal: the same payload, report, locale and headers, or the same error code.
    static func expectSame(
        _ expected: Result<RenderedNotification, RenderError>,
        _ outcome: Result<PreparedRender, RenderError>,
        payload: [UInt8],
        request: RenderRequest
    ) -> (rendered: Bool, failed: Bool) {
        switch (expected, outcome) {
        case (.success(let expected), .success(let outcome)):
            #expect(String(decoding: payload, as: UTF8.self) == expected.payloadText, "\(request)")
            #expect(outcome.report == expected.report, "\(request)")
            #expect(outcome.locale == expected.locale)
            #expect(outcome.headers.map { "\($0)=\($1)" } == expected.headers.map { "\($0)=\($1)" })
            return (true, false)
        case (.failure(let expected), .failure(let outcome)):
            #expect(outcome.code == expected.code, "\(request)")
            return (false, true)
        default:
            Issue.record("\(request): Catalog.render gave \(expected), the prepared render \(outcome)")
            return (false, false)
        }
    }

    @Test("the same renders as Catalog.render", arguments: users)
    func sameAsRender(user: [String]) throws {
        let catalog = try SampleCatalog.load()
        var generator = BudgetRandom(seed: 0x9E9A_0000 &+ UInt64(Self.users.firstIndex(of: user) ?? 0))
        var payload: [UInt8] = []
        var rendered = 0
        var failed = 0
        for key in catalog.templateKeys {
            guard let template = catalog.template(key) else { continue }
            for mode in [RenderMode.resolved, .content, .locKey] {
                for budget in [nil, 600, 1500, 3000] as [Int?] {
                    let prepared = try catalog.prepare(key, mode: mode, budget: budget, overflow: .drop)
                    #expect(prepared.argumentNames == template.arguments.map(\.name))
                    for _ in 0..<3 {
                        let (values, arguments) = Self.values(for: template, using: &generator)
                        let request = RenderRequest(
                            key: key,
                            locales: user,
                            mode: mode,
                            arguments: arguments,
                            budget: budget,
                            overflow: .drop,
                            now: 1_800_000_000
                        )
                        let expected = Result { () throws(RenderError) in try catalog.render(request) }
                        let outcome = Result { () throws(RenderError) in
                            try prepared.render(values, locales: user, now: 1_800_000_000, into: &payload)
                        }
                        let same = Self.expectSame(expected, outcome, payload: payload, request: request)
                        if same.rendered { rendered += 1 }
                        if same.failed { failed += 1 }
                    }
                }
            }
        }
        #expect(rendered > 200)
        #expect(failed > 0)
    }

    @Test("wrong values are named errors; an unknown key fails at prepare")
    func errors() throws {
        let catalog = try SampleCatalog.load()
        let likes = try catalog.prepare("photo_liked")
        var payload: [UInt8] = []
        #expect(likes.argumentNames == ["liker_name", "like_count", "photo_id"])
        #expect(throws: RenderError.self) {
            try likes.render([.string("Ann"), .int(2)], locales: ["en"], into: &payload)
        }
        #expect(throws: RenderError.self) {
            try likes.render([.int(1), .int(2), .string("p1")], locales: ["en"], into: &payload)
        }
        #expect(throws: RenderError.self) {
            try likes.render([.string("Ann"), nil, .string("p1")], locales: ["en"], into: &payload)
        }
        #expect(throws: RenderError.self) {
            try likes.render([.string("Ann"), .double(.nan), .string("p1")], locales: ["en"], into: &payload)
        }
        #expect(throws: RenderError.self) {
            try likes.render([.string("Ann"), .decimal("seven"), .string("p1")], locales: ["en"], into: &payload)
        }
        let events = try catalog.prepare("event_reminder")
        let dateSlot = try #require(events.argumentNames.firstIndex(of: "when"))
        var eventValues = [ArgumentValue?](repeating: .string("x"), count: events.argumentNames.count)
        eventValues[dateSlot] = .date(epochMilliseconds: .infinity)
        #expect(throws: RenderError.self) { try events.render(eventValues, locales: ["en"], into: &payload) }
        // Decimal text is read as a request's JSON number text is: the same payload either way.
        let spaced = try likes.render(
            [.string("Ann"), .decimal("2.50"), .string("p1")],
            locales: ["en"],
            into: &payload
        )
        let request = RenderRequest(
            key: "photo_liked",
            locales: ["en"],
            arguments: ["liker_name": .string("Ann"), "like_count": .number("2.50"), "photo_id": .string("p1")]
        )
        #expect(payload == (try catalog.render(request)).payload)
        #expect(spaced.report.bytes == payload.count)
        #expect(throws: RenderError.self) { try catalog.prepare("no_such_template") }
        #expect(throws: RenderError.self) { try catalog.prepare("photo_liked", budget: 0) }
        do {
            _ = try likes.render([.string("Ann"), .string("3"), .string("p1")], locales: ["en"], into: &payload)
            Issue.record("a text for a number argument rendered")
        } catch {
            #expect(error.code == RenderError.Code.argumentType)
            #expect(error.message.contains("like_count"))
        }
    }

    /// The direct lane decides the headers, budget and locale at `prepare`: a push type other
    /// than the template's (other headers, VoIP's budget), a time zone, several user languages or
    /// a tag spelled otherwise must each still give `Catalog.render`'s result.
    @Test("push types, time zones and language lists render as Catalog.render does", arguments: PushType.allCases)
    func laneOptions(pushType: PushType) throws {
        let catalog = try SampleCatalog.load()
        var generator = BudgetRandom(seed: 0x1A4E_0000 &+ UInt64(PushType.allCases.firstIndex(of: pushType) ?? 0))
        var payload: [UInt8] = []
        var compared = 0
        for key in catalog.templateKeys {
            guard let template = catalog.template(key) else { continue }
            let prepared = try catalog.prepare(key, pushType: pushType)
            for (locales, timeZone) in [(["ru"], nil), (["ar"], "Asia/Tokyo"), (["pt_BR"], nil), (["de", "en"], nil)]
                as [([String], String?)]
            {
                let (values, arguments) = Self.values(for: template, allowsMissing: false, using: &generator)
                let request = RenderRequest(
                    key: key,
                    locales: locales,
                    arguments: arguments,
                    pushType: pushType,
                    timeZone: timeZone,
                    now: 1_800_000_000
                )
                let expected = Result { () throws(RenderError) in try catalog.render(request) }
                let outcome = Result { () throws(RenderError) in
                    try prepared.render(
                        values,
                        locales: locales,
                        timeZone: timeZone,
                        now: 1_800_000_000,
                        into: &payload
                    )
                }
                if Self.expectSame(expected, outcome, payload: payload, request: request).rendered { compared += 1 }
            }
        }
        #expect(compared > 20)
    }

    @Test("the buffer is reused: after the first render, its storage stays")
    func reusesBuffer() throws {
        let catalog = try SampleCatalog.load()
        let likes = try catalog.prepare("photo_liked")
        var payload: [UInt8] = []
        payload.reserveCapacity(4096)
        let storage = payload.withUnsafeBufferPointer { $0.baseAddress }
        for count in 0..<50 {
            _ = try likes.render(
                [.string("Ann \(count)"), .int(Int64(count)), .string("p\(count)")],
                locales: ["pl"],
                into: &payload
            )
            #expect(payload.withUnsafeBufferPointer { $0.baseAddress } == storage)
        }
        #expect(String(decoding: payload, as: UTF8.self).contains("Ann 49"))
    }

    @Test("a caller that keeps each payload: the copies stay as they were, the buffer keeps its capacity")
    func keptPayloads() throws {
        let catalog = try SampleCatalog.load()
        let likes = try catalog.prepare("photo_liked")
        var payload: [UInt8] = []
        payload.reserveCapacity(4096)
        var sent: [[UInt8]] = []
        for count in 0..<20 {
            let values: [ArgumentValue?] = [.string("Ann \(count)"), .int(Int64(count)), .string("p\(count)")]
            _ = try likes.render(values, locales: ["pl"], into: &payload)
            // Kept as a job queueing its payloads would: the next render must not write into it.
            sent.append(payload)
            #expect(payload.capacity >= 4096, "render \(count) shrank the buffer to \(payload.capacity)")
        }
        for (count, kept) in sent.enumerated() {
            let request = RenderRequest(
                key: "photo_liked",
                locales: ["pl"],
                arguments: [
                    "liker_name": .string("Ann \(count)"), "like_count": .number("\(count)"),
                    "photo_id": .string("p\(count)"),
                ]
            )
            #expect(kept == (try catalog.render(request)).payload, "payload \(count) changed after it was kept")
        }
    }

    @Test("a payload larger than the buffer's room, under a larger budget, is written whole")
    func largerThanRoom() throws {
        let catalog = try SampleCatalog.load()
        let likes = try catalog.prepare("photo_liked", budget: 50_000)
        for capacity in [0, 64, 4096] {
            for nameBytes in [10, 5_000, 9_000] {
                var payload: [UInt8] = []
                payload.reserveCapacity(capacity)
                let name = String(repeating: "Ann \"Q\" ", count: nameBytes / 10)
                _ = try likes.render([.string(name), .int(3), .string("p1")], locales: ["pl"], into: &payload)
                let request = RenderRequest(
                    key: "photo_liked",
                    locales: ["pl"],
                    arguments: ["liker_name": .string(name), "like_count": .number("3"), "photo_id": .string("p1")],
                    budget: 50_000
                )
                let expected = try catalog.render(request)
                #expect(payload == expected.payload, "capacity \(capacity), name of \(nameBytes) bytes")
            }
        }
    }
}
