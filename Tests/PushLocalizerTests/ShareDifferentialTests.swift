import ICUKit
import Testing

@testable import PushLocalizer

/// The fast fair-share cutting (`ShareCuts`) against a plain reference: the algorithm as it was
/// before the fast paths (full measuring, one ICU grapheme step per claim and round), written with
/// ICU-only boundary queries and byte-by-byte escaped sizes. Every output must be byte-identical.
@Suite struct ShareDifferentialTests {
    /// The reference, kept deliberately naive.
    struct Reference {
        let ellipsis: [UInt8]
        let locale: String

        static func escapedSize(_ bytes: ArraySlice<UInt8>) -> Int {
            bytes.reduce(0) { total, byte in
                switch byte {
                case 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x22, 0x5C: total + 2
                case 0..<0x20: total + 6
                default: total + 1
                }
            }
        }

        func graphemeBefore(_ offset: Int, _ text: [UInt8]) -> Int {
            text.withUnsafeBufferPointer { TextBoundaries.icuGraphemeBoundary(atOrBefore: offset, in: $0) }
        }

        func graphemeAfter(_ offset: Int, _ text: [UInt8]) -> Int {
            text.withUnsafeBufferPointer { TextBoundaries.icuGraphemeBoundary(after: offset, in: $0) }
        }

        func graphemePrefix(_ text: [UInt8], limit: Int) -> Int {
            var size = 0
            var end = 0
            while end < text.count {
                let cost = Self.escapedSize(text[end..<end + 1])
                if size + cost > limit { break }
                size += cost
                end += 1
            }
            return end == text.count ? end : graphemeBefore(end, text)
        }

        func wordAligned(_ text: [UInt8], cut: Int) -> Int {
            guard cut > 0, cut < text.count else { return cut }
            var boundary = TextBoundaries.wordBoundary(atOrBefore: cut, in: text, locale: locale)
            while boundary > 0, graphemeBefore(boundary, text) != boundary {
                boundary = TextBoundaries.wordBoundary(atOrBefore: boundary - 1, in: text, locale: locale)
            }
            while boundary > 0, [0x20, 0x09, 0x0A, 0x0D].contains(text[boundary - 1]) {
                boundary = graphemeBefore(boundary - 1, text)
            }
            guard boundary > 0, Self.escapedSize(text[boundary..<cut]) <= TextCutter.wordBackoffLimit else {
                return cut
            }
            return boundary
        }

        func share(_ claims: [Claim], available: Int) -> [[UInt8]] {
            let ellipsisSize = Self.escapedSize(ellipsis[...])
            let sizes = claims.map { Self.escapedSize($0.text[...]) }
            let shares = FairShare.shares(
                for: zip(sizes, claims).map { FairShare.Claim(size: $0, occurrences: $1.occurrences) },
                available: available
            )
            var cuts: [Int?] = claims.indices.map { index in
                sizes[index] <= shares[index]
                    ? nil : graphemePrefix(claims[index].text, limit: shares[index] - ellipsisSize)
            }
            var hasEllipsis = claims.indices.map { cuts[$0] != nil && shares[$0] >= ellipsisSize }
            var prefixSizes = claims.indices.map { index in
                cuts[index].map { Self.escapedSize(claims[index].text[..<$0]) } ?? sizes[index]
            }
            func used(_ index: Int) -> Int {
                guard cuts[index] != nil else { return sizes[index] * claims[index].occurrences }
                return (prefixSizes[index] + (hasEllipsis[index] ? ellipsisSize : 0)) * claims[index].occurrences
            }
            var remaining = available - claims.indices.reduce(0) { $0 + used($1) }
            var grew = true
            while grew {
                grew = false
                for index in claims.indices {
                    guard let cut = cuts[index], cut < claims[index].text.count else { continue }
                    let restore = sizes[index] * claims[index].occurrences - used(index)
                    if restore <= remaining {
                        cuts[index] = nil
                        remaining -= restore
                        grew = true
                        continue
                    }
                    let next = graphemeAfter(cut, claims[index].text)
                    let grapheme = Self.escapedSize(claims[index].text[cut..<next])
                    var cost = grapheme * claims[index].occurrences
                    if !hasEllipsis[index] { cost += ellipsisSize * claims[index].occurrences }
                    if cost <= remaining {
                        cuts[index] = next
                        prefixSizes[index] += grapheme
                        hasEllipsis[index] = true
                        remaining -= cost
                        grew = true
                    }
                }
            }
            return claims.indices.map { index in
                guard let cut = cuts[index], cut < claims[index].text.count else { return claims[index].text }
                guard hasEllipsis[index] else { return [] }
                return Array(claims[index].text[..<wordAligned(claims[index].text, cut: cut)]) + ellipsis
            }
        }
    }

