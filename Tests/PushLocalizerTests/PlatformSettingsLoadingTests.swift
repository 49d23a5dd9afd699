import Foundation
import Testing

@testable import PushLocalizer

private func at(_ line: Int, _ column: Int) -> CatalogFileLocation {
    CatalogFileLocation(file: "Templates/a.yaml", line: line, column: column)
}

private func text(_ value: String, _ line: Int, _ column: Int, _ style: ScalarStyle = .plain) -> SourceText {
    SourceText(text: value, location: at(line, column), style: style)
}

/// Every key of `fcm` and `webpush`; lines and columns are counted by hand.
private let everyKey = """
    t:
      args:
        id: { type: string }
      body: hi
      fcm:
        priority: high
        ttl: 3600
        collapse-key: "news-{id}"
        channel-id: payments
        tag: "order-{id}"
        icon: ic_payment
        color: "#1A73E8"
        sound: default
        click-action: OPEN_ORDER
      webpush:
        ttl: 600
        urgency: very-low
        topic: order_updates
        icon: https://example.com/i.png
        badge: /badge.png
        tag: "order-{id}"
        require-interaction: true

    """

private let fcmHeader = "t:\n  body: x\n  fcm:\n"
private let webpushHeader = "t:\n  body: x\n  webpush:\n"
private let fcmKnown = "known: channel-id, click-action, collapse-key, color, icon, priority, sound, tag, ttl"
private let webpushKnown = "known: badge, icon, require-interaction, tag, topic, ttl, urgency"

let platformErrorCases: [CatalogErrorCase] = [
    .template(
        "fcm is not a map",
        "t:\n  body: x\n  fcm: high\n",
        "Templates/a.yaml:3:8: error: 'fcm' must be a map, found 'high'"
    ),
    .template(
        "fcm priority not high or normal",
        fcmHeader + "    priority: urgent\n",
        "Templates/a.yaml:4:15: error: 'priority' must be normal or high, found 'urgent'"
    ),
    .template(
        "fcm priority in capitals, as the message writes it",
        fcmHeader + "    priority: HIGH\n",
        "Templates/a.yaml:4:15: error: 'priority' must be normal or high, found 'HIGH'"
    ),
    .template(
        "fcm ttl negative",
        fcmHeader + "    ttl: -1\n",
        "Templates/a.yaml:4:10: error: 'ttl' must be a non-negative integer (seconds), found '-1'"
    ),
    .template(
        "fcm ttl as a duration string",
        fcmHeader + "    ttl: \"3600s\"\n",
        "Templates/a.yaml:4:10: error: 'ttl' must be a non-negative integer (seconds), found the string '3600s'"
    ),
    .template(
        "fcm ttl with a fraction",
        fcmHeader + "    ttl: 1.5\n",
        "Templates/a.yaml:4:10: error: 'ttl' must be a non-negative integer (seconds), found '1.5'"
    ),
    .template(
        "fcm key in snake_case, as the message writes it",
        fcmHeader + "    collapse_key: news\n",
        "Templates/a.yaml:4:5: error: unknown fcm field 'collapse_key'; did you mean 'collapse-key'? \(fcmKnown)"
    ),
    .template(
        "fcm key in camelCase",
        fcmHeader + "    channelId: news\n",
        "Templates/a.yaml:4:5: error: unknown fcm field 'channelId'; did you mean 'channel-id'? \(fcmKnown)"
    ),
    .template(
        "fcm key that no spelling fixes",
        fcmHeader + "    badge: 1\n",
        "Templates/a.yaml:4:5: error: unknown fcm field 'badge'; \(fcmKnown)"
    ),
    .template(
        "fcm string field is a list",
        fcmHeader + "    tag: [a]\n",
        "Templates/a.yaml:4:10: error: 'tag' must be a string, found a list"
    ),
    .template(
        "fcm string field is a map",
        fcmHeader + "    color: { r: 1 }\n",
        "Templates/a.yaml:4:12: error: 'color' must be a string, found a map"
    ),
    .template(
        "fcm field given twice",
        fcmHeader + "    ttl: 1\n    ttl: 2\n",
        "Templates/a.yaml:5:5: error: 'ttl' is given twice (first at 4:5)"
    ),
    .template(
        "webpush is not a map",
        "t:\n  body: x\n  webpush: [a]\n",
        "Templates/a.yaml:3:12: error: 'webpush' must be a map, found a list"
    ),
    .template(
        "webpush urgency unknown",
        webpushHeader + "    urgency: urgent\n",
        "Templates/a.yaml:4:14: error: 'urgency' must be very-low, low, normal or high, found 'urgent'"
    ),
    .template(
        "webpush urgency in snake_case",
        webpushHeader + "    urgency: very_low\n",
        "Templates/a.yaml:4:14: error: 'urgency' must be very-low, low, normal or high, found 'very_low'"
    ),
    .template(
        "webpush ttl negative",
        webpushHeader + "    ttl: -5\n",
        "Templates/a.yaml:4:10: error: 'ttl' must be a non-negative integer (seconds), found '-5'"
    ),
    .template(
        "webpush require-interaction is not a boolean (YAML 1.2: yes is a string)",
        webpushHeader + "    require-interaction: yes\n",
        "Templates/a.yaml:4:26: error: 'require-interaction' must be true or false, found 'yes'"
    ),
    .template(
        "webpush key in camelCase, as showNotification writes it",
        webpushHeader + "    requireInteraction: true\n",
        "Templates/a.yaml:4:5: error: unknown webpush field 'requireInteraction'; did you mean "
            + "'require-interaction'? \(webpushKnown)"
    ),
    .template(
        "webpush topic with a space: the error points at the space",
        webpushHeader + "    topic: \"a b\"\n",
        "Templates/a.yaml:4:14: error: 'topic' may use only A-Z, a-z, 0-9, '-' and '_' (the URL-safe base64 "
            + "alphabet), found U+0020"
    ),
    .template(
        "webpush topic with a dot",
        webpushHeader + "    topic: news.sports\n",
        "Templates/a.yaml:4:16: error: 'topic' may use only A-Z, a-z, 0-9, '-' and '_' (the URL-safe base64 "
            + "alphabet), found '.'"
    ),
    .template(
        "webpush topic with a letter outside ASCII",
        webpushHeader + "    topic: zamówienia\n",
        "Templates/a.yaml:4:15: error: 'topic' may use only A-Z, a-z, 0-9, '-' and '_' (the URL-safe base64 "
            + "alphabet), found 'ó'"
    ),
    .template(
        "webpush topic of 33 characters",
        webpushHeader + "    topic: " + String(repeating: "a", count: 33) + "\n",
        "Templates/a.yaml:4:12: error: 'topic' is 33 characters; Web Push allows at most 32"
    ),
    .template(
        "webpush string field is a map",
        webpushHeader + "    icon: { url: x }\n",
        "Templates/a.yaml:4:11: error: 'icon' must be a string, found a map"
    ),
]

