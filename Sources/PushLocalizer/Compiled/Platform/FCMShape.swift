import MessageFormat

/// Firebase Cloud Messaging (HTTP v1): what the budget counts. FCM counts the UTF-8 of the
/// notification's title and body and of every `data` key and value — not the message's JSON —
/// so this shape's outline is that text (`countsJSON` false: written as counted text, one token
/// per string): `resolved` the title, the body, then each custom data key and value; `loc-key`
/// every field's formatted arguments (the text the device shows in place of the title and body),
/// then the data. The planner, writer and fitter work on it as on any payload; the message
/// (`{"message": {…}}`) is then written around the fitted text (`FCMMessage`).
///
/// `data` messages carry every locale's text as one JSON string in `data`: that document is
/// fitted by `FCMContentShape`.
struct FCMShape: PayloadShape {
    func outline(of template: CompiledTemplate.Parts, mode: RenderMode) -> PayloadOutline {
        switch mode {
        case .locKey:
            PayloadOutline(head: [.localizationArgumentValues, .customData])
        case .resolved:
            PayloadOutline(
                head: [
                    .textField(.title, key: PayloadOutline.key("title")),
                    .textField(.body, key: PayloadOutline.key("body")),
                    .customData,
                ]
            )
        case .content, .data:
            // The data keys and values beside the content document.
            PayloadOutline(head: [.customData])
        }
    }

    func defaultBudget(pushType: PushType) -> Int {
        Self.defaultBudget
    }

    /// What FCM allows for a message's counted text.
    static let defaultBudget = 4096

    func headers(
        of template: CompiledTemplate.Parts,
        pushType: PushType,
        renderTime: () -> Double,
        setting: (CompiledMessage) throws(RenderError) -> String
    ) throws(RenderError) -> [(name: String, value: String)] {
        []
    }

    func fixedHeaders(of template: CompiledTemplate.Parts) -> [(name: String, value: String)]? {
        []
    }

    /// The two data keys a `data` message writes (FCM's own: `FCMSettings.reservation(of:)`).
    let reservedRootKeys: Set<String> = ["locale", "localization_content"]

    var countsJSON: Bool { false }
}

/// The document an FCM `data` message carries in `data.localization_content`: the content
/// entries object alone (`{"pl":{"title":…,"body":…},"en":{…},"en-GB":"en"}`). FCM counts it as
/// a string value, its JSON text byte for byte, so it is fitted as JSON, like APNs content mode,
/// to what the message's other data leaves of the budget.
struct FCMContentShape: PayloadShape {
    func outline(of template: CompiledTemplate.Parts, mode: RenderMode) -> PayloadOutline {
        PayloadOutline(head: [], content: .root)
    }

    func defaultBudget(pushType: PushType) -> Int {
        FCMShape.defaultBudget
    }

    /// The document has no headers of its own: the message's are FCM's (none).
    func headers(
        of template: CompiledTemplate.Parts,
        pushType: PushType,
        renderTime: () -> Double,
        setting: (CompiledMessage) throws(RenderError) -> String
    ) throws(RenderError) -> [(name: String, value: String)] {
        try FCMShape().headers(of: template, pushType: pushType, renderTime: renderTime, setting: setting)
    }

    func fixedHeaders(of template: CompiledTemplate.Parts) -> [(name: String, value: String)]? {
        FCMShape().fixedHeaders(of: template)
    }

    let reservedRootKeys: Set<String> = []
}
