import Foundation
import MessageFormat
import TestSupport
import Testing

@testable import PushLocalizer

/// SPEC §5's `loc-key` mode and docs/content-mode.md: the alert's keys, default `<key>.title`,
/// `<key>.subtitle`, `<key>.body` unless the template has `loc-keys`; each field's arguments in
/// order of first use in its source message, formatted as ICU formats a plain `{arg}` in the
/// negotiated locale; text arguments trimmed to fit like any other.
@Suite struct LocKeyModeTests {
    /// One ICU4C value for the oracle.
    enum OracleValue {
        case int(Int64)
        case double(Double)
        case date(milliseconds: Double)
    }

    /// ICU4C's icu::MessageFormat on the pattern `{v}`: what a plain argument formats to.
    static func icuPlain(_ value: OracleValue, locale: String, timeZone: String? = nil) -> String? {
        let argument: ArgumentValue =
            switch value {
            case .int(let number): .int(number)
            case .double(let number): .double(number)
            case .date(let milliseconds): .date(epochMilliseconds: milliseconds)
            }
        guard
            case .text(let text) = ICUOracleFormatter.format(
                pattern: "{v}",
                locale: locale,
                arguments: ["v": argument],
                timeZone: timeZone
            )
        else { return nil }
        return text
    }

    /// What every sample template's alert holds in `loc-key` mode, copied by hand from
    /// Templates/*.yaml: (alert key, value) in SPEC §5's order; `[String]` values name the
    /// arguments, in order of first use in the English source message.
    static let shapes: [String: [(key: String, value: Either)]] = [
        "started_following": [
            ("title-loc-key", .key("STARTED_FOLLOWING_TITLE")), ("loc-key", .key("STARTED_FOLLOWING_BODY")),
            ("loc-args", .args(["user_name"])),
        ],
        "photo_liked": [("loc-key", .key("photo_liked.body")), ("loc-args", .args(["like_count", "liker_name"]))],
        "story_mention": [
            ("title-loc-key", .key("story_mention.title")), ("loc-key", .key("story_mention.body")),
            ("loc-args", .args(["user_gender", "user_name"])),
        ],
        "comment_reply": [
            ("title-loc-key", .key("COMMENT_REPLY_TITLE")), ("loc-key", .key("COMMENT_REPLY_BODY")),
            ("loc-args", .args(["user_name", "comment_text"])),
        ],
        "friend_birthday": [
            ("title-loc-key", .key("friend_birthday.title")), ("loc-key", .key("friend_birthday.body")),
            ("loc-args", .args(["friend_name"])),
        ],
        "profile_views_weekly": [
            ("title-loc-key", .key("profile_views_weekly.title")), ("loc-key", .key("profile_views_weekly.body")),
            ("loc-args", .args(["view_count"])),
        ],
        "message_received": [
            ("title-loc-key", .key("message_received.title")), ("title-loc-args", .args(["sender_name"])),
            ("loc-key", .key("message_received.body")), ("loc-args", .args(["message_text"])),
        ],
        "game_invite": [
            ("title-loc-key", .key("game_invite.title")), ("subtitle-loc-key", .key("game_invite.subtitle")),
            ("loc-key", .key("game_invite.body")), ("loc-args", .args(["inviter_1", "inviter_2", "game_name"])),
        ],
        "event_reminder": [
            ("title-loc-key", .key("event_reminder.title")), ("title-loc-args", .args(["event_name"])),
            ("loc-key", .key("event_reminder.body")), ("loc-args", .args(["when"])),
        ],
        "order_milestone": [
            ("title-loc-key", .key("order_milestone.title")), ("loc-key", .key("order_milestone.body")),
            ("loc-args", .args(["order_count"])),
        ],
        "payment_received": [
            ("title-loc-key", .key("payment_received.title")), ("loc-key", .key("payment_received.body")),
            ("loc-args", .args(["sender_name", "amount"])),
        ],
    ]

    /// Loaded once: every test here only reads it.
    static let catalog: Catalog? = try? SampleCatalog.load()

    enum Either {
        case key(String)
        case args([String])
    }

    static func render(
        _ key: String,
        _ arguments: [String: JSONValue],
        user: String,
        budget: Int? = nil,
        timeZone: String? = nil
    ) throws(RenderError) -> RenderedNotification {
        guard let catalog = Self.catalog else { throw RenderError("test", "the sample catalog does not load") }
        return try catalog.render(
            RenderRequest(
                key: key,
                locales: [user],
                mode: .locKey,
                arguments: arguments,
                budget: budget,
                timeZone: timeZone,
                now: BudgetInvariants.now
            )
        )
    }

