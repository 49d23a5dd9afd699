import Foundation
import Testing

/// `pushloc wrap`: one answer line per input line, in order; a bad line is answered with its line
/// number and the run goes on, exit 1.
@Suite("pushloc wrap")
struct WrapCommandTests {
    @Test("answers each line, bad ones with their line number, and exits 1 when one failed")
    func answersEveryLine() throws {
        let input = [
            #"{"text": "Zofia started following you"}"#,
            #"{"text": "\u2068John\u2069 أرسل لك رسالة", "locale": "ar"}"#,
            "not json",
            #"{"text": 7}"#,
            #"{"text": "a\nb\nc", "lines": 2, "fonts": ["Noto Sans"], "size": 16, "weight": 700, "width": 300}"#,
            #"{"text": "x", "size": 0}"#,
            #"{"text": "x", "fonts": "Inter"}"#,
        ]
        let result = try CommandRunner.run(["wrap"], input: Array((input.joined(separator: "\n") + "\n").utf8))
        #expect(result.exitCode == 1)
        #expect(result.errorText.isEmpty)
        let lines = result.outputText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines == [
                #"{"lines":1,"direction":"ltr","characters":27,"shown":27}"#,
                #"{"lines":1,"direction":"rtl","characters":20,"shown":20}"#,
                #"{"line":3,"error":"not valid JSON: invalid literal at byte 1"}"#,
                #"{"line":4,"error":"\"text\" must be a string"}"#,
                #"{"lines":3,"direction":"ltr","characters":5,"shown":3}"#,
                #"{"line":6,"error":"the font size must be a positive number of pixels up to 100000"}"#,
                #"{"line":7,"error":"\"fonts\" cannot be a string"}"#,
                "",
            ]
        )
    }

    @Test("--timing prints the mean time per text on standard error; --line-starts adds the lines' starts")
    func timingAndLineStarts() throws {
        let result = try CommandRunner.run(
            ["wrap", "--repeat", "3", "--timing", "--line-starts"],
            input: Array(#"{"text": "a\nb"}"#.utf8) + [0x0A]
        )
        #expect(result.exitCode == 0)
        #expect(result.outputText == #"{"lines":2,"direction":"ltr","characters":3,"shown":3,"starts":[0,2]}"# + "\n")
        #expect(result.errorText.hasPrefix("wrap: 1 texts x 3 repetitions, mean "))
    }

    @Test("--repeat 0 is a usage error")
    func repeatZero() throws {
        let result = try CommandRunner.run(["wrap", "--repeat", "0"])
        #expect(result.exitCode == 2)
        #expect(result.errorText.contains("--repeat must be at least 1"))
    }
}
