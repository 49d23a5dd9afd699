/// The push platforms a catalog renders for.
public enum Platform: String, Sendable, Hashable, CaseIterable {
    /// Apple Push Notification service (the default).
    case apns
    /// Firebase Cloud Messaging, HTTP v1 (`{"message": {…}}`).
    case fcm
    /// Web Push: the JSON a service worker passes to `showNotification`.
    case webpush
}

/// `android.priority` in an FCM message (`fcm.priority`: `high` or `normal`).
public enum FCMPriority: String, Sendable, Hashable, CaseIterable {
    /// `NORMAL`: delivered when the device is awake, may be batched.
    case normal
    /// `HIGH`: delivered at once, may wake the device.
    case high
}

/// A template's `fcm` map: what an FCM message carries besides the text.
///
/// String fields are ``SourceText``s because they may use `{args}`.
public struct FCMSettings: Sendable, Hashable {
    /// `android.priority` (`NORMAL` or `HIGH`).
    public var priority: FCMPriority?
    /// `android.ttl` in seconds (written as `"3600s"`). Any non-negative value loads; FCM keeps a
    /// message at most ``maximumTTL`` seconds (lint rule `fcm-ttl`).
    public var ttl: Int?
    /// Where the `ttl` value is written, for lint's findings about it; nil when there is none or
    /// the settings were built in code.
    public var ttlLocation: CatalogFileLocation?
    /// `android.collapse_key`.
    public var collapseKey: SourceText?
    /// `android.notification.channel_id`.
    public var channelID: SourceText?
    /// `android.notification.tag`.
    public var tag: SourceText?
    /// `android.notification.icon`.
    public var icon: SourceText?
    /// `android.notification.color`, `#rrggbb` (lint rule `fcm-color`).
    public var color: SourceText?
    /// `android.notification.sound`.
    public var sound: SourceText?
    /// `android.notification.click_action`.
    public var clickAction: SourceText?

    /// Creates settings; every field is optional.
    /// - Parameters:
    ///   - priority: `android.priority`.
    ///   - ttl: `android.ttl`, in seconds.
    ///   - ttlLocation: where `ttl` is written.
    ///   - collapseKey: `android.collapse_key`.
    ///   - channelID: `android.notification.channel_id`.
    ///   - tag: `android.notification.tag`.
    ///   - icon: `android.notification.icon`.
    ///   - color: `android.notification.color`.
    ///   - sound: `android.notification.sound`.
    ///   - clickAction: `android.notification.click_action`.
    public init(
        priority: FCMPriority? = nil,
        ttl: Int? = nil,
        ttlLocation: CatalogFileLocation? = nil,
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
        self.ttlLocation = ttlLocation
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

    /// The fields that may use `{args}`, by their key in the `fcm` map, in the map's documented order.
    public var templatedStrings: [(field: String, text: SourceText)] {
        let fields: [(String, SourceText?)] = [
            ("collapse-key", collapseKey), ("channel-id", channelID), ("tag", tag), ("icon", icon),
            ("color", color), ("sound", sound), ("click-action", clickAction),
        ]
        return fields.compactMap { field, text in text.map { (field, $0) } }
    }
}

/// Web Push's `Urgency` header values (RFC 8030 §5.3), as `webpush.urgency` writes them.
public enum WebPushUrgency: String, Sendable, Hashable, CaseIterable {
    /// `very-low`: only on power and Wi-Fi.
    case veryLow = "very-low"
    /// `low`: on power or Wi-Fi.
    case low
    /// `normal`: on neither power nor Wi-Fi.
    case normal
    /// `high`: even on low battery.
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
    /// Header `Topic`: at most 32 characters of the URL-safe base64 alphabet once rendered (a topic
    /// without `{args}` is checked when the catalog loads).
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
    /// - Parameters:
    ///   - ttl: header `TTL`, in seconds.
    ///   - urgency: header `Urgency`.
    ///   - topic: header `Topic`.
    ///   - icon: option `icon`.
    ///   - badge: option `badge`.
    ///   - tag: option `tag`.
    ///   - requireInteraction: option `requireInteraction`.
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

    /// The fields that may use `{args}`, by their key in the `webpush` map, in the map's documented order.
    public var templatedStrings: [(field: String, text: SourceText)] {
        let fields: [(String, SourceText?)] = [("topic", topic), ("icon", icon), ("badge", badge), ("tag", tag)]
        return fields.compactMap { field, text in text.map { (field, $0) } }
    }
}
