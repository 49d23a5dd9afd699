import DisplayLayout
import PushLocalizer
import Testing

/// The estimator from many tasks at once: the shared caches (font lists, fonts, measurements) and
/// the per-thread ICU and HarfBuzz objects give every task the answer one task alone gets.
struct ConcurrentWrapTests {
    static let texts = [
        "Zofia started following you", "\u{2068}John Appleseed\u{2069} أرسل لك رسالة جديدة", "שלום עולם",
        "山田さんがあなたをフォローしました。", "คุณมีข้อความใหม่จากสมชาย", "👩‍👩‍👧 Family dinner 🍝🎉",
        "प्रिया ने आपको फ़ॉलो करना शुरू किया", "Анна начала читать вас",
    ]

    static func styles() -> [DisplayTextStyle] {
        [
            DisplayTextStyle(fontFamilies: ["Inter"], fontSize: 17, width: 120, maxLines: 2),
            DisplayTextStyle(fontFamilies: ["Noto Sans"], fontSize: 15, fontWeight: 700, width: 90, maxLines: 3),
            DisplayTextStyle(fontFamilies: ["No Such Family", "Inter"], fontSize: 21, width: 200, maxLines: 1),
        ]
    }

    @Test func manyTasksGetTheAnswersOfOne() async throws {
        let estimator = LineWrapEstimator()
        var expected: [LineWrap] = []
        for style in Self.styles() {
            for text in Self.texts {
                expected.append(try estimator.wrap(text, locale: "en", style: style))
            }
        }
        let answers = await withTaskGroup(of: [LineWrap?].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var answers: [LineWrap?] = []
                    for _ in 0..<20 {
                        answers = []
                        for style in Self.styles() {
                            for text in Self.texts {
                                answers.append(try? estimator.wrap(text, locale: "en", style: style))
                            }
                        }
                    }
                    return answers
                }
            }
            var all: [[LineWrap?]] = []
            for await answers in group { all.append(answers) }
            return all
        }
        #expect(answers.count == 8)
        for task in answers {
            #expect(task == expected)
        }
    }

    @Test func aLongTextIsLaidOut() throws {
        let text = String(repeating: "Zofia started following you. ", count: 4000)
        let style = DisplayTextStyle(fontFamilies: ["Inter"], fontSize: 17, width: 343, maxLines: 4)
        let wrap = try LineWrapEstimator().wrap(text, locale: "en", style: style)
        // 4,000 sentences of 29 characters, 4 words each: each word fits on a 343 px line, so there are
        // at most 16,000 lines; the narrowest of these characters in Inter at 17 px are i and l,
        // 4.03 px (Pango), so even at 3 px a character a line holds at most 114: over 1,000 lines.
        #expect(wrap.lineCount > 1000 && wrap.lineCount <= 16000)
        #expect(wrap.characterCount == 116_000)
        #expect(wrap.isCut)
    }
}
