import Foundation
import TestSupport
import Testing

@testable import PushLocalizer

/// FCM and Web Push renders of the sample catalog: payloads written out by hand, the APNs render
/// of the same request as the oracle for what FCM carries of it, and FCM's counting rule checked
/// by parsing each message with Foundation's own JSON parser.
@Suite("Platforms")
struct PlatformRenderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let sample: Catalog? = try? Catalog.load(from: root.path)
    static let likes: Catalog? = try? Catalog.load(
        from: root.appendingPathComponent("Benchmarks/Fixtures/LikesCatalog").path
    )

    static func birthday(_ platform: Platform, mode: RenderMode = .resolved) -> RenderRequest {
        RenderRequest(
            key: "friend_birthday",
            locales: ["de-AT"],
            mode: mode,
            arguments: ["friend_name": .string("Jörg"), "friend_id": .string("u1")],
            now: 1_800_000_000,
            platform: platform
        )
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The JSON object `bytes` hold, parsed by Foundation.
    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    // MARK: Web Push

    @Test func webPushResolvedIsShowNotificationsInput() throws {
        let catalog = try #require(Self.sample)
        let rendered = try catalog.render(Self.birthday(.webpush))
        #expect(
            Self.text(rendered.payload)
                == #"{"title":"Heute Geburtstag","body":"Jörg hat heute Geburtstag. Schick deine Glückwünsche!","#
                + #""lang":"de","data":{"path":"socialapp://users/u1"}}"#
        )
        #expect(rendered.headers.map(\.name) == ["TTL"])
        #expect(rendered.headers.map(\.value) == ["2419200"])
        #expect(rendered.report.budget == 3993)
        #expect(rendered.report.bytes == rendered.payload.count)
        #expect(rendered.report.messageBytes == nil)
    }

    @Test func webPushRequestDataGoesIntoData() throws {
        let likes = try #require(Self.likes)
        var request = RenderRequest(
            key: "photo_liked_by",
            locales: ["en"],
            arguments: ["name": .string("Ann"), "count": .number("2")],
            platform: .webpush
        )
        request.data = [(key: "n", value: .number("1")), (key: "s", value: .string("x"))]
        let rendered = try likes.render(request)
        #expect(
            Self.text(rendered.payload)
                == #"{"title":"New likes","body":"Ann and 2 other people liked your photo","lang":"en","data":{"n":1,"s":"x"}}"#
        )
        #expect(rendered.report.bytes == rendered.payload.count)

        let catalog = try #require(Self.sample)
        var content = Self.birthday(.webpush, mode: .content)
        content.data = [(key: "n", value: .number("1"))]
        content.budget = 600
        let fitted = try catalog.render(content)
        let payload = try Self.object(fitted.payload)
        let data = try #require(payload["data"] as? [String: Any])
        #expect(data["n"] as? Int == 1)
        #expect(data["path"] as? String == "socialapp://users/u1")
        let entries = try #require(data["localization_content"] as? [String: Any])
        #expect(entries.keys.sorted() == fitted.report.includedLocales.sorted())
        #expect(!fitted.report.droppedLocales.isEmpty)
        #expect(fitted.payload.count <= 600)
        #expect(Self.text(fitted.payload).hasSuffix(#"},"n":1}}"#))
    }

    @Test func webPushRefusesWhatItCannotCarry() throws {
        let catalog = try #require(Self.sample)
        var badge = Self.birthday(.webpush)
        badge.badge = 3
        var locKey = Self.birthday(.webpush)
        locKey.mode = .locKey
        var target = Self.birthday(.webpush)
        target.target = .token("t")
        for request in [badge, locKey, target] {
            #expect(throws: RenderError.self) { try catalog.render(request) }
            do {
                _ = try catalog.render(request)
            } catch {
                #expect(error.code == RenderError.Code.invalidRequest)
            }
        }
    }

    @Test func webPushAlwaysHasATitleAndFitsOneRecord() throws {
        let catalog = try #require(Self.sample)
        // photo_liked has a body and no title: showNotification still gets one.
        let request = RenderRequest(
            key: "photo_liked",
            locales: ["en"],
            arguments: ["liker_name": .string("Zofia"), "like_count": .number("3"), "photo_id": .string("p1")],
            platform: .webpush
        )
        let payload = try Self.object(try catalog.render(request).payload)
        #expect(payload["title"] as? String == "")
        #expect(payload["body"] as? String == "Zofia and 2 others liked your photo")
        // No budget beyond what one 4096-byte aes128gcm record carries.
        var over = Self.birthday(.webpush)
        over.budget = 3994
        do {
            _ = try catalog.render(over)
            Issue.record("a 3994-byte Web Push budget was taken")
        } catch {
            #expect(error.code == RenderError.Code.invalidRequest)
        }
        over.budget = 3993
        #expect(try catalog.render(over).report.budget == 3993)
    }

    /// A prepared Web Push template writes what `Catalog.render` writes, in both modes, whether
    /// the payload fits at once (the prepared lane) or is fitted.
    @Test func preparedWebPushEqualsRender() throws {
        let catalog = try #require(Self.sample)
        for mode in [RenderMode.resolved, .content] {
            let prepared = try catalog.prepare("started_following", mode: mode, platform: .webpush)
            for (name, locales) in [
                ("Zofia", ["pl-PL"]), ("Jörg", ["de-AT", "en"]), (String(repeating: "Ann ", count: 900), ["ar"]),
            ] {
                var payload: [UInt8] = []
                let outcome = try prepared.render([.string(name), .string("u1")], locales: locales, into: &payload)
                let rendered = try catalog.render(
                    RenderRequest(
                        key: "started_following",
                        locales: locales,
                        mode: mode,
                        arguments: ["user_name": .string(name), "user_id": .string("u1")],
                        platform: .webpush
                    )
                )
                #expect(payload == rendered.payload, "\(mode) \(locales)")
                #expect(outcome.headers.map(\.value) == rendered.headers.map(\.value))
                #expect(payload.count <= 3993)
            }
        }
        // FCM messages are written around their fitted text: not prepared.
        #expect(throws: RenderError.self) { try catalog.prepare("started_following", platform: .fcm) }
    }

    // MARK: FCM

    @Test func fcmResolvedMessage() throws {
        let catalog = try #require(Self.sample)
        var request = Self.birthday(.fcm)
        request.target = .token("device-1")
        request.data = [(key: "n", value: .number("3"))]
        request.badge = 4
        let rendered = try catalog.render(request)
        var apnsRequest = request
        apnsRequest.platform = .apns
        apnsRequest.target = nil
        let apns = try catalog.render(apnsRequest)
        #expect(
            Self.text(rendered.payload)
                == #"{"message":{"token":"device-1","notification":{"title":"Heute Geburtstag","#
                + #""body":"Jörg hat heute Geburtstag. Schick deine Glückwünsche!"},"#
                + #""data":{"path":"socialapp://users/u1","n":"3"},"android":{"notification":{"notification_count":4}},"#
                + #""apns":{"headers":"# + Self.text(apns.headersJSON) + #","payload":"# + Self.text(apns.payload)
                + "}}}"
        )
        #expect(rendered.headers.isEmpty)
        // FCM counts the title, the body and every data key and value, as UTF-8.
        let counted =
            "Heute Geburtstag".utf8.count + "Jörg hat heute Geburtstag. Schick deine Glückwünsche!".utf8.count
            + "path".utf8.count + "socialapp://users/u1".utf8.count + "n".utf8.count + "3".utf8.count
        #expect(rendered.report.bytes == counted)
        #expect(rendered.report.budget == 4096)
        #expect(rendered.report.messageBytes == rendered.payload.count)
    }

    @Test func fcmLocKeyNamesAndroidStrings() throws {
        let catalog = try #require(Self.sample)
        var request = RenderRequest(
            key: "started_following",
            locales: ["de"],
            mode: .locKey,
            arguments: ["user_name": .string("Ann \"A\""), "user_id": .string("u7")],
            now: 1_800_000_000,
            platform: .fcm
        )
        request.target = .topic("news")
        let message = try Self.object(try catalog.render(request).payload)
        let body = try #require(message["message"] as? [String: Any])
        #expect(body["topic"] as? String == "news")
        #expect(body["notification"] == nil)
        let android = try #require(body["android"] as? [String: Any])
        let notification = try #require(android["notification"] as? [String: Any])
        #expect(notification["title_loc_key"] as? String == "STARTED_FOLLOWING_TITLE")
        #expect(notification["body_loc_key"] as? String == "STARTED_FOLLOWING_BODY")
        #expect(notification["title_loc_args"] == nil)
        #expect(notification["body_loc_args"] as? [String] == ["Ann \"A\""])
        #expect(android["collapse_key"] == nil)

        // Android's strings cannot do a selectordinal: refused, not rendered wrong.
        var plural = RenderRequest(key: "order_milestone", locales: ["pl"], mode: .locKey, platform: .fcm)
        plural.arguments = ["order_count": .number("3")]
        do {
            _ = try catalog.render(plural)
            Issue.record("a selectordinal template rendered in FCM loc-key mode")
        } catch {
            #expect(error.code == "loc-key-incompatible")
        }
    }

    @Test func fcmDataMessageCarriesTheContentDocument() throws {
        let catalog = try #require(Self.sample)
        let rendered = try catalog.render(Self.birthday(.fcm, mode: .data))
        let message = try #require(try Self.object(rendered.payload)["message"] as? [String: Any])
        #expect(message["notification"] == nil)
        let data = try #require(message["data"] as? [String: String])
        #expect(data["locale"] == "de")
        #expect(data["path"] == "socialapp://users/u1")
        let document = try #require(data["localization_content"])
        // The same entries as APNs content mode writes for the same request.
        let apns = try catalog.render(Self.birthday(.apns, mode: .content))
        let apnsEntries = try #require(try Self.object(apns.payload)["localization_content"] as? NSDictionary)
        let entries = try Self.object(Array(document.utf8)) as NSDictionary
        #expect(entries == apnsEntries)
        let counted = data.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        #expect(rendered.report.bytes == counted)
        #expect(rendered.report.includedLocales == apns.report.includedLocales)
        // `content` is FCM's data message too.
        #expect(try catalog.render(Self.birthday(.fcm, mode: .content)).payload == rendered.payload)
    }

    @Test func fcmRefusesWhatItCannotCarry() throws {
        let catalog = try #require(Self.sample)
        var reserved = Self.birthday(.fcm)
        reserved.data = [(key: "google.x", value: .string("1"))]
        var fromKey = Self.birthday(.fcm)
        fromKey.data = [(key: "from", value: .string("1"))]
        var dataBadge = Self.birthday(.fcm, mode: .data)
        dataBadge.badge = 2
        var apnsData = Self.birthday(.apns, mode: .data)
        apnsData.platform = .apns
        var apnsTarget = Self.birthday(.apns)
        apnsTarget.target = .condition("'a' in topics")
        // FCM reserves "any word starting with google or gcm", with or without a dot.
        var googleWord = Self.birthday(.fcm)
        googleWord.data = [(key: "google_sent_time", value: .string("1"))]
        var gcm = Self.birthday(.fcm)
        gcm.data = [(key: "gcm", value: .string("1"))]
        // A topic is a name, without the "/topics/" prefix and without spaces.
        var prefixed = Self.birthday(.fcm)
        prefixed.target = .topic("/topics/news")
        var spaced = Self.birthday(.fcm)
        spaced.target = .topic("news and weather")
        for request in [reserved, fromKey, dataBadge, apnsData, apnsTarget, googleWord, gcm, prefixed, spaced] {
            do {
                _ = try catalog.render(request)
                Issue.record("rendered: \(request.platform) \(request.mode) \(request.data.map(\.key))")
            } catch {
                #expect(error.code == RenderError.Code.invalidRequest)
            }
        }
    }

    /// Names made of bytes JSON escapes: a fitter that measured escaped sizes would leave up to
    /// half of FCM's budget unused (it counts `"` once, JSON twice).
    @Test(arguments: [150, 220, 333, 480, 700])
    func fcmBudgetCountsTextNotJSON(budget: Int) throws {
        let catalog = try #require(Self.sample)
        var random = SplitMix64(seed: UInt64(budget))
        let pieces = ["\"", "\\", "\n", "\u{1}", "a", "é", "日本", "👩🏽‍💻", " ", "O'Brien"]
        var checked = 0
        for round in 0..<40 {
            let names = (0..<3).map { _ in
                (0..<(20 + Int(random.next() % 120))).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                    .joined()
            }
            let request = RenderRequest(
                key: "game_invite",
                locales: [["de", "ar", "ja", "en"][round % 4]],
                arguments: [
                    "inviter_1": .string(names[0]), "inviter_2": .string(names[1]), "game_name": .string(names[2]),
                    "lobby_id": .string("L\(round)"),
                ],
                budget: budget,
                platform: .fcm
            )
            let outcome = Result { () throws(RenderError) in try catalog.render(request) }
            if case .failure(let error) = outcome, error.code == RenderError.Code.payloadTooLarge { continue }
            let rendered = try outcome.get()
            let message = try #require(try Self.object(rendered.payload)["message"] as? [String: Any])
            let notification = message["notification"] as? [String: String] ?? [:]
            let data = message["data"] as? [String: String] ?? [:]
            let counted = (notification.values.map(\.utf8.count) + data.map { $0.key.utf8.count + $0.value.utf8.count })
                .reduce(0, +)
            #expect(counted == rendered.report.bytes)
            #expect(counted <= budget)
            let trimmed = rendered.report.trimmedArguments.filter { $0.reason == "budget" }.reduce(0) {
                $0 + $1.occurrences
            }
            if trimmed > 0 {
                checked += 1
                // Maximal: less unused than a word back-off (24 bytes) and one more grapheme
                // (at most 28 bytes here) per occurrence of a trimmed argument.
                #expect(budget - counted < 24 + 28 * trimmed, "round \(round): \(counted) of \(budget)")
            }
            // Each cut text is its name's first bytes and the ellipsis, as the notification shows it.
            let shown = Array(notification.values.joined(separator: "\n").utf8)
            for argument in rendered.report.trimmedArguments
            where argument.reason == "budget" && argument.bytesAfter > 0 {
                let index = ["inviter_1", "inviter_2", "game_name"].firstIndex(of: argument.name) ?? 0
                let kept = Array(names[index].utf8.prefix(argument.bytesAfter - 3)) + Array("…".utf8)
                #expect(
                    shown.firstRange(of: kept) != nil,
                    "round \(round): \(argument.name) \(argument.bytesAfter) is not its prefix: \(String(decoding: kept, as: UTF8.self).debugDescription) in \(String(decoding: shown, as: UTF8.self).debugDescription)"
                )
            }
        }
        #expect(checked >= 10, "only \(checked) rounds trimmed an argument to the budget")
    }

    /// The counted text of `JSONWriter`: strings and keys as plain UTF-8, one token each.
    @Test func countedTextIsTokens() {
        var writer = JSONWriter.countedText()
        writer.beginObject()
        writer.key("k\"ey")
        writer.string("v\u{1}")
        writer.key(plain: "title")
        writer.value(.object([(key: "a", value: .number("1"))]))
        writer.endObject()
        #expect(writer.bytes == Array("k\"ey".utf8) + [0xFF] + [0x76, 0x01, 0xFF] + Array(#"{"a":1}"#.utf8) + [0xFF])
    }
}
