/// What a caller keeps of a batch line's outcome: ``BatchLineOutcome`` (the key, and the report or
/// the error), or only whether the line rendered (``BatchLineRendered``, all `pushloc batch`
/// counts, so that a line's report is never copied out of its notification only to be dropped).
protocol BatchLineRecord {
    init(key: String?, error: RenderError)
    init(key: String, report: RenderReport)
}

extension BatchLineOutcome: BatchLineRecord {}

/// Whether a batch line rendered, and nothing else of its outcome.
struct BatchLineRendered: BatchLineRecord {
    let rendered: Bool

    @inline(__always)
    init(key _: String?, error _: RenderError) {
        rendered = false
    }

    @inline(__always)
    init(key _: String, report _: RenderReport) {
        rendered = true
    }
}
