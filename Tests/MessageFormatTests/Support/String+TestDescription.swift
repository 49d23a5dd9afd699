extension String {
    /// The string quoted as Swift would print it, shortened in the middle when it is long, so that
    /// a test case's name stays one readable line (`"{a,select,other{{a,sel"…(160000 bytes)…"other{"`).
    var abbreviatedDebugDescription: String {
        guard unicodeScalars.count > 120 else { return debugDescription }
        let head = String(unicodeScalars.prefix(60))
        let tail = String(unicodeScalars.suffix(20))
        return "\(head.debugDescription)…(\(utf8.count) bytes)…\(tail.debugDescription)"
    }
}
