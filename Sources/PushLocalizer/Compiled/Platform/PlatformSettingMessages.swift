import MessageFormat

/// A template's `fcm` and `webpush` strings, compiled in the source locale (they may use
/// `{args}`); nil where the template does not set one.
struct PlatformSettingMessages: Sendable {
    var fcmCollapseKey: CompiledMessage?
    var fcmChannelID: CompiledMessage?
    var fcmTag: CompiledMessage?
    var fcmIcon: CompiledMessage?
    var fcmColor: CompiledMessage?
    var fcmSound: CompiledMessage?
    var fcmClickAction: CompiledMessage?
    var webPushTopic: CompiledMessage?
    var webPushIcon: CompiledMessage?
    var webPushBadge: CompiledMessage?
    var webPushTag: CompiledMessage?

    /// The strings of FCM's `android.notification`, in the order the message writes them, with
    /// their keys: those the template sets.
    var androidNotification: [(key: StaticString, message: CompiledMessage)] {
        let strings: [(StaticString, CompiledMessage?)] = [
            ("channel_id", fcmChannelID), ("tag", fcmTag), ("icon", fcmIcon), ("color", fcmColor),
            ("sound", fcmSound), ("click_action", fcmClickAction),
        ]
        return strings.compactMap { key, message in message.map { (key: key, message: $0) } }
    }

    /// Every message set.
    var all: [CompiledMessage] {
        [
            fcmCollapseKey, fcmChannelID, fcmTag, fcmIcon, fcmColor, fcmSound, fcmClickAction, webPushTopic,
            webPushIcon, webPushBadge, webPushTag,
        ].compactMap { $0 }
    }
}
