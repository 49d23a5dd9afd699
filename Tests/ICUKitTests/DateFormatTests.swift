import ICUKit
import Testing

/// 1_700_000_000_000 ms is 2023-11-14T22:13:20Z: 17:13 in New York (EST, UTC-5) and
/// 07:13 on 2023-11-15 in Tokyo (UTC+9). Expected texts are CLDR 42 patterns (ICU 72), whose
/// English times put U+202F NARROW NO-BREAK SPACE before AM/PM.
struct DateFormatTests {
    static let instant = 1_700_000_000_000.0

    private func format(
        _ locale: String,
        _ kind: DateFormatKind,
        _ style: String?,
        zone: String?
    ) throws -> String {
        let formatter = try ICUDateFormat(locale: locale, kind: kind, style: style)
        var bytes: [UInt8] = []
        try formatter.format(epochMilliseconds: Self.instant, timeZone: zone, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func defaultIsShortDateShortTimeInEachZone() throws {
        #expect(try format("en", .dateTime, nil, zone: nil) == "11/14/23, 10:13\u{202F}PM")
        #expect(try format("en", .dateTime, nil, zone: "UTC") == "11/14/23, 10:13\u{202F}PM")
        #expect(try format("en", .dateTime, nil, zone: "America/New_York") == "11/14/23, 5:13\u{202F}PM")
        #expect(try format("en", .dateTime, nil, zone: "Asia/Tokyo") == "11/15/23, 7:13\u{202F}AM")
    }

    @Test func styleKeywordsIgnoreCaseAndWhiteSpace() throws {
        #expect(try format("de", .date, " LONG ", zone: "UTC") == "14. November 2023")
        #expect(try format("de", .date, "long", zone: "Asia/Tokyo") == "15. November 2023")
        #expect(try format("en", .date, nil, zone: "UTC") == "Nov 14, 2023")
        #expect(try format("en", .date, "short", zone: "UTC") == "11/14/23")
        #expect(try format("de", .time, "short", zone: "America/New_York") == "17:13")
        #expect(try format("en", .date, "full", zone: "UTC") == "Tuesday, November 14, 2023")
    }

    @Test func skeletonsAndPatterns() throws {
        #expect(try format("en", .date, "::yMMMd", zone: "UTC") == "Nov 14, 2023")
        #expect(try format("fr", .time, " ::Hmm", zone: "Asia/Tokyo") == "07:13")
        #expect(try format("en", .date, "dd.MM.yyyy HH:mm", zone: "America/New_York") == "14.11.2023 17:13")
    }

    @Test func unknownTimeZoneThrows() throws {
        let formatter = try ICUDateFormat(locale: "en", kind: .dateTime, style: nil)
        var bytes: [UInt8] = []
        #expect(throws: ICUError.self) {
            try formatter.format(epochMilliseconds: Self.instant, timeZone: "Mars/Olympus_Mons", into: &bytes)
        }
        #expect(bytes.isEmpty)
    }

    @Test func timeZoneValidity() {
        #expect(TimeZones.isValid("Europe/Paris"))
        #expect(TimeZones.isValid("UTC"))
        #expect(!TimeZones.isValid("Mars/Olympus_Mons"))
        #expect(!TimeZones.isValid(""))
    }

    @Test func concurrentZonesDoNotInterfere() async throws {
        let formatter = try ICUDateFormat(locale: "de", kind: .time, style: "short")
        let zones = ["UTC": "22:13", "America/New_York": "17:13", "Asia/Tokyo": "07:13"]
        let allMatch = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<90 {
                let (zone, expected) = Array(zones)[index % 3]
                group.addTask {
                    var bytes: [UInt8] = []
                    try? formatter.format(epochMilliseconds: Self.instant, timeZone: zone, into: &bytes)
                    return String(decoding: bytes, as: UTF8.self) == expected
                }
            }
            return await group.allSatisfy { $0 }
        }
        #expect(allMatch)
    }
}
