extension MessageParser.State {
    /// ICU's limit on the length of one name, selector or style (`MessagePattern::Part::MAX_LENGTH`),
    /// in UTF-16 code units.
    static let maximumTokenLength = 0xFFFF

    /// The code point starting at `offset` and its length in bytes.
    ///
    /// The bytes come from a Swift `String`, so they are well-formed UTF-8.
    func scalar(at offset: Int) -> (value: UInt32, length: Int) {
        let lead = bytes[offset]
        if lead < 0x80 {
            return (UInt32(lead), 1)
        }
        var length = 2
        var value = UInt32(lead & 0x1F)
        if lead >= 0xF0 {
            length = 4
            value = UInt32(lead & 0x07)
        } else if lead >= 0xE0 {
            length = 3
            value = UInt32(lead & 0x0F)
        }
        for continuation in bytes[(offset + 1)..<min(offset + length, bytes.count)] {
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        return (value, length)
    }

    /// The offset of the first character at or after `offset` that is not Pattern_White_Space.
    func skipWhiteSpace(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte == 0x20 || (0x09...0x0D).contains(byte) else { break }
                index += 1
                continue
            }
            let (value, length) = scalar(at: index)
            guard PatternCharacters.isWhiteSpace(value) else { break }
            index += length
        }
        return index
    }

    /// The offset of the first Pattern_White_Space or Pattern_Syntax character at or after `offset`.
    func skipIdentifier(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            let (value, length) = scalar(at: index)
            guard !PatternCharacters.endsIdentifier(value) else { break }
            index += length
        }
        return index
    }

    /// The offset just past the run of ASCII letters at `offset` (an argument type word).
    func skipLetters(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index].isASCIILetter {
            index += 1
        }
        return index
    }

    /// The offset just past the run of characters ICU's `skipDouble` takes for a number:
    /// `0-9 + - . e E` and U+221E `∞`.
    func skipNumber(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            case 0xE2 where scalar(at: index).value == 0x221E:
                index += 3
            default:
                return index
            }
        }
        return index
    }

    /// The length of `range` in UTF-16 code units, the unit of ICU's length limits.
    func utf16Length(_ range: Range<Int>) -> Int {
        var length = 0
        for byte in bytes[range] {
            if byte & 0xC0 != 0x80 {
                length += 1
            }
            if byte >= 0xF0 {
                length += 1
            }
        }
        return length
    }
}
