/// Code points read from UTF-8 for the boundary shortcuts: only well-formed sequences (shortest
/// form, no surrogate, at most U+10FFFF); anything else is nil, and ICU decides. A
/// lead byte is never the trail of an earlier sequence, so where these succeed ICU (which reads
/// ill-formed bytes as U+FFFD) reads the same code points.
enum UTF8Scalars {
    /// The well-formed code point starting at `offset`.
    @inline(__always)
    static func decode(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (scalar: UInt32, length: Int)? {
        let lead = UInt32(text[offset])
        if lead < 0x80 { return (lead, 1) }
        if lead >= 0xC2, lead <= 0xDF {
            guard offset + 1 < text.count, text[offset + 1] & 0xC0 == 0x80 else { return nil }
            return ((lead & 0x1F) << 6 | UInt32(text[offset + 1] & 0x3F), 2)
        }
        if lead >= 0xE0, lead <= 0xEF {
            guard offset + 2 < text.count, text[offset + 1] & 0xC0 == 0x80, text[offset + 2] & 0xC0 == 0x80 else {
                return nil
            }
            let scalar = (lead & 0x0F) << 12 | UInt32(text[offset + 1] & 0x3F) << 6 | UInt32(text[offset + 2] & 0x3F)
            // Overlong forms and surrogates are ill-formed.
            guard scalar >= 0x800, scalar < 0xD800 || scalar > 0xDFFF else { return nil }
            return (scalar, 3)
        }
        if lead >= 0xF0, lead <= 0xF4 {
            guard offset + 3 < text.count, text[offset + 1] & 0xC0 == 0x80, text[offset + 2] & 0xC0 == 0x80,
                text[offset + 3] & 0xC0 == 0x80
            else { return nil }
            let scalar =
                (lead & 0x07) << 18 | UInt32(text[offset + 1] & 0x3F) << 12 | UInt32(text[offset + 2] & 0x3F) << 6
                | UInt32(text[offset + 3] & 0x3F)
            // Overlong forms and code points past U+10FFFF are ill-formed.
            guard scalar >= 0x10000, scalar <= 0x10FFFF else { return nil }
            return (scalar, 4)
        }
        return nil
    }

    /// The start of the well-formed code point whose bytes include `offset`; nil when the bytes
    /// around `offset` are not one well-formed code point.
    @inline(__always)
    static func start(ofScalarContaining offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard offset >= 0, offset < text.count else { return nil }
        var start = offset
        while start > 0, offset - start < 3, text[start] & 0xC0 == 0x80 { start -= 1 }
        guard text[start] & 0xC0 != 0x80, let decoded = decode(at: start, in: text), start + decoded.length > offset
        else { return nil }
        return start
    }

    /// The well-formed code point that ends at `offset` (> 0).
    @inline(__always)
    static func decode(endingAt offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (scalar: UInt32, length: Int)? {
        let last = text[offset - 1]
        if last < 0x80 { return (UInt32(last), 1) }
        guard last & 0xC0 == 0x80 else { return nil }
        for length in 2...4 where offset - length >= 0 {
            let start = offset - length
            if text[start] & 0xC0 != 0x80 {
                guard let decoded = decode(at: start, in: text), decoded.length == length else { return nil }
                return decoded
            }
        }
        return nil
    }
}
