import Foundation
import TestSupport
import Testing

@_spi(Measuring) @testable import PushLocalizer

/// An FCM `resolved` message that fits at once is written from its locale's plan
/// (`FCMMessage.Plan`); every other one is fitted as counted text and written around it. The
/// catalog compiled without plans takes the second route for every request, so the two must give
/// the same bytes, report and errors; and FCM's count, taken again from the message with
/// Foundation's parser, must be the report's.
@Suite("FCM planned messages")
struct FCMPlannedMessageTests {
    static let pieces = [
        "\"", "\\", "\n", "\t", "\u{7F}", "\u{1}", "\u{1F}", "a", "é", "e\u{301}", "日本", "👩🏽‍💻", "🇩🇪", " ", "O'Brien",
        "مرحبا", "\u{2028}", "{x}", "'", "#", "%s", "\\u0041",
    ]

    static func hostile(_ random: inout SplitMix64, upTo length: Int) -> String {
        (0..<Int(random.next() % UInt64(length + 1))).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            .joined()
    }

    /// What FCM counts of a message: the notification's title and body, every data key and value.
    static func counted(_ payload: [UInt8]) throws -> Int {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any])
        let message = try #require(root["message"] as? [String: Any])
        let notification = message["notification"] as? [String: String] ?? [:]
        let data = message["data"] as? [String: String] ?? [:]
        return (notification.values.map(\.utf8.count) + data.map { $0.key.utf8.count + $0.value.utf8.count })
            .reduce(0, +)
    }

    @Test func plannedMessagesEqualFittedOnes() throws {
        let source = try CatalogSource.load(from: PlatformRenderTests.root.path)
        let planned = try Catalog(source: source)
        let unplanned = try Catalog.withoutPlans(source)
        let templates = source.templates
        let locales = [["de-AT"], ["ar"], ["ja"], ["pl"], ["en"], ["zh-Hant-TW"], ["he", "fr"], ["xx"], []]
        let targets: [FCMTarget?] = [nil, .token("t0ken:1"), .topic("news"), .condition("'a' in topics")]
        var random = SplitMix64(seed: 0xFC_3A55)
        var fitAtOnce = 0
        var fitted = 0
        for round in 0..<1_200 {
            let template = templates[round % templates.count]
            var arguments: [String: JSONValue] = [:]
            for argument in template.arguments {
                switch argument.type {
                case .number: arguments[argument.name] = .number(String(random.next() % 5_000))
                case .date: arguments[argument.name] = .number("1800000000000")
                default:
                    let long = random.next() % 3 == 0
                    arguments[argument.name] = .string(Self.hostile(&random, upTo: long ? 1_500 : 12))
                }
            }
            var request = RenderRequest(
                key: template.key,
                locales: locales[Int(random.next() % UInt64(locales.count))],
                mode: .resolved,
                arguments: arguments,
                budget: random.next() % 3 == 0 ? nil : 200 + Int(random.next() % 3_897),
                now: 1_800_000_000,
                platform: .fcm
            )
            request.target = targets[round % targets.count]
            if round % 10 == 7 { request.badge = 3 }
            if round % 10 == 9 { request.data = [("trace", .string("r\(round)"))] }
            let ours = Result { () throws(RenderError) in try planned.render(request) }
            let reference = Result { () throws(RenderError) in try unplanned.render(request) }
            switch (ours, reference) {
            case (.success(let ours), .success(let reference)):
                #expect(ours.payload == reference.payload, "round \(round) \(template.key): the messages differ")
                #expect(ours.report == reference.report, "round \(round) \(template.key): the reports differ")
                #expect(ours.locale == reference.locale)
                #expect(try Self.counted(ours.payload) == ours.report.bytes, "round \(round): FCM's count")
                #expect(ours.report.bytes <= ours.report.budget)
                if ours.report.steps == RenderReport.fullSteps { fitAtOnce += 1 } else { fitted += 1 }
            case (.failure(let ours), .failure(let reference)):
                #expect(ours == reference, "round \(round) \(template.key): the errors differ")
            default:
                Issue.record("round \(round) \(template.key): \(ours) against \(reference)")
            }
        }
        // Both routes are exercised: plans for messages that fit at once, fitting for the rest.
        #expect(fitAtOnce >= 300, "only \(fitAtOnce) messages fitted at once")
        #expect(fitted >= 100, "only \(fitted) messages were fitted (\(fitAtOnce) at once)")
    }

    /// Every `resolved` FCM template of the sample catalog has a message plan for its source
    /// locale (so the test above compares planned messages, not only fitted ones).
    @Test func sampleTemplatesArePlanned() throws {
        let catalog = try #require(PlatformRenderTests.sample)
        let templates = catalog.templates(for: .fcm)
        let source = catalog.settings.sourceLocale
        let keys = catalog.source.templates.map(\.key)
        let planned = keys.filter { templates[$0]?.messagePlans[source] != nil }
        #expect(planned.count == keys.count, "no plan: \(Set(keys).subtracting(planned).sorted())")
    }
}
