import Testing

@testable import PushLocalizer

/// Header `apns-expiration` is the render time, rounded down, plus the template's `expiration`:
/// any finite time whose sum fits in 64 bits is written; any other is refused with a clear error,
/// never a trap.
@Suite("apns-expiration and the render time")
struct ExpirationTimeTests {
    /// `story_mention` sets `expiration: 86400`.
    static func render(now: Double) throws(RenderError) -> RenderedNotification {
        try SampleCatalog.render(
            RenderRequest(
                key: "story_mention",
                locales: ["en"],
                arguments: [
                    "user_name": .string("Ann"), "user_gender": .string("female"), "story_id": .string("s1"),
                ],
                now: now
            )
        )
    }

    @Test(
        "the header is the render time rounded down plus a day",
        arguments: [
            (1_800_000_000, "1800086400"),
            (1_800_000_000.99, "1800086400"),
            (0, "86400"),
            (-0.0, "86400"),
            (-5.5, "86394"),
            (9_223_372_036_853_999_616, "9223372036854086016"),
            (-9_223_372_036_854_775_808, "-9223372036854689408"),
        ] as [(Double, String)]
    )
    func written(now: Double, header: String) throws {
        let rendered = try Self.render(now: now)
        #expect(rendered.headers.first { $0.name == "apns-expiration" }?.value == header)
    }

    @Test(
        "a render time that is not finite or does not fit in 64 bits is refused",
        arguments: [Double.nan, .infinity, -.infinity, 1e30, -1e30, 9_223_372_036_854_775_808]
    )
    func timeRefused(now: Double) {
        Self.expectRefused(Self.notSeconds(now)) { () throws(RenderError) in try Self.render(now: now).headers }
    }

    /// The message for a render time that is not a number of seconds `apns-expiration` can hold.
    static func notSeconds(_ now: Double) -> String {
        "the render time \(now) is not a number of seconds since 1970 that apns-expiration can hold"
    }

    /// Expects `attempt` to fail with `invalid-request` and `message`.
    static func expectRefused(
        _ message: String,
        _ attempt: () throws(RenderError) -> [(name: String, value: String)]
    ) {
        do {
            let headers = try attempt()
            Issue.record("rendered, with headers \(headers), where it should fail with: \(message)")
        } catch {
            #expect(error.code == RenderError.Code.invalidRequest)
            #expect(error.message == message)
        }
    }

    @Test(
        "a prepared render writes and refuses the same times, on its direct lane and off it",
        arguments: [nil, "Europe/Berlin"] as [String?]
    )
    func prepared(timeZone: String?) throws {
        let stories = try SampleCatalog.load().prepare("story_mention")
        #expect(stories.argumentNames == ["user_name", "user_gender", "story_id"])
        let values: [ArgumentValue?] = [.string("Ann"), .string("female"), .string("s1")]
        var payload: [UInt8] = []
        let rendered = try stories.render(values, locales: ["en"], timeZone: timeZone, now: -5.5, into: &payload)
        #expect(rendered.headers.first { $0.name == "apns-expiration" }?.value == "86394")
        Self.expectRefused(Self.notSeconds(.nan)) { () throws(RenderError) in
            try stories.render(values, locales: ["en"], timeZone: timeZone, now: .nan, into: &payload).headers
        }
    }

    @Test("an FCM message's message.apns refuses the time with the field named")
    func fcmRefused() {
        let request = RenderRequest(
            key: "story_mention",
            locales: ["en"],
            arguments: ["user_name": .string("Ann"), "user_gender": .string("female"), "story_id": .string("s1")],
            now: .infinity,
            platform: .fcm
        )
        Self.expectRefused("message.apns: " + Self.notSeconds(.infinity)) { () throws(RenderError) in
            try SampleCatalog.render(request).headers
        }
    }

    @Test("a render time whose sum with the expiration is beyond 64 bits is refused")
    func sumRefused() {
        // The largest double below 2^63; a day later is past Int64.max.
        let now = 9_223_372_036_854_774_784.0
        Self.expectRefused("the render time \(now) plus the template's expiration of 86400 seconds is beyond 64 bits") {
            () throws(RenderError) in try Self.render(now: now).headers
        }
    }
}
