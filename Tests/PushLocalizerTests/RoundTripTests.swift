import Foundation
import NotificationContentPicker
import Testing

@testable import PushLocalizer

/// Issue 4's round trip: what the server sends in `content` mode and the extension's picker takes
/// out of it is what `resolved` mode renders for the app's language, for every template of the
/// sample catalog and every catalog locale.
@Suite struct RoundTripTests {
    /// docs/sample-catalog.md's example arguments, with its alternative values for the selectors;
    /// game_invite's from Scripts/content_mode_table.py, since the documented game name makes the
    /// payload too long for all 20 locales at 4096 bytes.
    static let examples: [(key: String, arguments: [String: JSONValue])] = {
        let ann = JSONValue.string("Ann")
        var examples: [(String, [String: JSONValue])] = [
            ("started_following", ["user_name": ann, "user_id": .string("8842")]),
            (
                "comment_reply",
                [
                    "user_name": ann, "comment_text": .string("Great shot! Where was this taken?"),
                    "post_id": .string("9001"), "comment_id": .string("c-5"),
                ]
            ),
            ("friend_birthday", ["friend_name": ann, "friend_id": .string("3141")]),
            (
                "message_received",
                [
                    "sender_name": ann, "sender_id": .string("u-1"), "conversation_id": .string("c-42"),
                    "message_text": .string("Are we still on for tonight? I can bring the board games 🎲"),
                ]
            ),
            (
                "game_invite",
                [
                    "inviter_1": ann, "inviter_2": .string("Bob"),
                    "game_name": .string("Chess"), "lobby_id": .string("L-42"),
                ]
            ),
            (
                "event_reminder",
                [
                    "event_name": .string("Sunrise yoga"), "when": .string("2026-11-22T10:00:00Z"),
                    "event_id": .string("e-12"),
                ]
            ),
            (
                "payment_received",
                ["sender_name": ann, "amount": .number("1234.5"), "transaction_id": .string("t-311")]
            ),
        ]
        for count in ["1", "2", "4"] {
            examples.append(
                ("photo_liked", ["liker_name": ann, "like_count": .number(count), "photo_id": .string("p-1207")])
            )
        }
        for gender in ["female", "male", "nonbinary"] {
            examples.append(
                ("story_mention", ["user_name": ann, "user_gender": .string(gender), "story_id": .string("s-77")])
            )
        }
        for count in ["0", "1", "5", "21", "1000000"] {
            examples.append(("profile_views_weekly", ["view_count": .number(count)]))
        }
        for count in ["1", "2", "3", "4", "6", "11", "23", "100"] {
            examples.append(("order_milestone", ["order_count": .number(count)]))
        }
        return examples
    }()

    /// App languages that are not catalog tags, matched through CLDR parents and likely subtags.
    static let regionalLanguages = ["en-AU", "es-MX", "pt-AO", "zh-TW", "zh-HK", "de-CH", "fr-CA", "ar-EG", "he-IL"]

    struct Text: Equatable, CustomStringConvertible {
        var title: String?
        var subtitle: String?
        var body: String?
        var description: String { "title \(title ?? "-") | subtitle \(subtitle ?? "-") | body \(body ?? "-")" }

        /// Byte identity: `String`'s `==` is canonical equivalence.
        static func == (lhs: Text, rhs: Text) -> Bool {
            [lhs.title, lhs.subtitle, lhs.body].map { $0.map { Array($0.utf8) } }
                == [rhs.title, rhs.subtitle, rhs.body].map { $0.map { Array($0.utf8) } }
        }
    }

    static func render(
        _ catalog: Catalog,
        _ key: String,
        _ arguments: [String: JSONValue],
        user: String,
        mode: RenderMode,
        fallback: [String] = []
    ) throws -> RenderedNotification {
        try catalog.render(
            RenderRequest(
                key: key,
                locales: [user] + fallback,
                mode: mode,
                arguments: arguments,
                timeZone: "Europe/Berlin",
                now: BudgetInvariants.now
            )
        )
    }