    /// Text pieces: ASCII words, Polish, CJK, ZWJ emoji, quotes, backslashes, controls, CR LF.
    static let pieces: [String] = [
        "Anna ", "Maria-José ", "O'Brien ", "the quick brown fox ", "x", "1234567", "  ", "\t", "Zażółć ",
        "gęślą jaźń ", "Łódź", "東京タワー", "日本語のテキスト", "北京 ", "한국어 ", "👨‍👩‍👧‍👦", "🏳️‍🌈", "👍🏽",
        "🇵🇱🇯🇵", "\"", "\\", "\\\"", "\r\n", "\r", "\n", "\u{1}", "\u{1F}", "\u{7F}", "e\u{301}", "\u{0600}1",
        "क्षत्रिय ", "مرحبا ", "…", "\u{200D}", "\r\n\r\n", "a\r\nb",
    ]

    static func text(bytes target: Int, asciiHeavy: Bool, using generator: inout BudgetRandom) -> [UInt8] {
        var text: [UInt8] = []
        while text.count < target {
            let piece =
                asciiHeavy && Int.random(in: 0..<4, using: &generator) != 0
                ? "word\(Int.random(in: 0..<1000, using: &generator)) "
                : pieces.randomElement(using: &generator) ?? "a"
            text.append(contentsOf: piece.utf8)
        }
        return text
    }

    @Test("ShareCuts equals the reference on random claims and budgets", arguments: ["en", "pl", "ja", "zh-Hans"])
    func differential(locale: String) {
        var generator = BudgetRandom(seed: 0x5EED_0000 &+ UInt64(locale.utf8.count))
        let ellipses: [[UInt8]] = [Array("…".utf8), Array("...".utf8), [], Array("\"".utf8)]
        var mismatches = 0
        for round in 0..<1_000 {
            let ellipsis = ellipses[round % ellipses.count]
            let cutter = TextCutter(ellipsis: ellipsis, locale: locale)
            let reference = Reference(ellipsis: ellipsis, locale: locale)
            let claims = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                let length = [0, 1, 5, 20, 60, 300, 2_400].randomElement(using: &generator) ?? 20
                return Claim(
                    text: Self.text(
                        bytes: Int.random(in: 0...length, using: &generator),
                        asciiHeavy: Bool.random(using: &generator),
                        using: &generator
                    ),
                    occurrences: [0, 1, 1, 1, 2, 3].randomElement(using: &generator) ?? 1
                )
            }
            let total = claims.reduce(0) { $0 + Reference.escapedSize($1.text[...]) * $1.occurrences }
            let available = Int.random(in: -5...(total + 10), using: &generator)
            let expected = reference.share(claims, available: available)
            let actual = ShareCuts.share(claims, available: available, cutter: cutter)
            if actual != expected {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record(
                        """
                        round \(round), available \(available), ellipsis \(ellipsis), claims \
                        \(claims.map { (String(decoding: $0.text, as: UTF8.self), $0.occurrences) }): \
                        got \(actual.map { String(decoding: $0, as: UTF8.self) }), \
                        expected \(expected.map { String(decoding: $0, as: UTF8.self) })
                        """
                    )
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("hostile texts: ShareCuts equals the reference")
    func hostile() {
        var generator = BudgetRandom(seed: 0xC0FFEE)
        let cutter = TextCutter(ellipsis: Array("…".utf8), locale: "en")
        let reference = Reference(ellipsis: Array("…".utf8), locale: "en")
        var mismatches = 0
        for _ in 0..<500 {
            let claims = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                Claim(
                    text: Array(HostileText.make(bytes: HostileText.length(using: &generator), using: &generator).utf8),
                    occurrences: Int.random(in: 1...2, using: &generator)
                )
            }
            let total = claims.reduce(0) { $0 + Reference.escapedSize($1.text[...]) * $1.occurrences }
            let available = Int.random(in: 0...(total + 4), using: &generator)
            if ShareCuts.share(claims, available: available, cutter: cutter)
                != reference.share(claims, available: available)
            {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }
}
