/// What became of one batch line: rendered (with its report) or answered with an error.
public struct BatchLineOutcome: Sendable {
    /// The requested template key, when the line could be read as a request.
    public var key: String?
    /// The error the line was answered with; nil when it rendered.
    public var error: RenderError?
    /// The rendering's report; nil when the line failed.
    public var report: RenderReport?

    /// Whether the line rendered.
    public var rendered: Bool { error == nil }

    init(key: String?, error: RenderError) {
        self.key = key
        self.error = error
        self.report = nil
    }

    init(key: String, report: RenderReport) {
        self.key = key
        self.error = nil
        self.report = report
    }
}

/// Answers batch lines one at a time, for callers that receive lines by other means than a file
/// descriptor (the HTTP service). The answers are byte for byte those of `pushloc batch`: the
/// same code writes them.
public enum BatchLineAnswerer {
    /// The longest line `pushloc batch` answers by default (longer ones get `line-too-long`).
    public static let defaultMaximumLineBytes = 12 << 20

    /// Appends the answer to one request line (without its newline) to `output`, newline included.
    /// - Parameters:
    ///   - line: the line's bytes.
    ///   - number: its 1-based line number, reported in an error answer.
    ///   - catalog: the catalog to render from.
    ///   - now: seconds since 1970, for `apns-expiration`.
    ///   - output: the buffer the answer is appended to.
    /// - Returns: what became of the line.
    public static func answer(
        _ line: UnsafeBufferPointer<UInt8>,
        number: Int,
        catalog: Catalog,
        now: Double,
        to output: inout [UInt8]
    ) -> BatchLineOutcome {
        BatchLine.answer(line, number: number, catalog: catalog, now: now, to: &output)
    }

    /// Appends the `line-too-long` answer for a line of `length` bytes over `limit`.
    /// - Returns: the outcome (always the `line-too-long` error).
    public static func answerTooLong(length: Int, limit: Int, number: Int, to output: inout [UInt8]) -> BatchLineOutcome
    {
        BatchLine.answerTooLong(length: length, limit: limit, number: number, to: &output)
    }
}
