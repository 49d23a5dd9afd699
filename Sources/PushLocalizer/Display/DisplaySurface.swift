/// A place on a phone where a notification is shown, as the preview page and the
/// `display-truncation` lint rule lay it out (docs/preview.md).
public enum DisplaySurface: String, Sendable, Hashable, CaseIterable {
    /// iOS lock screen and Notification Center: title 1 line, body 4.
    case iosLockScreen = "ios-lock-screen"
    /// iOS banner over an unlocked screen: title 1 line, body 2.
    case iosBanner = "ios-banner"
    /// iOS expanded notification (long press): title 1 line, body 7.
    case iosExpanded = "ios-expanded"
    /// Android notification shade, collapsed: title 1 line, body 1.
    case androidCollapsed = "android-collapsed"
    /// Android notification shade, expanded (BigTextStyle): title 1 line, body up to 8.
    case androidExpanded = "android-expanded"

    /// Whether the surface is an Android one (its fonts are `display.fonts.android`).
    public var isAndroid: Bool {
        self == .androidCollapsed || self == .androidExpanded
    }

    /// The surface's name in sentences ("cut after 40 characters on the lock screen").
    public var displayName: String {
        switch self {
        case .iosLockScreen: "lock screen"
        case .iosBanner: "iOS banner"
        case .iosExpanded: "expanded iOS notification"
        case .androidCollapsed: "collapsed Android notification"
        case .androidExpanded: "expanded Android notification"
        }
    }
}
