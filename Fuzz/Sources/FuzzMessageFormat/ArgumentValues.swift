import MessageFormat

/// Values for a message's arguments, chosen by a flavour byte: texts that stress boundaries and
/// escaping, integers at Int64's ends, doubles that are not finite, long decimals, dates far out.
enum ArgumentValues {
    static let texts = [
        "", "x", "Zoë 👩‍👩‍👧", "\"\\\u{0}\n", "שלום", "one", "other", "few", "male", "2024-05-01T12:00:00+02:00",
    ]
    static let integers: [Int64] = [0, 1, 2, 5, 21, -1, 1_000_000, .max, .min, 101]
    static let doubles: [Double] = [
        0.5, -0.0, 1.0, 2.25, 1e21, -1e-7, .infinity, -.infinity, .nan, .greatestFiniteMagnitude,
    ]
    static let decimals = [
        "1", "1.50", "-0", "12345678901234567890123", "1e400", "-9223372036854775809", "0.000001", "x",
    ]
    static let dates: [Double] = [0, 1_700_000_000_000, -62_135_596_800_000, 8.64e15, -1, 1e300, .nan]

    /// One value per name: the flavour chooses the kind and the name's position the value.
    static func make(for names: [String], flavour: Int) -> [String: ArgumentValue] {
        var values: [String: ArgumentValue] = [:]
        for (index, name) in names.enumerated() {
            let choice = (flavour >> 3) &+ index &* 7
            switch (flavour &+ index) % 6 {
            case 0: values[name] = .string(texts[choice % texts.count])
            case 1: values[name] = .int(integers[choice % integers.count])
            case 2: values[name] = .double(doubles[choice % doubles.count])
            case 3: values[name] = .decimal(decimals[choice % decimals.count])
            case 4: values[name] = .date(epochMilliseconds: dates[choice % dates.count])
            default: if choice % 4 != 0 { values[name] = .int(Int64(choice % 40)) }
            }
        }
        return values
    }
}
