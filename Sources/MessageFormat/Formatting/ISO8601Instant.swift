/// Reads ISO-8601 instants: `2026-11-22T10:00:00Z`, `2026-11-22T11:00:00.250+01:00`,
/// `2026-11-22T10:00Z`, `+0100` offsets, a space instead of `T`; a bare date `2026-11-22` is
/// midnight UTC. A date-time without an offset is refused: its instant would be a guess.
public enum ISO8601Instant {
    /// Milliseconds since 1970-01-01T00:00:00Z, or nil when `text` is not such an instant.
    public static func epochMilliseconds(_ text: String) -> Double? {
        var reader = DigitReader(Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), (1...12).contains(month), reader.skip("-"),
            let day = reader.number(digits: 2), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        if reader.atEnd { return Double(days) * 86_400_000 }
        guard reader.skip("T") || reader.skip("t") || reader.skip(" "),
            let hour = reader.number(digits: 2), hour < 24, reader.skip(":"),
            let minute = reader.number(digits: 2), minute < 60
        else { return nil }
        var second = 0
        var milliseconds = 0
        if reader.skip(":") {
            guard let value = reader.number(digits: 2), value < 61 else { return nil }
            second = value
            if reader.skip(".") || reader.skip(",") {
                guard let value = reader.milliseconds() else { return nil }
                milliseconds = value
            }
        }
        let offsetMinutes: Int
        if reader.skip("Z") || reader.skip("z") {
            offsetMinutes = 0
        } else if let sign = reader.sign() {
            guard let hours = reader.number(digits: 2), hours < 24 else { return nil }
            _ = reader.skip(":")
            guard let minutes = reader.number(digits: 2), minutes < 60 else { return nil }
            offsetMinutes = sign * (hours * 60 + minutes)
        } else {
            return nil
        }
        guard reader.atEnd else { return nil }
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetMinutes * 60
        return Double(seconds * 1000 + milliseconds)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

private struct DigitReader {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += digits
        return value
    }

    /// Fraction-of-second digits as whole milliseconds (digits past the third are dropped).
    mutating func milliseconds() -> Int? {
        var value = 0
        var count = 0
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            if count < 3 { value = value * 10 + Int(bytes[index] - 0x30) }
            count += 1
            index += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 3) { value *= 10 }
        return value
    }

    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
