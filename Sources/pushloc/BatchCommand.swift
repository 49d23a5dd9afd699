import ArgumentParser
import Foundation
import PushLocalizer

/// `pushloc batch`: render JSON Lines requests, one result line per input line, in order.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render JSON Lines requests (stdin by default) into JSON Lines results.",
        discussion: """
            Each input line: {"id": any, "key": "…", "locales": ["pl-PL"], "mode": "resolved", "args": {…}, \
            "budget": 4096, "pushType": "alert", "timeZone": "Europe/Warsaw"} (only key and locales required). \
            Each output line: {"id", "ok": true, "bytes", "locale", "headers", "payload", "report"} or \
            {"id", "line", "ok": false, "error": {"code", "message"}}. Optional per request: "badge": n and \
            "data": {…} (merged into the payload, counted in the budget). Exit 1 if any line failed; exit 3 \
            when the output is closed before the run ends (e.g. piped into head).
            """
    )

    @OptionGroup var catalog: CatalogOption

    @Option(help: "Read requests from FILE instead of standard input.")
    var input: String?

    @Option(help: "Write results to FILE instead of standard output.")
    var output: String?

    @Flag(name: .customLong("fail-fast"), help: "Stop after the first failed line.")
    var failFast = false

    /// The exit code of a run whose output was closed before every answer was written.
    static let outputClosedExitCode: Int32 = 3

    func run() throws {
        Self.returnLargeBlocksToTheSystem()
        // A closed output pipe is a write error (EPIPE) the runner reports, not a silent death.
        signal(SIGPIPE, SIG_IGN)
        let loaded = try catalog.load()
        let inputDescriptor: Int32 =
            try input.map { path -> Int32 in
                let descriptor = open(path, O_RDONLY)
                guard descriptor >= 0 else {
                    throw CommandFailure.usage("cannot read \(path): \(String(cString: strerror(errno)))")
                }
                return descriptor
            } ?? 0
        let outputDescriptor: Int32 =
            try output.map { path -> Int32 in
                let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                guard descriptor >= 0 else {
                    throw CommandFailure.usage("cannot write \(path): \(String(cString: strerror(errno)))")
                }
                return descriptor
            } ?? 1
        let showsProgress = isatty(2) == 1
        let summary: BatchRunner.Summary
        do {
            summary = try BatchRunner(catalog: loaded, failFast: failFast).run(
                input: inputDescriptor,
                output: outputDescriptor,
                progress: showsProgress
                    ? { lines in FileHandle.standardError.write(Data("\r\(lines) lines".utf8)) } : nil
            )
        } catch let error where error.outputClosedAfterLines != nil {
            // `pushloc batch | head -1`: the reader has all it wanted. Not an error to shout about,
            // but not a finished run either.
            if showsProgress { FileHandle.standardError.write(Data("\r".utf8)) }
            Standard.error("batch: stopped after \(error.outputClosedAfterLines ?? 0) lines: the output was closed")
            throw ExitCode(Self.outputClosedExitCode)
        } catch {
            throw CommandFailure.usage("\(error)")
        }
        if showsProgress { FileHandle.standardError.write(Data("\r".utf8)) }
        Standard.error("batch: \(summary.lines) lines, \(summary.succeeded) rendered, \(summary.failed) failed")
        if summary.failed > 0 { throw ExitCode(1) }
    }

    /// glibc raises its mmap threshold each time a large block is freed, after which blocks of
    /// that size come from the heap and stay with the process when freed: a run through a few
    /// long lines would keep their memory. A fixed threshold (1 MiB) gives every large block
    /// back when it is freed, so memory stays bounded by the line being answered.
    private static func returnLargeBlocksToTheSystem() {
        #if canImport(Glibc)
        // mallopt lives in <malloc.h>, which Swift's Glibc module does not bring in.
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: MallOpt.self)(mmapThreshold, 1 << 20)
        #endif
    }
}
