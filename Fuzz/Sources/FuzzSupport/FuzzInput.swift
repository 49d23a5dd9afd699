/// Reads a fuzzer's input as a sequence of decisions: each call takes the next bytes, and an
/// exhausted input answers zeros, so that every input (even an empty one) decides everything.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    /// Creates a cursor over a copy of the fuzzer's bytes.
    /// - Parameter bytes: the input libFuzzer passed.
    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = Array(bytes)
    }

    /// Whether any byte is left.
    public var isEmpty: Bool { index >= bytes.count }

    /// The next byte (0 when the input is used up).
    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in `range`, from the next two bytes.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let raw = Int(byte()) << 8 | Int(byte())
        return range.lowerBound + raw % (range.upperBound - range.lowerBound + 1)
    }

    /// Whether the next byte's low bit is set.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One of `options`, chosen by the next byte.
    public mutating func pick<T>(_ options: [T]) -> T {
        options[Int(byte()) % options.count]
    }

    /// The next `count` bytes (fewer at the end of the input).
    public mutating func take(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, index + max(0, count))
        defer { index = max(index, end) }
        return index < end ? Array(bytes[index..<end]) : []
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] { take(bytes.count - index) }

    /// A text built from pieces: each piece is either a fragment of `TextFragments` repeated up
    /// to 96 times (so that a few bytes make a long, hostile text) or a few raw bytes read as
    /// UTF-8 (invalid sequences become U+FFFD).
    /// - Parameter pieces: the largest number of pieces.
    public mutating func text(pieces: Int = 4) -> String {
        var text = ""
        for _ in 0..<(Int(byte()) % (pieces + 1)) {
            let choice = byte()
            if choice < 200 {
                let fragment = TextFragments.all[Int(choice) % TextFragments.all.count]
                text += String(repeating: fragment, count: 1 + Int(byte()) % 96)
            } else {
                text += String(decoding: take(Int(choice) - 199), as: UTF8.self)
            }
        }
        return text
    }
}

/// Texts that exercise escaping, grapheme and word boundaries, bidi isolation and dictionary
/// break iteration.
public enum TextFragments {
    /// All fragments.
    public static let all: [String] = [
        "a", "Zofia ", "Zoë", "👩‍👩‍👧", "🇵🇱", "e\u{301}", "\u{301}", "שלום ", "مرحبا بك ", "日本語のテキスト",
        "ภาษาไทยง่ายนิดเดียว", "한국어 ", "中文字符", "\"", "\\", "\u{0}", "\n", "\t", "\u{7F}", "\u{202E}",
        "\u{2068}", "\u{200D}", "{", "}", "'", "#", " ", "…", "\u{FEFF}", "\u{10FFFF}", "𝔘𝔫𝔦", "Ａ",
        "\u{D7FF}", "\u{E000}", "<b>", "%@", "\r\n", "ß", "İ", "ﬁ",
    ]
}
