extension JSONParser {
    /// Reads a string starting at its opening quote: escapes decoded, UTF-8 validated.
    mutating func parseString() throws(JSONParseError) -> String {
        var decoded: [UInt8] = []
        if let run = try scanString(decodingInto: &decoded, keeping: true) {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[run]), as: UTF8.self)
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Walks a string starting at its opening quote with the checks of `parseString`, keeping
    /// nothing (`scratch` holds one decoded escape at a time).
    mutating func skipString(scratch: inout [UInt8]) throws(JSONParseError) {
        _ = try scanString(decodingInto: &scratch, keeping: false)
    }

    /// The one walk over a string (the cursor on its opening quote, left after its closing one):
    /// UTF-8 validated, escapes decoded, `stringLimit` checked. Returns the range of the text
    /// when it has no escape; otherwise nil, the text decoded into `decoded` when `keeping`
    /// (else `decoded` holds only the last escape).
    @inline(__always)
    private mutating func scanString(
        decodingInto decoded: inout [UInt8],
        keeping: Bool
    ) throws(JSONParseError) -> Range<Int>? {
        let start = index
        index += 1
        var runStart = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try checkStringLength(from: start)
                let run = runStart..<index
                index += 1
                if !escaped { return run }
                if keeping { decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run])) }
                return nil
            } else if byte == UInt8(ascii: "\\") {
                try checkStringLength(from: start)
                if keeping {
                    decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                } else {
                    decoded.removeAll(keepingCapacity: true)
                }
                escaped = true
                try decodeEscape(into: &decoded)
                runStart = index
            } else if byte < 0x20 {
                throw JSONParseError("control character U+00\(hex(byte)) in a string must be escaped", at: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                index = try UTF8Validation.skipScalar(in: bytes, at: index)
            }
        }
        throw JSONParseError("unterminated string", at: start)
    }

    /// Throws when the string from `start` to the cursor is over `stringLimit`. The check is
    /// inlined into the scan; the error's text is made out of line, only when it is thrown.
    @inline(__always)
    private func checkStringLength(from start: Int) throws(JSONParseError) {
        if index - start > stringLimit { throw stringTooLong(at: start) }
    }

    @inline(never)
    private func stringTooLong(at start: Int) -> JSONParseError {
        .limit("\(stringLimitSubject) longer than \(stringLimit) bytes", at: start)
    }

    private mutating func decodeEscape(into output: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw JSONParseError("unterminated escape", at: escapeStart) }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "\""): output.append(0x22)
        case UInt8(ascii: "\\"): output.append(0x5C)
        case UInt8(ascii: "/"): output.append(0x2F)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4(at: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw JSONParseError("lone high surrogate escape", at: escapeStart) }
                index += 2
                let low = try readHex4(at: escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONParseError("high surrogate escape not followed by a low one", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw JSONParseError("lone low surrogate escape", at: escapeStart)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw JSONParseError("invalid escape", at: escapeStart) }
            output.append(contentsOf: String(unicode).utf8)
        default:
            throw JSONParseError("invalid escape '\\\(Character(Unicode.Scalar(code)))'", at: escapeStart)
        }
    }

    private mutating func readHex4(at escapeStart: Int) throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw JSONParseError("truncated \\u escape", at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 0x30
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 0x61 + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 0x41 + 10
            default: throw JSONParseError("invalid \\u escape", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}

/// Strict UTF-8 validation (no overlongs, no surrogates, nothing above U+10FFFF).
enum UTF8Validation {
    /// Returns the index after the multi-byte scalar starting at `index`, or throws.
    static func skipScalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) throws(JSONParseError) -> Int {
        let lead = bytes[index]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: throw JSONParseError("invalid UTF-8", at: index)
        }
        guard index + length <= bytes.count else { throw JSONParseError("invalid UTF-8", at: index) }
        let second = bytes[index + 1]
        guard second >= lower, second <= upper else { throw JSONParseError("invalid UTF-8", at: index) }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
            throw JSONParseError("invalid UTF-8", at: index)
        }
        return index + length
    }
}
