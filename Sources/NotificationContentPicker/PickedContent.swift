/// The text a Notification Service Extension should show, as chosen by `NotificationContentPicker`.
public struct PickedContent: Sendable, Equatable {
    /// The title, or nil when the chosen text has none.
    public var title: String?
    /// The subtitle, or nil when the chosen text has none.
    public var subtitle: String?
    /// The body, or nil when the chosen text has none.
    public var body: String?
    /// The `localization_content` key whose text was chosen, as the payload spells it (`"en-GB"`,
    /// also when that key is an alias of `"en"`); nil when the text is the original `aps.alert`.
    public var locale: String?

    /// Creates a picked content.
    /// - Parameters:
    ///   - title: The title.
    ///   - subtitle: The subtitle.
    ///   - body: The body.
    ///   - locale: The `localization_content` key chosen, nil for the `aps.alert` fallback.
    public init(title: String? = nil, subtitle: String? = nil, body: String? = nil, locale: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.locale = locale
    }
}
