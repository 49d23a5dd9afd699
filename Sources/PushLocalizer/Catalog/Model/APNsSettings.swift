/// `aps.interruption-level` values.
public enum InterruptionLevel: String, Sendable, Hashable, CaseIterable {
    /// Delivered quietly.
    case passive
    /// The default.
    case active
    /// Breaks through Focus.
    case timeSensitive = "time-sensitive"
    /// Breaks through the mute switch; needs an Apple entitlement.
    case critical
}

/// The `apns-push-type` header values.
public enum PushType: String, Sendable, Hashable, CaseIterable {
    /// A visible notification (the default).
    case alert
    /// A content-available update.
    case background
    /// A VoIP call (budget 5120 bytes).
    case voip
    /// A location query.
    case location
    /// A watch complication update.
    case complication
    /// A File Provider update.
    case fileprovider
    /// A device management push.
    case mdm
    /// A Live Activity update.
    case liveactivity
    /// A Push to Talk update.
    case pushtotalk
    /// A widget reload.
    case widgets
    /// A Control Center control reload.
    case controls

    /// The APNs payload limit for this push type: 5120 bytes for VoIP, 4096 otherwise, as APNs allows.
    public var defaultBudget: Int { self == .voip ? 5120 : 4096 }
}

/// A template's `apns` map: the `aps` fields and request headers it sets.
///
/// String fields are ``SourceText``s because they may use `{args}`.
public struct APNsSettings: Sendable, Hashable {
    /// `aps.category`.
    public var category: SourceText?
    /// `aps.thread-id`.
    public var threadID: SourceText?
    /// `aps.sound` (a sound file name or `default`).
    public var sound: SourceText?
    /// `aps.interruption-level`.
    public var interruptionLevel: InterruptionLevel?
    /// `aps.relevance-score`, from 0 to 1.
    public var relevanceScore: Double?
    /// `aps.target-content-id`.
    public var targetContentID: SourceText?
    /// `aps.badge`, a non-negative integer.
    public var badge: Int?
    /// Header `apns-push-type`; `alert` unless the template says otherwise.
    public var pushType: PushType
    /// Header `apns-priority`: 10, 5 or 1.
    public var priority: Int?
    /// Header `apns-collapse-id`; at most 64 bytes once rendered.
    public var collapseID: SourceText?
    /// Seconds from render time, for header `apns-expiration`.
    public var expiration: Int?

    /// Creates settings; every field is optional and the push type defaults to `alert`.
    /// - Parameters:
    ///   - category: `aps.category`.
    ///   - threadID: `aps.thread-id`.
    ///   - sound: `aps.sound`.
    ///   - interruptionLevel: `aps.interruption-level`.
    ///   - relevanceScore: `aps.relevance-score`.
    ///   - targetContentID: `aps.target-content-id`.
    ///   - badge: `aps.badge`.
    ///   - pushType: header `apns-push-type`.
    ///   - priority: header `apns-priority`.
    ///   - collapseID: header `apns-collapse-id`.
    ///   - expiration: seconds until header `apns-expiration`.
    public init(
        category: SourceText? = nil,
        threadID: SourceText? = nil,
        sound: SourceText? = nil,
        interruptionLevel: InterruptionLevel? = nil,
        relevanceScore: Double? = nil,
        targetContentID: SourceText? = nil,
        badge: Int? = nil,
        pushType: PushType = .alert,
        priority: Int? = nil,
        collapseID: SourceText? = nil,
        expiration: Int? = nil
    ) {
        self.category = category
        self.threadID = threadID
        self.sound = sound
        self.interruptionLevel = interruptionLevel
        self.relevanceScore = relevanceScore
        self.targetContentID = targetContentID
        self.badge = badge
        self.pushType = pushType
        self.priority = priority
        self.collapseID = collapseID
        self.expiration = expiration
    }
}
