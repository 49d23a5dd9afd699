/// Answers one batch line: the success object or the error object of a batch answer line (docs/cli.md), plus a newline,
/// appended to an output buffer that the caller reuses from line to line.
enum BatchLine {
    /// Appends the answer to `text` (one line, without its newline) to `output`.
    /// - Returns: what became of the line, as much of it as `Record` keeps.
    static func answer<Record: BatchLineRecord>(
        _ text: UnsafeBufferPointer<UInt8>,
        number: Int,
        catalog: Catalog,
        now: Double,
        to output: inout [UInt8],
        as _: Record.Type = BatchLineOutcome.self
    ) -> Record {
        answer(BatchRequestReader.read(text, now: now), number: number, catalog: catalog, to: &output, as: Record.self)
    }

    /// Appends the answer to a line already read into a request (or a reading error).
    /// - Returns: what became of the line, as much of it as `Record` keeps.
    static func answer<Record: BatchLineRecord>(
        _ read: (id: JSONValue, request: Result<RenderRequest, RenderError>),
        number: Int,
        catalog: Catalog,
        to output: inout [UInt8],
        as _: Record.Type = BatchLineOutcome.self
    ) -> Record {
        let (id, decoded) = read
        switch decoded {
        case .failure(var error):
            // Named by its line in the message too: the answer's `id` is null for such a line.
            if error.code == RenderError.Code.limitExceeded { error.message = "line \(number) \(error.message)" }
            BatchOutput.appendFailure(id: id, line: number, error, to: &output)
            return Record(key: nil, error: error)
        case .success(let request):
            do {
                let notification = try catalog.render(request)
                BatchOutput.appendSuccess(id: id, notification, to: &output)
                return Record(key: request.key, report: notification.report)
            } catch {
                BatchOutput.appendFailure(id: id, line: number, error, to: &output)
                return Record(key: request.key, error: error)
            }
        }
    }

    /// Appends the answer to a line that was over the length limit (and so never kept).
    @discardableResult
    static func answerTooLong(length: Int, limit: Int, number: Int, to output: inout [UInt8]) -> BatchLineOutcome {
        let error = RenderError("line-too-long", "line is \(length) bytes; the limit is \(limit) bytes")
        BatchOutput.appendFailure(id: .null, line: number, error, to: &output)
        return BatchLineOutcome(key: nil, error: error)
    }
}
