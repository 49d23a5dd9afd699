/// Sets a row's fields on each surface with the estimator, asking it once per text and style
/// (rows share titles, and the iOS surfaces share widths and fonts).
struct CardLayout {
    let estimator: any LineWrapEstimating
    let settings: DisplaySettings
    private var answers: [Question: LineWrap] = [:]

    private struct Question: Hashable {
        let text: String
        let locale: String
        let style: DisplayTextStyle
    }

    init(estimator: any LineWrapEstimating, settings: DisplaySettings) {
        self.estimator = estimator
        self.settings = settings
    }

    /// The card of `surface` for the payload's texts (Android shows no subtitle).
    mutating func card(
        _ surface: DisplaySurface,
        texts: [(field: MessageField, text: String, locale: String)]
    ) throws(LineWrapError) -> PreviewCard {
        var shown: [PreviewCardText] = []
        for entry in texts where !(surface.isAndroid && entry.field == .subtitle) {
            let style = entry.field == .body ? settings.bodyStyle(of: surface) : settings.titleStyle(of: surface)
            let wrap = try self.wrap(entry.text, locale: entry.locale, style: style)
            shown.append(
                PreviewCardText(field: entry.field, text: entry.text, locale: entry.locale, style: style, wrap: wrap)
            )
        }
        let main = shown.last { $0.field == .body } ?? shown.first
        return PreviewCard(
            surface: surface,
            direction: main?.wrap.direction ?? .leftToRight,
            lineCount: main?.wrap.lineCount ?? 1,
            texts: shown
        )
    }

    private mutating func wrap(
        _ text: String,
        locale: String,
        style: DisplayTextStyle
    ) throws(LineWrapError) -> LineWrap {
        let question = Question(text: text, locale: locale, style: style)
        if let known = answers[question] { return known }
        let answer = try estimator.wrap(text, locale: locale, style: style)
        answers[question] = answer
        return answer
    }
}
