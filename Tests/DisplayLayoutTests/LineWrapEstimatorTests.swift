import DisplayLayout
import PushLocalizer
import Testing

struct LineWrapEstimatorTests {
    @Test func englishIsLeftToRight() throws {
        let wrap = try LineWrapEstimator().wrap(
            "Hello",
            locale: "en",
            style: DisplayTextStyle(fontFamilies: ["Inter"], fontSize: 17, width: 343, maxLines: 4)
        )
        #expect(wrap.direction == .leftToRight)
    }
}
