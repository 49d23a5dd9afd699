/// The push platforms a catalog renders for.
public enum Platform: String, Sendable, Hashable, CaseIterable {
    /// Apple Push Notification service (the default).
    case apns
    /// Firebase Cloud Messaging, HTTP v1 (`{"message": {…}}`).
    case fcm
    /// Web Push: the JSON a service worker passes to `showNotification`.
    case webpush
}

/// `android.priority` in an FCM message.
public enum FCMPriority: String, Sendable, Hashable, CaseIterable {
    case normal
    case high
}

/// A template's `fcm` map: what an FCM message carries besides the text.
///
/// String fields are ``SourceText``s because they may use `{args}`.
public struct FCMSettings: Sendable, Hashable {
    /// `android.priority` (`NORMAL` or `HIGH`).
    public var priority: FCMPriority?
    /// `android.ttl` in seconds (written as `"3600s"`), from 0 to 28 days.
    public var ttl: Int?
    /// `android.collapse_key`.
    public var collapseKey: SourceText?
    /// `android.notification.channel_id`.
    public var channelID: SourceText?
    /// `android.notification.tag`.
    public var tag: SourceText?
    /// `android.notification.icon`.
    public var icon: SourceText?
    /// `android.notification.color`, `#rrggbb`.
    public var color: SourceText?
    /// `android.notification.sound`.
    public var sound: SourceText?
    /// `android.notification.click_action`.
    public var clickAction: SourceText?

    /// Creates settings; every field is optional.
    public init(
        priority: FCMPriority? = nil,
        ttl: Int? = nil,
        collapseKey: SourceText? = nil,
        channelID: SourceText? = nil,
        tag: SourceText? = nil,
        icon: SourceText? = nil,
        color: SourceText? = nil,
        sound: SourceText? = nil,
        clickAction: SourceText? = nil
    ) {
        self.priority = priority
        self.ttl = ttl
        self.collapseKey = collapseKey
        self.channelID = channelID
        self.tag = tag
        self.icon = icon
        self.color = color
        self.sound = sound
        self.clickAction = clickAction
    }

    /// The longest `ttl` FCM keeps a message: 28 days, in seconds.
    public static let maximumTTL = 28 * 24 * 3600
}

/// Web Push's `Urgency` header values (RFC 8030).
public enum WebPushUrgency: String, Sendable, Hashable, CaseIterable {
    case veryLow = "very-low"
    case low
    case normal
    case high
}

/// A template's `webpush` map: the `showNotification` options and the push service's headers.
///
/// String fields are ``SourceText``s because they may use `{args}`.
public struct WebPushSettings: Sendable, Hashable {
    /// Header `TTL`, in seconds.
    public var ttl: Int?
    /// Header `Urgency`.
    public var urgency: WebPushUrgency?
    /// Header `Topic`: at most 32 characters of the URL-safe base64 alphabet once rendered.
    public var topic: SourceText?
    /// Option `icon` (a URL).
    public var icon: SourceText?
    /// Option `badge` (a URL of a small monochrome image).
    public var badge: SourceText?
    /// Option `tag`.
    public var tag: SourceText?
    /// Option `requireInteraction`.
    public var requireInteraction: Bool?

    /// Creates settings; every field is optional.
    public init(
        ttl: Int? = nil,
        urgency: WebPushUrgency? = nil,
        topic: SourceText? = nil,
        icon: SourceText? = nil,
        badge: SourceText? = nil,
        tag: SourceText? = nil,
        requireInteraction: Bool? = nil
    ) {
        self.ttl = ttl
        self.urgency = urgency
        self.topic = topic
        self.icon = icon
        self.badge = badge
        self.tag = tag
        self.requireInteraction = requireInteraction
    }

    /// The longest `Topic` header push services take.
    public static let maximumTopicLength = 32
}
