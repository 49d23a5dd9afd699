extension String {
    /// Whether every byte is ASCII. Process-wide caches keyed by text from requests (locale tags,
    /// time zones) cache only such keys: `String` compares by canonical equivalence, so
    /// `"ko-\u{212A}R"` (KELVIN SIGN) equals `"ko-KR"` as a key while ICU reads the two differently;
    /// anything else is computed each time.
    var isASCII: Bool { utf8.allSatisfy { $0 < 0x80 } }
}