@Suite("Catalog loading: fcm and webpush")
struct PlatformSettingsLoadingTests {
    @Test func everyKeyIsRead() throws {
        let catalog = try CatalogSource.parse(files: ["Templates/a.yaml": everyKey])
        let template = try #require(catalog.templates.first)
        #expect(
            template.fcm
                == FCMSettings(
                    priority: .high,
                    ttl: 3600,
                    ttlLocation: at(7, 10),
                    collapseKey: text("news-{id}", 8, 19, .doubleQuoted),
                    channelID: text("payments", 9, 17),
                    tag: text("order-{id}", 10, 10, .doubleQuoted),
                    icon: text("ic_payment", 11, 11),
                    color: text("#1A73E8", 12, 12, .doubleQuoted),
                    sound: text("default", 13, 12),
                    clickAction: text("OPEN_ORDER", 14, 19)
                )
        )
        #expect(
            template.webpush
                == WebPushSettings(
                    ttl: 600,
                    urgency: .veryLow,
                    topic: text("order_updates", 18, 12),
                    icon: text("https://example.com/i.png", 19, 11),
                    badge: text("/badge.png", 20, 12),
                    tag: text("order-{id}", 21, 10, .doubleQuoted),
                    requireInteraction: true
                )
        )
        // The new sections leave the APNs side as it was.
        #expect(template.apns == APNsSettings())
        #expect(!template.hasAPNsSettings)
    }

    @Test(arguments: FCMPriority.allCases)
    func everyPriority(_ priority: FCMPriority) throws {
        let catalog = try CatalogSource.parse(files: [
            "Templates/a.yaml": fcmHeader + "    priority: \(priority.rawValue)\n"
        ])
        #expect(catalog.templates.first?.fcm.priority == priority)
    }

    @Test(arguments: WebPushUrgency.allCases)
    func everyUrgency(_ urgency: WebPushUrgency) throws {
        let yaml = webpushHeader + "    urgency: \(urgency.rawValue)\n    require-interaction: false\n"
        let catalog = try CatalogSource.parse(files: ["Templates/a.yaml": yaml])
        #expect(catalog.templates.first?.webpush == WebPushSettings(urgency: urgency, requireInteraction: false))
    }

    @Test func templatesWithoutTheSectionsHaveTheDefaults() throws {
        let catalog = try CatalogSource.parse(files: ["Templates/a.yaml": "t:\n  body: x\n  fcm:\n  webpush: {}\n"])
        let template = try #require(catalog.templates.first)
        #expect(template.fcm == FCMSettings())
        #expect(template.webpush == WebPushSettings())
    }

    @Test func scalarsAreStringsAsWritten() throws {
        let yaml = fcmHeader + "    tag: 7\n    sound: no\n    ttl: 0\n" + "  webpush:\n    tag: 1.50\n    ttl: 0x10\n"
        let template = try #require(try CatalogSource.parse(files: ["Templates/a.yaml": yaml]).templates.first)
        #expect(template.fcm.tag?.text == "7")
        #expect(template.fcm.sound?.text == "no")
        #expect(template.fcm.ttl == 0)
        #expect(template.webpush.tag?.text == "1.50")
        #expect(template.webpush.ttl == 16)
    }

    @Test func ttlOverTwentyEightDaysLoads() throws {
        let yaml = fcmHeader + "    ttl: 2419201\n"
        let template = try #require(try CatalogSource.parse(files: ["Templates/a.yaml": yaml]).templates.first)
        #expect(template.fcm.ttl == 2_419_201)
    }

    @Test(arguments: platformErrorCases)
    func loadErrors(_ errorCase: CatalogErrorCase) {
        #expect(catalogErrors(errorCase.files) == errorCase.expected)
    }

    @Test func topicsThatLoad() {
        for topic in [
            String(repeating: "Az09-_", count: 5) + "xy", "\"{id}\"",
            "\"order {id} and more than thirty-two characters\"",
        ] {
            #expect(catalogErrors(["Templates/a.yaml": webpushHeader + "    topic: \(topic)\n"]) == [], "\(topic)")
        }
    }

    @Test func errorsInSeveralSectionsAreAllReported() {
        let yaml = "t:\n  body: x\n  fcm: { priority: max, ttl: -1 }\n  webpush: { urgency: now, topic: \"a/b\" }\n"
        #expect(
            catalogErrors(["Templates/a.yaml": yaml]) == [
                "Templates/a.yaml:3:20: error: 'priority' must be normal or high, found 'max'",
                "Templates/a.yaml:3:30: error: 'ttl' must be a non-negative integer (seconds), found '-1'",
                "Templates/a.yaml:4:23: error: 'urgency' must be very-low, low, normal or high, found 'now'",
                "Templates/a.yaml:4:37: error: 'topic' may use only A-Z, a-z, 0-9, '-' and '_' (the URL-safe "
                    + "base64 alphabet), found '/'",
            ]
        )
    }

    /// A string that does not parse fails the compiled catalog's load with its place, as a broken
    /// `apns` string does; one that parses loads (lint reports unknown arguments).
    @Test func brokenArgumentSyntaxFailsTheLoad() throws {
        let yaml = """
            t:
              args:
                id: { type: string }
              body: x
              apns: { category: "{id" }
              fcm: { tag: "{id", click-action: "open-{id}" }
              webpush: { topic: "t-{id", badge: "{unknown}" }

            """
        let source = try CatalogSource.parse(files: ["Templates/a.yaml": yaml])
        let error = #expect(throws: CatalogLoadError.self) { try Catalog(source: source) }
        #expect(
            error?.errors.map(\.description) == [
                "Templates/a.yaml:5:22: error: t (en): syntax error at 1:1: This '{' is never closed (expected '}')",
                "Templates/a.yaml:6:16: error: t (en): syntax error at 1:1: This '{' is never closed (expected '}')",
                "Templates/a.yaml:7:24: error: t (en): syntax error at 1:3: This '{' is never closed (expected '}')",
            ]
        )
    }
}