    /// The alert's members in payload order, each a string or an array of strings.
    static func alert(_ payload: [UInt8]) throws -> [(key: String, value: JSONTree)] {
        let aps = try #require(RawJSON.members(of: payload, objectAt: 0)?.members.first { $0.key == "aps" })
        let alert = try #require(RawJSON.members(of: payload, objectAt: aps.value.lowerBound)?.members.first)
        #expect(alert.key == "alert")
        let members = try #require(RawJSON.members(of: payload, objectAt: alert.value.lowerBound)?.members)
        return try members.map { member in
            (
                member.key,
                try #require(SpecJSON.object(Array("{\"v\":".utf8) + payload[member.value] + [0x7D]))
                    .member("v")
            )
        }
    }

    /// The expected text of an example argument in `locale`: text as given, numbers and dates as
    /// ICU4C formats a plain argument.
    static func formatted(_ value: JSONValue, locale: String, timeZone: String? = nil) -> String? {
        switch value {
        case .string(let text):
            if let milliseconds = ArgumentConversion.epochMilliseconds(fromISO8601: text), text.contains("T") {
                return icuPlain(.date(milliseconds: milliseconds), locale: locale, timeZone: timeZone)
            }
            return text
        case .number(let text):
            if let integer = Int64(text) { return icuPlain(.int(integer), locale: locale) }
            return Double(text).flatMap { icuPlain(.double($0), locale: locale) }
        default: return nil
        }
    }

    @Test(
        "alert shape, keys and argument order for every sample template",
        arguments: ["pl", "ja", "en", "ar", "de-CH"]
    )
    func alertShape(user: String) throws {
        let negotiated = ["pl": "pl", "ja": "ja", "en": "en", "ar": "ar", "de-CH": "de"][user] ?? user
        var seen = Set<String>()
        for example in RoundTripTests.examples where seen.insert(example.key).inserted {
            let shape = try #require(Self.shapes[example.key])
            let rendered = try Self.render(example.key, example.arguments, user: user, timeZone: "Asia/Tokyo")
            #expect(rendered.locale == negotiated)
            let top = try #require(RawJSON.members(of: rendered.payload, objectAt: 0)).members.map(\.key)
            #expect(!top.contains("localization_content"), "\(example.key): \(top)")
            let alert = try Self.alert(rendered.payload)
            #expect(alert.map(\.key) == shape.map(\.key), "\(example.key) \(user)")
            for (member, expected) in zip(alert, shape.map(\.value)) {
                switch expected {
                case .key(let key):
                    #expect(member.value.stringValue == key, "\(example.key) \(member.key)")
                case .args(let names):
                    let texts = names.map {
                        example.arguments[$0].flatMap { Self.formatted($0, locale: negotiated, timeZone: "Asia/Tokyo") }
                    }
                    #expect(member.value.strings == texts, "\(example.key) \(user) \(member.key)")
                }
            }
        }
    }

