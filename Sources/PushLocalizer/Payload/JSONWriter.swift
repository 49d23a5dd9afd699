/// Writes compact JSON into a byte buffer: no white space, keys in the order written, strings
/// escaped as `JSONEscaping` says. Commas are placed automatically.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false
    /// Planning (see `PayloadPlan`): the segments so far; strings that need formatting are
    /// recorded as messages instead of written.
    private(set) var segments: [PlanSegment]?

    /// When recording: where each text argument of the messages written starts, in payload order
    /// (see `TextInsertion`).
    var insertions: [TextInsertion]?

    /// Whether this writer writes counted text instead of JSON: each string, number and `key(_:)`
    /// as its plain UTF-8 followed by `tokenEnd`, and nothing else (no structure, no quotes, no
    /// escapes, no outline keys). What a platform whose budget counts only its strings' text
    /// measures (`PayloadShape.countsJSON`).
    private(set) var writesText = false

    /// The byte after each token of counted text: 0xFF never occurs in UTF-8, so the tokens split
    /// back exactly.
    static let tokenEnd: UInt8 = 0xFF

    /// A writer of counted text (see `writesText`).
    static func countedText(reservingCapacity capacity: Int = 1024) -> JSONWriter {
        var writer = JSONWriter(reservingCapacity: capacity)
        writer.writesText = true
        return writer
    }

    /// A writer that plans instead of writing (counted text when `writesText`).
    static func planning(writesText: Bool = false) -> JSONWriter {
        var writer = JSONWriter(reservingCapacity: 256)
        writer.segments = []
        writer.writesText = writesText
        return writer
    }

    /// Whether this writer plans.
    var isPlanning: Bool { segments != nil }

    /// Planning: a string value that `message` will format (raw, then escaped), isolated or not.
    mutating func plannedString(_ message: CompiledMessage, isolate: Bool) {
        if !writesText {
            separate()
            bytes.append(UInt8(ascii: "\""))
        }
        segments?.append(.bytes(bytes))
        segments?.append(.message(message, isolate: isolate))
        bytes.removeAll(keepingCapacity: true)
        bytes.append(writesText ? Self.tokenEnd : UInt8(ascii: "\""))
        needsComma = true
    }

    /// Planning: the segments, the bytes written last included.
    mutating func finishPlan() -> [PlanSegment] {
        var segments = self.segments ?? []
        if !bytes.isEmpty { segments.append(.bytes(bytes)) }
        return segments
    }

    init(reservingCapacity capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    mutating func beginObject() {
        if writesText { return }
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func endObject() {
        if writesText { return }
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func beginArray() {
        if writesText { return }
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func endArray() {
        if writesText { return }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"key":`; the next value follows without a comma.
    mutating func key(_ key: String) {
        if writesText { return token(key.utf8) }
        separate()
        bytes.append(UInt8(ascii: "\""))
        JSONEscaping.append(string: key, to: &bytes)
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    /// Writes `"key":` for a key given as UTF-8.
    mutating func key(contiguous key: UnsafeBufferPointer<UInt8>) {
        if writesText { return token(key) }
        quoted(contiguous: key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `"key":` for a key that needs no escaping (the payload's own keys).
    mutating func key(plain key: StaticString) {
        if writesText { return }
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a key given as its complete JSON text (`"tag":`, quotes, escapes and colon included).
    mutating func key(escaped key: [UInt8]) {
        if writesText { return }
        separate()
        bytes.append(contentsOf: key)
        needsComma = false
    }

    /// The JSON text of `key` as `key(_:)` writes it: `"key":`.
    static func keyText(_ key: String) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: key.utf8.count + 4)
        writer.key(key)
        return writer.bytes
    }

    /// Writes an escaped string value.
    mutating func string<C: Collection>(_ text: C) where C.Element == UInt8 {
        if writesText { return token(text) }
        separate()
        bytes.append(UInt8(ascii: "\""))
        JSONEscaping.append(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes an escaped string value from contiguous bytes (no generic collection walk).
    mutating func string(contiguous text: UnsafeBufferPointer<UInt8>) {
        if writesText { return token(text) }
        quoted(contiguous: text)
        needsComma = true
    }

    /// Writes `text` escaped between quotes, after a comma where one is due.
    private mutating func quoted(contiguous text: UnsafeBufferPointer<UInt8>) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        JSONEscaping.appendContiguous(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a string value.
    mutating func string(_ text: String) {
        if writesText { return token(text.utf8) }
        separate()
        bytes.append(UInt8(ascii: "\""))
        JSONEscaping.append(string: text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes a string value whose raw UTF-8 `write` appends to the buffer (formatting straight
    /// into the payload, without a buffer of its own); escapes it afterwards, where it needs it.
    mutating func string<E: Error>(writing write: (inout [UInt8]) throws(E) -> Void) throws(E) {
        if writesText {
            try write(&bytes)
            bytes.append(Self.tokenEnd)
            return
        }
        separate()
        bytes.append(UInt8(ascii: "\""))
        let start = bytes.count
        try write(&bytes)
        Self.escapeInPlace(&bytes, from: start)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes a complete JSON value whose bytes `write` appends to the buffer as they are.
    mutating func value<E: Error>(writing write: (inout [UInt8]) throws(E) -> Void) throws(E) {
        separate()
        try write(&bytes)
        needsComma = true
    }

    /// Writes members (or nothing) whose bytes `write` appends to the buffer as they are, inside
    /// an object already open: a comma follows unless they end by opening an object or array.
    mutating func members<E: Error>(writing write: (inout [UInt8]) throws(E) -> Void) throws(E) {
        separate()
        try write(&bytes)
        needsComma = !(bytes.last == UInt8(ascii: "{") || bytes.last == UInt8(ascii: "["))
    }

    /// Escapes `bytes[start...]` in place (most text needs no escape at all).
    static func escapeInPlace(_ bytes: inout [UInt8], from start: Int) {
        let size = bytes.withUnsafeBufferPointer {
            JSONEscaping.size(ofContiguous: UnsafeBufferPointer(rebasing: $0[start...]))
        }
        guard size != bytes.count - start else { return }
        let raw = Array(bytes[start...])
        bytes.removeSubrange(start...)
        JSONEscaping.append(raw, to: &bytes)
    }

    /// Where the writer is, to come back to.
    struct Mark {
        fileprivate let count: Int
        fileprivate let needsComma: Bool
    }

    /// The current position.
    var mark: Mark { Mark(count: bytes.count, needsComma: needsComma) }

    /// Removes everything written since `mark`.
    mutating func rollBack(to mark: Mark) {
        bytes.removeSubrange(mark.count...)
        needsComma = mark.needsComma
    }

    /// The bytes written since `mark` equal those in `range`.
    func written(since mark: Mark, equals range: Range<Int>) -> Bool {
        bytes.count - mark.count == range.count && bytes[mark.count...].elementsEqual(bytes[range])
    }

    /// Writes a number or literal exactly as given (`12`, `0.5`, `true`, `null`).
    mutating func raw(_ token: String) {
        if writesText { return self.token(token.utf8) }
        separate()
        bytes.append(contentsOf: token.utf8)
        needsComma = true
    }

    /// Writes bytes that already are one complete JSON value.
    mutating func rawValue(_ value: [UInt8]) {
        if writesText { return token(value) }
        separate()
        bytes.append(contentsOf: value)
        needsComma = true
    }

    /// Writes a whole number in decimal, without going through `String`.
    mutating func integer<T: BinaryInteger>(_ value: T) {
        if writesText {
            Self.appendInteger(Int64(value), to: &bytes)
            bytes.append(Self.tokenEnd)
            return
        }
        separate()
        Self.appendInteger(Int64(value), to: &bytes)
        needsComma = true
    }

    /// Appends a whole number in decimal, without going through `String`.
    static func appendInteger<Output: ByteOutput>(_ value: Int64, to output: inout Output) {
        var magnitude = value.magnitude
        if value < 0 { output.append(UInt8(ascii: "-")) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Writes a double in its shortest round-trip form, integers without a fraction.
    mutating func number(_ value: Double) {
        raw(JSONNumber.text(value))
    }

    /// Writes any parsed JSON value back, compactly.
    mutating func value(_ value: JSONValue) {
        if writesText {
            // Counted text: a string's text, any other value's compact JSON text.
            if case .string(let text) = value { return token(text.utf8) }
            var json = JSONWriter(reservingCapacity: 64)
            json.value(value)
            return token(json.bytes)
        }
        switch value {
        case .null: raw("null")
        case .bool(let flag): raw(flag ? "true" : "false")
        case .number(let text): raw(text)
        case .string(let text): string(text)
        case .array(let values):
            beginArray()
            values.forEach { self.value($0) }
            endArray()
        case .object(let members):
            beginObject()
            for member in members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    /// Counted text: one token.
    private mutating func token<C: Collection>(_ text: C) where C.Element == UInt8 {
        bytes.append(contentsOf: text)
        bytes.append(Self.tokenEnd)
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}

/// JSON text for doubles.
enum JSONNumber {
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
