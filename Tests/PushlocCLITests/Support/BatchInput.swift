import Foundation

/// What one batch input line must produce.
enum BatchExpectation: Sendable, Equatable {
    /// Rendered: the `id`, the negotiated locale and the budget the payload must fit.
    case rendered(id: Int, locale: String, budget: Int)
    /// Answered with an error: the code, and the `id` when the line's JSON could be read.
    case failed(code: String, id: Int?)
}

/// Builds a large JSON Lines input for `pushloc batch` that interleaves good requests with
/// every kind of bad line, and records what each line must produce.
struct BatchInput {
    var bytes: [UInt8] = []
    var expectations: [BatchExpectation] = []

    /// `lineCount` lines; the line at `hugeLineIndex` carries a 4 MB message text (just under the 4 MiB line limit); the last
    /// line has no final newline (it still counts as a line).
    init(lineCount: Int, hugeLineIndex: Int) {
        bytes.reserveCapacity(lineCount * 160 + 5_000_000)
        expectations.reserveCapacity(lineCount)
        for index in 0..<lineCount {
            let id = index + 1
            if index == hugeLineIndex {
                appendHugeMessage(id: id)
            } else {
                appendLine(kind: index % 16, id: id)
            }
            if index == lineCount - 1 {
                if bytes.last == 0x0A { bytes.removeLast() }
                if bytes.last == 0x0D { bytes.removeLast() }
            }
        }
    }

    private mutating func add(_ text: String, _ expectation: BatchExpectation, ending: String = "\n") {
        bytes.append(contentsOf: Array(text.utf8))
        bytes.append(contentsOf: Array(ending.utf8))
        expectations.append(expectation)
    }

    /// One request line: `{"id":…,"key":…,"locales":[…],<extra>"args":{…}}`.
    private func request(_ id: Int, _ key: String, _ locales: String, extra: String = "", args: String) -> String {
        #"{"id":\#(id),"key":"\#(key)","locales":[\#(locales)],\#(extra)"args":{\#(args)}}"#
    }

    // Expected locales follow SPEC §4 and the sample catalog's Locales/ (pl-PL → pl, de-CH → de,
    // zh-TW → zh-Hant, ar-EG → ar); budgets follow SPEC §6 (4096, 5120 for voip, the template's
    // `budget: 3072` for message_received, or the request's own).
    private mutating func appendLine(kind: Int, id: Int) {
        switch kind {
        case 0:
            let args = #""user_name":"Zofia \#(id)","user_id":"u\#(id)""#
            add(
                request(id, "started_following", #""pl-PL","en""#, args: args),
                .rendered(id: id, locale: "pl", budget: 4096)
            )
        case 1:
            let args = #""liker_name":"سارة","like_count":\#(id % 50),"photo_id":"p""#
            add(request(id, "photo_liked", #""ar-EG""#, args: args), .rendered(id: id, locale: "ar", budget: 4096))
        case 2:
            let args = #""event_name":"Konzert","when":"2026-11-22T18:30:00Z","event_id":"e\#(id)""#
            let extra = #""timeZone":"Europe/Zurich","#
            add(
                request(id, "event_reminder", #""de-CH","en""#, extra: extra, args: args),
                .rendered(id: id, locale: "de", budget: 4096)
            )
        case 3:
            let long = String(repeating: "Alexandra-Maximiliana ", count: 20)
            let args = #""inviter_1":"\#(long)","inviter_2":"\#(long)","game_name":"Chess","lobby_id":"L\#(id)""#
            add(
                request(id, "game_invite", #""en""#, extra: #""budget":400,"#, args: args),
                .rendered(id: id, locale: "en", budget: 400)
            )
        case 4:
            add(#"{"id":\#(id),"key":"started_following","locales":["#, .failed(code: "invalid-json", id: nil))
        case 5:
            add(#"{"id":\#(id),"key":"no_such_template","locales":["en"]}"#, .failed(code: "unknown-key", id: id))
        case 6:
            // Complete and valid but for one field SPEC §7 does not define.
            let args = #""user_name":"A","user_id":"1""#
            let line = request(id, "started_following", #""en""#, extra: #""colour":"red","#, args: args)
            add(line, .failed(code: "invalid-request", id: id))
        case 7:
            let line = request(id, "started_following", #""en""#, args: #""user_name":"A""#)
            add(line, .failed(code: "missing-argument", id: id))
        case 8:
            // C3 must be followed by a continuation byte and FF never occurs in UTF-8
            // (Unicode 15 §3.9, Table 3-7): the line is not UTF-8, hence not JSON (RFC 8259 §8.1).
            let line = request(id, "started_following", #""en""#, args: #""user_name":"\#u{1}","user_id":"1""#)
            let parts = line.split(separator: "\u{1}", omittingEmptySubsequences: false)
            bytes.append(contentsOf: Array(parts[0].utf8) + [0xC3, 0x28, 0xFF])
            add(String(parts[1]), .failed(code: "invalid-json", id: nil))
        case 9:
            add("", .failed(code: "invalid-json", id: nil))
        case 10:
            let args = #""friend_name":"Олена","friend_id":"f""#
            add(
                request(id, "friend_birthday", #""uk-UA""#, args: args),
                .rendered(id: id, locale: "uk", budget: 4096),
                ending: "\r\n"
            )
        case 11:
            let args = #""user_name":"小明","user_gender":"male","story_id":"s""#
            add(
                request(id, "story_mention", #""zh-TW""#, args: args),
                .rendered(id: id, locale: "zh-Hant", budget: 4096)
            )
        case 12:
            let args = #""sender_name":"João","amount":12.5,"transaction_id":"t""#
            add(
                request(id, "payment_received", #""pt-BR""#, extra: #""pushType":"voip","#, args: args),
                .rendered(id: id, locale: "pt-BR", budget: 5120),
                ending: "\r\n"
            )
        case 13:
            add("[\(id), 2]", .failed(code: "invalid-request", id: nil))
        case 14:
            add(
                request(id, "profile_views_weekly", #""ru""#, args: #""view_count":\#(id)"#),
                .rendered(id: id, locale: "ru", budget: 4096)
            )
        default:
            add(
                request(id, "profile_views_weekly", #""ru""#, args: #""view_count":"lots""#),
                .failed(code: "argument-type", id: id)
            )
        }
    }

    /// A valid request whose message text is 4 MB: `max-bytes: 1500` and the template's
    /// 3072-byte budget must cut it, and the line must still render.
    private mutating func appendHugeMessage(id: Int) {
        let args = #""sender_name":"Ann","sender_id":"s","conversation_id":"c","message_text":"\#u{1}""#
        let parts = request(id, "message_received", #""en""#, args: args)
            .split(separator: "\u{1}", omittingEmptySubsequences: false)
        bytes.append(contentsOf: Array(parts[0].utf8))
        let word = Array("héllo wörld ".utf8)
        let target = bytes.count + 4_000_000
        while bytes.count < target { bytes.append(contentsOf: word) }
        add(String(parts[1]), .rendered(id: id, locale: "en", budget: 3072))
    }
}
