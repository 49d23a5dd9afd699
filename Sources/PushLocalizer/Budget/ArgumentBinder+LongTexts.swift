extension ArgumentBinder.Bound {
    /// How many bytes past a cut decide it: whether a position is a grapheme or word boundary
    /// depends on what precedes it and a few characters after it, so a kilobyte is ample.
    static let cutContext = 1024

    /// Whether `limitingLongTexts(budget:)` would shorten a text.
    func hasLongTexts(budget: Int) -> Bool {
        truncatableBytes > budget + Self.cutContext
    }

    /// These values with every truncatable text longer than `budget + cutContext` bytes
    /// shortened to that many (at a scalar boundary), their whole sizes kept for the report
    /// (`text(length:)`).
    ///
    /// Fitting gives the same bytes for both: such a text never fits whole (it occurs, or it is
    /// not written at all), and no cut reaches past the budget. So every step of fitting, in every
    /// mode, works on at most a budget and a kilobyte of each text, and its time and memory do not
    /// grow with the request's text (a 10 MB argument is read once, by the request's parser).
    func limitingLongTexts(budget: Int) -> Self {
        guard hasLongTexts(budget: budget) else { return self }
        let limit = budget + Self.cutContext
        var limited = self
        if limited.wholeLengths.isEmpty { limited.wholeLengths = Array(repeating: 0, count: values.count) }
        for slot in truncatable {
            guard case .string(var text)? = values[slot], text.utf8.count > limit else { continue }
            limited.wholeLengths[slot] = text.utf8.count
            limited.values[slot] = .string(
                text.withUTF8 { bytes in
                    var end = limit
                    // Back to the start of the scalar that holds byte `limit`.
                    while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
                }
            )
        }
        return limited
    }
}