    @Test(
        "numbers and dates are formatted in the negotiated locale",
        arguments: [
            ("ar", "ar"), ("ar-EG", "ar"), ("de-CH", "de"), ("pt-AO", "pt-PT"), ("hi", "hi"), ("en-AU", "en-GB"),
            ("zh-TW", "zh-Hant"), ("fr", "fr"), ("ru", "ru"),
        ]
    )
    func localeFormatting(user: String, negotiated: String) throws {
        let cases: [(key: String, arguments: [String: JSONValue], name: String)] = [
            (
                "payment_received",
                [
                    "sender_name": .string("Ann"), "amount": .number("1234.5"),
                    "transaction_id": .string("t"),
                ], "amount"
            ),
            ("profile_views_weekly", ["view_count": .number("1000000")], "view_count"),
            (
                "photo_liked",
                [
                    "liker_name": .string("Ann"), "like_count": .number("-12345"),
                    "photo_id": .string("p"),
                ], "like_count"
            ),
            (
                "event_reminder",
                [
                    "event_name": .string("Yoga"), "when": .string("2026-11-22T10:00:00Z"),
                    "event_id": .string("e"),
                ], "when"
            ),
        ]
        for example in cases {
            let rendered = try Self.render(example.key, example.arguments, user: user, timeZone: "America/Sao_Paulo")
            #expect(rendered.locale == negotiated)
            let args = try Self.alert(rendered.payload).first { $0.key == "loc-args" }?.value.strings ?? []
            let position = try #require(
                Self.shapes[example.key]?.compactMap { item -> [String]? in
                    if case .args(let names) = item.value, item.key == "loc-args" { return names }
                    return nil
                }.first?.firstIndex(of: example.name)
            )
            let expected = example.arguments[example.name].flatMap {
                Self.formatted($0, locale: negotiated, timeZone: "America/Sao_Paulo")
            }
            #expect(args.count > position && args[position] == expected, "\(example.key) \(user)")
        }
        if negotiated == "ar" {
            // CLDR 42: Arabic's default numbering system is arab (U+0660…U+0669).
            let rendered = try Self.render(
                "profile_views_weekly",
                ["view_count": .number("1000000")],
                user: user
            )
            let arguments = try Self.alert(rendered.payload).first { $0.key == "loc-args" }?.value.strings ?? []
            let text = arguments.first.flatMap { $0 } ?? ""
            #expect(text.unicodeScalars.contains("\u{0661}") && !text.contains("1"), "\(text)")
        }
    }

    @Test("long text arguments are trimmed to fit: grapheme prefix plus ellipsis, maximal", arguments: ["pl", "ar"])
    func trimmedArguments(user: String) throws {
        let catalog = try #require(Self.catalog)
        let invariants = ContentInvariants(catalog: catalog, settings: try SampleSettings.load())
        var generator = BudgetRandom(seed: user == "ar" ? 0x10C_A4 : 0x10C_91)
        var outcomes: [String: Int] = [:]
        for index in 0..<60 {
            let arguments = [
                "user_name": HostileText.make(bytes: HostileText.length(using: &generator), using: &generator),
                "comment_text": HostileText.make(
                    bytes: index.isMultiple(of: 3)
                        ? HostileText.length(using: &generator) : Int.random(in: 0...20_000, using: &generator),
                    using: &generator
                ),
                "post_id": HostileText.pinnedID(using: &generator),
                "comment_id": HostileText.pinnedID(using: &generator),
            ]
            let budget = Int.random(in: 200...1200, using: &generator)
            let testCase = ContentCase(
                template: .commentReply,
                user: user,
                arguments: arguments,
                others: [:],
                budget: budget,
                overflow: .drop,
                origin: "loc-key #\(index)"
            )
            let rendered: RenderedNotification
            do {
                rendered = try Self.render(
                    "comment_reply",
                    arguments.mapValues { .string($0) },
                    user: user,
                    budget: budget
                )
            } catch {
                // Only when not even empty arguments fit next to the pinned ids.
                #expect(error.code == RenderError.Code.payloadTooLarge, "\(testCase): \(error)")
                #expect(
                    (try? Self.render(
                        "comment_reply",
                        testCase.emptied.mapValues { .string($0) },
                        user: user,
                        budget: budget
                    )) == nil,
                    "\(testCase)"
                )
                outcomes["failed", default: 0] += 1
                continue
            }
            let payload = rendered.payload
            #expect(payload.count <= budget && rendered.report.bytes == payload.count, "\(testCase)")
            #expect(SpecJSON.isJSONObject(payload) && String(validating: payload, as: UTF8.self) != nil, "\(testCase)")
            let values = try #require(invariants.reportedValues(testCase, rendered.report))
            let loc = try Self.alert(payload).first { $0.key == "loc-args" }?.value.strings ?? []
            let expected: [String?] = [values.final["user_name"], values.final["comment_text"]]
            #expect(
                loc.map { $0.map { Array($0.utf8) } } == expected.map { $0.map { Array($0.utf8) } },
                "\(testCase): loc-args are not the reported argument values"
            )
            for field in ContentTemplate.commentReply.sample.pinnedFields(arguments) {
                #expect(
                    SpecJSON.object(payload).flatMap { SpecJSON.string(at: field.path, in: $0) }
                        == Array(field.text.utf8),
                    "\(testCase): pinned \(field.path)"
                )
            }
            for value in values.trimmed {
                #expect(value.occurrences == 1, "\(testCase): \(value.name) occurs once in loc-args")
            }
            let bound = values.trimmed.reduce(0) { $0 + invariants.budgetInvariants.maximalBound($1) }
            #expect(
                values.trimmed.isEmpty || budget - payload.count < bound,
                "\(testCase): \(budget - payload.count) unused"
            )
            outcomes[values.trimmed.isEmpty ? "whole" : "trimmed", default: 0] += 1
        }
        #expect(outcomes["trimmed", default: 0] > 20 && outcomes["whole", default: 0] > 0, "\(outcomes)")
    }
}

extension JSONTree {
    fileprivate func member(_ key: String) throws -> JSONTree {
        guard case .object(let members) = self else { throw RenderError("test", "not an object") }
        return try #require(members[key])
    }

    fileprivate var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// An array's items as strings (nil for an item that is not one); nil when not an array.
    fileprivate var strings: [String?]? {
        guard case .array(let items) = self else { return nil }
        return items.map(\.stringValue)
    }
}
