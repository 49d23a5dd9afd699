import PushLocalizer

/// One extended grapheme cluster of a text as the line filler sees it: its width and what the
/// locale's line breaking allows after it.
struct MeasuredCluster: Sendable, Hashable {
    /// The width in CSS pixels.
    var advance: Double
    /// The width when a line ends after it (without kerning with the next cluster), as Pango
    /// measures a line by shaping only what is on it.
    var endAdvance: Double
    /// A line may end after this cluster.
    var breakAfter: Bool
    /// A line must end after this cluster (`\n` and the other paragraph separators).
    var mandatoryBreakAfter: Bool
    /// White space, which hangs past the end of a line: it does not count when it ends one.
    var isSpace: Bool

    /// White space or a hard break: neither counts at the end of a line.
    var isTrailing: Bool { isSpace || mandatoryBreakAfter }

    init(
        advance: Double,
        endAdvance: Double? = nil,
        breakAfter: Bool = false,
        mandatoryBreakAfter: Bool = false,
        isSpace: Bool = false
    ) {
        self.advance = advance
        self.endAdvance = endAdvance ?? advance
        self.breakAfter = breakAfter || mandatoryBreakAfter
        self.mandatoryBreakAfter = mandatoryBreakAfter
        self.isSpace = isSpace
    }
}

/// A text measured for one style: its clusters in logical order and its paragraph direction.
struct MeasuredText: Sendable, Hashable {
    var clusters: [MeasuredCluster]
    var direction: TextDirection
}
