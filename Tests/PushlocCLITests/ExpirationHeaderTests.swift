import Foundation
import Testing

/// The golden files mask `apns-expiration`; this checks its value: render time plus the
/// template's `expiration` seconds (SPEC §2), as a decimal string of whole Unix seconds.
@Suite("apns-expiration header")
struct ExpirationHeaderTests {
    /// Template keys of the sample catalog and their `expiration:` from `Templates/*.yaml`.
    @Test(arguments: [
        ("started_following", ["--arg", "user_name=Ann", "--arg", "user_id=1"], 86_400),
        ("event_reminder", ["--json-args", #"{"event_name":"Gig","when":0,"event_id":"e"}"#], 3_600),
        (
            "game_invite",
            ["--arg", "inviter_1=A", "--arg", "inviter_2=B", "--arg", "game_name=G", "--arg", "lobby_id=L"], 600
        ),
    ])
    func expirationIsRenderTimePlusSeconds(key: String, arguments: [String], seconds: Int) throws {
        let before = Int(Date().timeIntervalSince1970.rounded(.down))
        let result = try CommandRunner.run(["render", key, "--locale", "en", "--request"] + arguments)
        let after = Int(Date().timeIntervalSince1970.rounded(.up))
        try #require(result.exitCode == 0, "\(result.errorText)")
        let request = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any]
        )
        let headers = try #require(request["headers"] as? [String: String])
        let expiration = try #require(headers["apns-expiration"].flatMap { Int($0) })
        #expect((before + seconds)...(after + seconds) ~= expiration)
    }

    @Test("a template without expiration sends no apns-expiration header")
    func noExpiration() throws {
        let result = try CommandRunner.run([
            "render", "comment_reply", "--locale", "en", "--request",
            "--arg", "user_name=A", "--arg", "comment_text=B", "--arg", "post_id=p", "--arg", "comment_id=c",
        ])
        try #require(result.exitCode == 0, "\(result.errorText)")
        let request = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any]
        )
        let headers = try #require(request["headers"] as? [String: String])
        #expect(headers["apns-expiration"] == nil)
    }
}