    /// `resolved` mode's alert for a user of `language`, read with Foundation.
    static func resolved(
        _ catalog: Catalog,
        _ key: String,
        _ arguments: [String: JSONValue],
        _ language: String,
        fallback: [String] = []
    ) throws -> Text {
        let payload = try render(catalog, key, arguments, user: language, mode: .resolved, fallback: fallback).payload
        let object = try #require(try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any])
        let alert = try #require((object["aps"] as? [String: Any])?["alert"] as? [String: Any])
        return Text(
            title: alert["title"] as? String,
            subtitle: alert["subtitle"] as? String,
            body: alert["body"] as? String
        )
    }

    /// Renders `content` mode for a user of `device`, checks nothing had to be left out, and
    /// returns the payload as an extension receives it (JSONSerialization's `[AnyHashable: Any]`).
    static func contentPayload(
        _ catalog: Catalog,
        _ key: String,
        _ arguments: [String: JSONValue],
        device: String
    )
        throws -> [AnyHashable: Any]
    {
        let rendered = try render(catalog, key, arguments, user: device, mode: .content)
        #expect(
            rendered.report.droppedLocales.isEmpty && rendered.report.trimmedArguments.isEmpty,
            "\(key) for \(device): the example does not fit untrimmed: \(rendered.report)"
        )
        return try #require(try JSONSerialization.jsonObject(with: Data(rendered.payload)) as? [AnyHashable: Any])
    }

    @Test("the picker gives what resolved mode renders, for the device's own language")
    func ownLanguage() throws {
        let catalog = try SampleCatalog.load()
        let settings = try SampleSettings.load()
        var checked = 0
        for example in Self.examples {
            for language in settings.tags + Self.regionalLanguages {
                let userInfo = try Self.contentPayload(catalog, example.key, example.arguments, device: language)
                let picked = NotificationContentPicker.pick(userInfo: userInfo, preferredLanguages: [language])
                let expected = try Self.resolved(catalog, example.key, example.arguments, language)
                let negotiated = try Self.render(
                    catalog,
                    example.key,
                    example.arguments,
                    user: language,
                    mode: .resolved
                )
                #expect(
                    picked.locale == negotiated.locale,
                    "\(example.key) \(language): picked \(picked.locale ?? "alert")"
                )
                #expect(
                    Text(title: picked.title, subtitle: picked.subtitle, body: picked.body) == expected,
                    "\(example.key) \(language) \(example.arguments)"
                )
                checked += 1
            }
        }
        #expect(checked == Self.examples.count * (settings.tags.count + Self.regionalLanguages.count))
    }

    @Test(
        "an app language other than the device's: the picker gives resolved mode's text for it",
        arguments: ["pl", "ar", "en-AU"]
    )
    func otherAppLanguage(device: String) throws {
        let catalog = try SampleCatalog.load()
        let settings = try SampleSettings.load()
        for example in Self.examples {
            let userInfo = try Self.contentPayload(catalog, example.key, example.arguments, device: device)
            for language in settings.tags + Self.regionalLanguages where language != device {
                let picked = NotificationContentPicker.pick(userInfo: userInfo, preferredLanguages: [language])
                let expected = try Self.resolved(catalog, example.key, example.arguments, language)
                #expect(
                    Text(title: picked.title, subtitle: picked.subtitle, body: picked.body) == expected,
                    "\(example.key): device \(device), app \(language)"
                )
            }
            // A language no entry serves is skipped, as the server skips it.
            let thai = NotificationContentPicker.pick(userInfo: userInfo, preferredLanguages: ["th", "ja"])
            let server = try Self.resolved(catalog, example.key, example.arguments, "th", fallback: ["ja"])
            #expect(Text(title: thai.title, subtitle: thai.subtitle, body: thai.body) == server, "\(example.key)")
        }
    }
}
