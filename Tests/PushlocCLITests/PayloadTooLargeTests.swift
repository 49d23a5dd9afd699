import Foundation
import Testing

/// `render --budget 200` of `game_invite` with long names: SPEC §6 step 5 fails with
/// `payloadTooLarge`, "saying how many bytes are pinned and by what". The number it states must be
/// the real minimum: a budget of that many bytes renders, one byte less does not.
@Suite("payloadTooLarge from the command line")
struct PayloadTooLargeTests {
    static let names = Array(repeating: "Alexandra-Maximiliana", count: 12).joined(separator: " ")

    static func render(budget: Int) throws -> CommandResult {
        try CommandRunner.run([
            "render", "game_invite", "--locale", "en", "--budget", "\(budget)",
            "--arg", "inviter_1=\(names)", "--arg", "inviter_2=Bo",
            "--arg", "game_name=Chess Masters Championship", "--arg", "lobby_id=L1",
        ])
    }

    @Test("a budget below the pinned bytes fails with exit 1 and names the bytes it needs")
    func budgetTooSmall() throws {
        let result = try Self.render(budget: 200)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errorText.hasPrefix("error: [payloadTooLarge] "))
        #expect(result.errorText.contains("lobby_id"), "the pinned argument is named")
        let needed = try #require(Self.neededBytes(in: result.errorText), "no byte count in: \(result.errorText)")
        #expect(needed > 200)

        let atNeeded = try Self.render(budget: needed)
        #expect(atNeeded.exitCode == 0, "the stated \(needed) bytes are enough: \(atNeeded.errorText)")
        let belowNeeded = try Self.render(budget: needed - 1)
        #expect(belowNeeded.exitCode == 1, "\(needed - 1) bytes also render, so \(needed) is not the minimum")
    }

    /// The first "needs N bytes" / "at least N bytes" number of the message.
    static func neededBytes(in message: String) -> Int? {
        guard let match = message.firstMatch(of: #/needs (?:at least )?([0-9]+) bytes/#) else { return nil }
        return Int(match.1)
    }
}
