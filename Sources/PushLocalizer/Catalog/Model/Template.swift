/// The translatable fields of a notification.
public enum MessageField: String, Sendable, Hashable, CaseIterable {
    /// `aps.alert.title`.
    case title
    /// `aps.alert.subtitle`.
    case subtitle
    /// `aps.alert.body`.
    case body

    /// The field's key in `aps.alert`, as written into payloads.
    var key: StaticString {
        switch self {
        case .title: "title"
        case .subtitle: "subtitle"
        case .body: "body"
        }
    }
}

/// One template of `Templates/*.yaml`: the source-locale messages and everything that is not
/// translated (arguments, `apns`, `fcm`, `webpush`, `data`, `loc-keys`, `budget`).
public struct Template: Sendable, Hashable {
    /// The template key (loc-key style: letters, digits, `.`, `_`, `-`).
    public var key: String
    /// Context for translators.
    public var description: String?
    /// The declared arguments, in file order.
    public var arguments: [ArgumentDeclaration]
    /// The source-locale messages; at least `title` or `body` is present.
    public var messages: [MessageField: SourceText]
    /// `aps` fields and headers.
    public var apns: APNsSettings
    /// Whether the template has an `apns` map (an FCM message then carries the APNs payload too).
    public var hasAPNsSettings: Bool
    /// FCM message fields (`fcm`).
    public var fcm: FCMSettings
    /// Web Push options and headers (`webpush`).
    public var webpush: WebPushSettings
    /// Custom top-level payload keys, in file order.
    public var data: [DataEntry]
    /// The keys the app bundle uses for loc-key mode, per field.
    public var locKeys: [MessageField: String]
    /// A per-template byte budget (at most 5120).
    public var budget: Int?
    /// Where the template key is written.
    public var location: CatalogFileLocation

    /// Creates a template.
    /// - Parameters:
    ///   - key: the template key.
    ///   - description: context for translators.
    ///   - arguments: the declared arguments.
    ///   - messages: the source-locale messages.
    ///   - apns: `aps` fields and headers.
    ///   - hasAPNsSettings: whether the template has an `apns` map (default: `apns` differs
    ///     from the defaults).
    ///   - fcm: FCM message fields.
    ///   - webpush: Web Push options and headers.
    ///   - data: custom payload keys.
    ///   - locKeys: loc-key mode keys.
    ///   - budget: the template's byte budget.
    ///   - location: where the key is written.
    public init(
        key: String,
        description: String? = nil,
        arguments: [ArgumentDeclaration] = [],
        messages: [MessageField: SourceText],
        apns: APNsSettings = APNsSettings(),
        hasAPNsSettings: Bool? = nil,
        fcm: FCMSettings = FCMSettings(),
        webpush: WebPushSettings = WebPushSettings(),
        data: [DataEntry] = [],
        locKeys: [MessageField: String] = [:],
        budget: Int? = nil,
        location: CatalogFileLocation
    ) {
        self.key = key
        self.description = description
        self.arguments = arguments
        self.messages = messages
        self.apns = apns
        self.hasAPNsSettings = hasAPNsSettings ?? (apns != APNsSettings())
        self.fcm = fcm
        self.webpush = webpush
        self.data = data
        self.locKeys = locKeys
        self.budget = budget
        self.location = location
    }

    /// The declaration of the argument called `name`, if the template declares one.
    /// - Parameter name: an argument name.
    /// - Returns: its declaration.
    public func argument(named name: String) -> ArgumentDeclaration? {
        arguments.first { $0.name == name }
    }
}
