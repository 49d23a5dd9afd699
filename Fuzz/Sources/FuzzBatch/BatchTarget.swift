import FuzzSupport
import PushLocalizer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libFuzzer target: the input is `pushloc batch`'s input (JSON Lines, requests against the
/// sample catalog), run through `BatchRunner` from one scratch file into another. Invariants:
/// - exactly one output line per input line (a final line without a newline counts);
/// - each output line is valid UTF-8 and one JSON object with a boolean `ok` and an `id`;
/// - a success carries a payload object of `bytes` bytes, at most 5120; a failure carries its
///   1-based `line` number and an error with a non-empty `code` and `message`.
@main
enum FuzzBatch {
    static func main() { runFuzzer(test) }

    static let test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        guard let data else { return 0 }
        BatchTarget.check(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
}

enum BatchTarget {
    /// Lines longer than this are answered `line-too-long` (small, so that the fuzzer reaches it).
    static let maximumLineBytes = 2048

    static let runner: BatchRunner = {
        var runner = BatchRunner(catalog: SampleCatalog.catalog, maximumLineBytes: maximumLineBytes)
        runner.chunkLines = 4
        runner.segmentsPerChunk = 2
        return runner
    }()

    static let inputFile = ScratchFile(name: "batch-in")
    static let outputFile = ScratchFile(name: "batch-out")

    static func check(_ input: [UInt8]) {
        inputFile.replace(with: input)
        outputFile.replace(with: [])
        let summary: BatchRunner.Summary
        do {
            summary = try runner.run(input: inputFile.descriptor, output: outputFile.descriptor)
        } catch {
            fail("batch run failed on a readable input: \(error)")
        }
        let output = outputFile.contents()
        let expectedLines =
            input.isEmpty
            ? 0 : input.split(separator: 0x0A, omittingEmptySubsequences: false).count - (input.last == 0x0A ? 1 : 0)
        require(output.isEmpty || output.last == 0x0A, "output does not end with a newline")
        let lines = output.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        require(
            lines.count == expectedLines && summary.lines == expectedLines,
            "\(expectedLines) lines in, \(lines.count) out, summary says \(summary.lines)"
        )
        require(summary.succeeded + summary.failed == summary.lines, "summary does not add up: \(summary)")
        var succeeded = 0
        for (index, line) in lines.enumerated() {
            if checkLine(Array(line), number: index + 1) { succeeded += 1 }
        }
        require(succeeded == summary.succeeded, "\(succeeded) successes written, summary says \(summary)")
    }

    /// Checks one output line; returns whether it is a success.
    static func checkLine(_ line: [UInt8], number: Int) -> Bool {
        let text = String(decoding: line, as: UTF8.self)
        require(PayloadChecks.isValidUTF8(line), "line \(number) is not UTF-8: \(text)")
        guard let object = PayloadChecks.json(line), case .bool(let ok)? = object["ok"], object["id"] != nil else {
            fail("line \(number) is not a JSON object with ok and id: \(text)")
        }
        if ok {
            guard case .number(let count)? = object["bytes"], let bytes = Int(count), case .object? = object["payload"]
            else {
                fail("success line \(number) without bytes or payload: \(text)")
            }
            require(bytes > 0 && bytes <= 5120, "line \(number) has a payload of \(bytes) bytes")
        } else {
            guard case .string(let code)? = object["error"]?["code"],
                case .string(let message)? = object["error"]?["message"]
            else {
                fail("failure line \(number) without error code and message: \(text)")
            }
            require(!code.isEmpty && !message.isEmpty, "line \(number) has an empty error: \(text)")
            require(
                object["line"]?.numberText == String(number),
                "failure line \(number) names line \(String(describing: object["line"]))"
            )
        }
        return ok
    }
}
