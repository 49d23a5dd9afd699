import Foundation
import Testing

/// Runs `pushloc` for every case in `Golden/` and compares standard output, standard error and
/// the exit code with the recorded files. `PUSHLOC_RECORD=1 swift test --filter GoldenTests`
/// rewrites them; every recorded file must then be read by a person before it is committed.
@Suite("pushloc golden files")
struct GoldenTests {
    @Test("there are golden cases to run")
    func casesExist() {
        #expect(GoldenCase.all().count >= 25)
    }

    @Test(arguments: GoldenCase.all())
    func golden(_ goldenCase: GoldenCase) throws {
        let result = try CommandRunner.run(goldenCase.arguments(), input: goldenCase.input(), timeout: 60)
        #expect(!result.timedOut, "pushloc did not finish within 60 s")
        let actual = [
            "stdout": GoldenMask.apply(result.outputText),
            "stderr": GoldenMask.apply(result.errorText),
            "exit": "\(result.exitCode)\n",
        ]
        if GoldenCase.isRecording {
            for (suffix, text) in actual { try goldenCase.record(text, as: suffix) }
            Issue.record("recorded \(goldenCase.name); read the files, then run again without PUSHLOC_RECORD")
            return
        }
        for suffix in ["stdout", "stderr", "exit"] {
            guard let expected = goldenCase.expected(suffix) else {
                Issue.record("no \(goldenCase.name).\(suffix): record it with PUSHLOC_RECORD=1")
                continue
            }
            #expect(actual[suffix] == expected, "\(goldenCase.name).\(suffix) differs")
        }
        checkShape(of: result, arguments: try goldenCase.arguments())
    }

    /// Checks that hold whatever was recorded: a failed command's first stderr line starts with
    /// `error:` or `file:line:column: error:` (SPEC §7); a successful render prints one JSON line.
    private func checkShape(of result: CommandResult, arguments: [String]) {
        // `batch` reports failed lines in its output and ends with a summary line, not an error.
        if result.exitCode != 0 && arguments.first != "batch" {
            let first = result.errorText.split(separator: "\n").first.map(String.init) ?? ""
            #expect(
                first.hasPrefix("error: ") || first.contains(#/^[^:\s]+:[0-9]+:[0-9]+: error: /#),
                "first stderr line is not an error line: \(first)"
            )
        }
        guard arguments.first == "render", result.exitCode == 0 else { return }
        let lines = result.standardOutput.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "render must print exactly one line")
        let parsed = try? JSONSerialization.jsonObject(with: Data(lines[0]))
        #expect(parsed is [String: Any], "render output is not a JSON object")
    }
}
