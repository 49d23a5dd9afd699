/// The render modes (docs/content-mode.md).
public enum RenderMode: String, Sendable, Hashable, CaseIterable {
    /// `aps.alert` resolved on the server in the negotiated locale.
    case resolved
    /// Every locale's text in `localization_content`, for the app's Notification Service Extension.
    case content
    /// `aps.alert` with `loc-key`s for apps that bundle the strings.
    case locKey = "loc-key"
    /// FCM's data-only message: every included locale's text in `data`, for the app to pick
    /// (FCM's counterpart of `content`, which FCM renders this way too).
    case data
}

/// Where an FCM message goes: exactly one of a device token, a topic or a condition.
public enum FCMTarget: Sendable, Hashable {
    /// `message.token`: one app instance.
    case token(String)
    /// `message.topic`: every subscriber of the topic.
    case topic(String)
    /// `message.condition`: a boolean expression over topics.
    case condition(String)
}

/// One notification to render for one user.
public struct RenderRequest: Sendable {
    /// The template key.
    public var key: String
    /// The user's languages, most preferred first (BCP 47, `_` tolerated).
    public var locales: [String]
    /// How the payload carries the text.
    public var mode: RenderMode
    /// Argument values by name (text, numbers, ISO-8601 dates or epoch milliseconds).
    public var arguments: [String: JSONValue]
    /// Byte budget (default: the template's, else 4096, or 5120 for VoIP). The library takes any
    /// positive budget; `pushloc render` and `batch` accept at most `RenderRequest.maximumBudget`.
    public var budget: Int?

    /// The largest payload APNs accepts for any push type (VoIP), and so the largest budget the
    /// command line accepts.
    public static let maximumBudget = 5120
    /// Push type (default: the template's, else alert).
    public var pushType: PushType?
    /// IANA time zone for dates and times (default UTC).
    public var timeZone: String?
    /// What content mode does with optional locales that do not fit.
    public var overflow: OverflowPolicy?
    /// Render time in seconds since 1970, for `apns-expiration` (default: now). Rounded down;
    /// when the template sets `expiration`, a time that is not finite, or that with the expiration
    /// added does not fit in 64 bits, fails the render with `invalid-request`.
    public var now: Double?
    /// The user's badge count, written as `aps.badge` (replacing the template's own). Pinned:
    /// never trimmed, its bytes count in the budget. From 0 to `maximumBadge`.
    public var badge: Int?
    /// Per-user keys written at the payload's top level after the template's own, in order.
    /// Pinned like `badge`. A key may not be `aps`, `localization_content` or one of the
    /// template's `data` keys; a repeated key keeps its last value.
    public var data: [(key: String, value: JSONValue)] = []
    /// The platform whose payload to write (default APNs).
    public var platform: Platform = .apns
    /// FCM only: the message's target, written into `message` (none: the caller adds it).
    public var target: FCMTarget?

    /// The largest `badge` (APNs takes a 32-bit count).
    public static let maximumBadge = 2_147_483_647

    /// Creates a request.
    public init(
        key: String,
        locales: [String],
        mode: RenderMode = .resolved,
        arguments: [String: JSONValue] = [:],
        budget: Int? = nil,
        pushType: PushType? = nil,
        timeZone: String? = nil,
        overflow: OverflowPolicy? = nil,
        now: Double? = nil,
        platform: Platform = .apns,
        target: FCMTarget? = nil
    ) {
        self.key = key
        self.locales = locales
        self.mode = mode
        self.arguments = arguments
        self.budget = budget
        self.pushType = pushType
        self.timeZone = timeZone
        self.overflow = overflow
        self.now = now
        self.platform = platform
        self.target = target
    }
}
