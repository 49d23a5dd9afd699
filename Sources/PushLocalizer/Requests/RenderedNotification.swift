/// A rendered notification: the exact payload bytes, the APNs headers and a report.
public struct RenderedNotification: Sendable {
    /// The payload, exactly as it is to be sent (compact JSON, UTF-8).
    public var payload: [UInt8]
    /// APNs request headers in a fixed order (`apns-push-type`, `apns-priority`,
    /// `apns-expiration`, `apns-collapse-id`).
    public var headers: [(name: String, value: String)]
    /// The negotiated locale.
    public var locale: String
    /// Where the bytes went.
    public var report: RenderReport

    /// The payload as a string.
    public var payloadText: String { String(decoding: payload, as: UTF8.self) }
}

/// What a render did to fit the budget.
public struct RenderReport: Sendable, Hashable {
    /// The bytes the budget counts: the payload's size (APNs, Web Push), or the UTF-8 of the
    /// notification's title and body and of every data key and value (FCM).
    public var bytes: Int
    /// The budget it had to fit.
    public var budget: Int
    /// The locale actually used for each field (per-key fallback may differ from the negotiated one).
    public var fieldLocales: FieldLocales
    /// Locales in `localization_content` (content mode), in payload order.
    public var includedLocales: [String]
    /// Optional locales left out to fit (content mode).
    public var droppedLocales: [String]
    /// Arguments that were shortened.
    public var trimmedArguments: [TrimmedArgument]
    /// Escaped bytes of the body given up in the body step of budget fitting (0 when the body is whole).
    public var bodyBytesTrimmed: Int
    /// The fitting steps that were needed (`full`, `arguments`, `locales`, `body`).
    public var steps: [String]
    /// Each requested tag and the catalog locale it matched, or that it matched nothing (then the
    /// render went on with the next tag, or the source locale). Filled by `Catalog.render` and by
    /// `PreparedTemplate.render` alike.
    public var negotiation: [LocaleMatch] = []
    /// FCM: the whole message's size in bytes (the budget counts only its text); nil elsewhere.
    public var messageBytes: Int?
}

extension RenderReport {
    /// The steps of a payload that fits at once (one array shared by every such render).
    static let fullSteps = ["full"]
    /// The steps of a content payload that fit once optional locales were dropped.
    static let localeSteps = ["full", "locales"]
    /// The steps of a payload that fit once arguments were trimmed.
    static let argumentSteps = ["full", "arguments"]

    /// The report of a payload that fit at once.
    init(fitAtOnce bytes: Int, budget: Int, fieldLocales: FieldLocales) {
        self.init(
            bytes: bytes,
            budget: budget,
            fieldLocales: fieldLocales,
            includedLocales: [],
            droppedLocales: [],
            trimmedArguments: [],
            bodyBytesTrimmed: 0,
            steps: Self.fullSteps
        )
    }
}

/// One shortened argument.
public struct TrimmedArgument: Sendable, Hashable {
    /// The argument's name.
    public var name: String
    /// UTF-8 bytes before trimming.
    public var bytesBefore: Int
    /// UTF-8 bytes after trimming, ellipsis included.
    public var bytesAfter: Int
    /// How many times it occurs in the payload.
    public var occurrences: Int
    /// Why: `max-bytes` or `budget`.
    public var reason: String
}

extension TrimmedArgument {
    /// An argument cut to share the budget (budget fitting's argument step).
    static func sharingBudget(name: String, bytesBefore: Int, bytesAfter: Int, occurrences: Int) -> TrimmedArgument {
        TrimmedArgument(
            name: name,
            bytesBefore: bytesBefore,
            bytesAfter: bytesAfter,
            occurrences: occurrences,
            reason: "budget"
        )
    }
}

/// The locale each `aps.alert` field was written in (nil: the field is not in the payload).
public struct FieldLocales: Sendable, Hashable {
    /// The title's locale.
    public var title: String?
    /// The subtitle's locale.
    public var subtitle: String?
    /// The body's locale.
    public var body: String?

    /// Creates an empty set: no field written.
    public init() {}

    /// The locale of `field`.
    public subscript(field: MessageField) -> String? {
        get {
            switch field {
            case .title: title
            case .subtitle: subtitle
            case .body: body
            }
        }
        set {
            switch field {
            case .title: title = newValue
            case .subtitle: subtitle = newValue
            case .body: body = newValue
            }
        }
    }
}
