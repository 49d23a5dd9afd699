import Testing

@testable import PushLocalizer

/// `StringTable` (render-path lookups by template key and locale tag) against a dictionary.
@Suite("StringTable")
struct StringTableTests {
    /// Keys of every length from 0 to 40 bytes, sharing prefixes and suffixes, ASCII and not.
    static var keys: [String] {
        var keys: [String] = [""]
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz_0123456789-")
        for length in 1...40 {
            keys.append(
                String(alphabet.prefix(length % alphabet.count + 1)).padding(
                    toLength: length,
                    withPad: "x",
                    startingAt: 0
                )
            )
            keys.append(String(repeating: "a", count: length))
            keys.append(String(repeating: "a", count: length - 1) + "b")
            keys.append("b" + String(repeating: "a", count: length - 1))
        }
        keys += [
            "en", "en-GB", "pt-BR", "zh-Hans", "zh-Hant", "ar", "photo_liked_by", "photo_liked_by_2", "Zażółć", "日本語",
            "👨‍👩‍👧",
        ]
        return keys
    }

    @Test("finds every key it holds, and no other")
    func lookups() {
        let keys = Self.keys
        var expected: [String: Int] = [:]
        for (index, key) in keys.enumerated() { expected[key] = index }
        let table = StringTable(keys.enumerated().map { (key: $0.element, value: $0.offset) })
        for (key, value) in expected {
            #expect(table[key] == value, "\(key.debugDescription)")
        }
        #expect(table.count == expected.count)
        for absent in ["c", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "en-US", "photo_liked", "Zazolc", "x"] {
            #expect(table[absent] == nil, "\(absent)")
        }
    }

    @Test("keeps the last value of a repeated key, and its first position")
    func repeatedKeys() {
        let table = StringTable([(key: "en", value: 1), (key: "ru", value: 2), (key: "en", value: 3)])
        #expect(table["en"] == 3)
        #expect(table["ru"] == 2)
        #expect(table.allKeys == ["en", "ru"])
    }

    @Test("matches as a dictionary does: canonically equivalent spellings find each other")
    func canonicalEquivalence() {
        let probes = [
            "K", "\u{212A}", "OK", "O\u{212A}", "OKAY", "OKAY".replacingOccurrences(of: "K", with: "\u{212A}"), "Kb",
            "\u{212A}b", "PK", ";", "\u{037E}", "`", "\u{1FEF}", "caf\u{E9}", "cafe\u{301}", "\u{C5}", "A\u{30A}",
            "\u{212B}", "ko-KR", "ko-\u{212A}R", "x",
        ]
        let keySets = [
            ["K", "OK", "OKAY", "Kb", "PK", "ko-KR"],
            ["\u{212A}", "caf\u{E9}", "\u{C5}", ";"],
            ["O\u{212A}", "cafe\u{301}", "A\u{30A}", "`", "x", "K"],
            (0..<40).map { "key_\($0)" } + ["K", "\u{1FEF}"],
        ]
        for keys in keySets {
            let table = StringTable(keys.enumerated().map { (key: $0.element, value: $0.offset) })
            var dictionary: [String: Int] = [:]
            for (index, key) in keys.enumerated() { dictionary[key] = index }
            for probe in probes + keys {
                #expect(
                    table[probe] == dictionary[probe],
                    "\(probe.unicodeScalars.map { String($0.value, radix: 16) }) in \(keys)"
                )
            }
        }
    }

    @Test("an empty table finds nothing")
    func empty() {
        let table = StringTable<Int>([])
        #expect(table[""] == nil)
        #expect(table["en"] == nil)
    }
}
