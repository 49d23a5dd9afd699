/// What `pushloc preview --html` draws: per template, locale and argument set, the payload's size
/// and each phone surface's card, laid out by a ``LineWrapEstimating`` (docs/preview.md).
public struct PreviewPage: Sendable {
    /// The surfaces' layouts and fonts the cards were estimated with.
    public var settings: DisplaySettings
    /// One row per template, locale and argument set, in template, locale and variant order.
    public var rows: [PreviewRow]

    /// Creates a page.
    /// - Parameters:
    ///   - settings: the surfaces' layouts and fonts.
    ///   - rows: the rows.
    public init(settings: DisplaySettings, rows: [PreviewRow]) {
        self.settings = settings
        self.rows = rows
    }

    /// The cards on the page.
    public var cardCount: Int { rows.reduce(0) { $0 + $1.cards.count } }
}

/// Which arguments a row renders with.
public enum PreviewRowKind: String, Sendable, Hashable, CaseIterable {
    /// A variant `pushloc preview` lists: CLDR sample numbers, select keywords, made-up examples.
    case sample
    /// Each truncatable argument a long name in the locale's script, cut at its `max-bytes`.
    case longNames = "long-names"
    /// Truncatable arguments a right-to-left name in a left-to-right locale.
    case rightToLeftName = "rtl-name"
    /// Truncatable arguments a left-to-right name in a right-to-left locale.
    case leftToRightName = "ltr-name"
}

/// One argument set of one template in one locale: the APNs payload rendered with it and a card
/// per surface.
public struct PreviewRow: Sendable {
    /// The template key.
    public var key: String
    /// The catalog locale previewed.
    public var locale: String
    /// The tag asked for when it was negotiated to ``locale``; nil otherwise.
    public var requested: String?
    /// Which arguments.
    public var kind: PreviewRowKind
    /// The plural, selectordinal and select cases the arguments reach (`like_count=2 [two]`),
    /// empty when the messages select on nothing.
    public var variant: String
    /// The argument values, in declaration order.
    public var arguments: [(name: String, value: String)]
    /// The APNs payload's bytes; nil when the render failed.
    public var payloadBytes: Int?
    /// The payload's budget.
    public var budget: Int?
    /// The locale each field was written in, in payload order (title, subtitle, body).
    public var fieldLocales: [(field: MessageField, locale: String)]
    /// Arguments the render shortened, with why (`user_name: 120 → 120 bytes (max-bytes)`).
    public var trimmed: [String]
    /// Why the payload could not be rendered, if so.
    public var error: String?
    /// One card per surface (none when the render failed).
    public var cards: [PreviewCard]
}

/// One surface's card: each field as the estimator sets it.
public struct PreviewCard: Sendable {
    /// The surface.
    public var surface: DisplaySurface
    /// The paragraph direction of the body (of the title when there is no body): ICU's, from the
    /// estimator, where a leading isolated argument does not decide it.
    public var direction: TextDirection
    /// The lines the body takes with no limit (the title's when there is no body).
    public var lineCount: Int
    /// The fields shown: title, subtitle (iOS only) and body, as far as the payload has them.
    public var texts: [PreviewCardText]

    /// The first field the surface cuts, if any.
    public var firstCut: PreviewCardText? { texts.first { $0.wrap.isCut } }

    /// "fits", or "body cut after 61 characters on the lock screen".
    public var verdict: String {
        guard let cut = firstCut else { return "fits" }
        return "\(cut.field.rawValue) cut after \(cut.wrap.shownCharacters) characters on the \(surface.displayName)"
    }
}

/// One field of a card.
public struct PreviewCardText: Sendable {
    /// The field.
    public var field: MessageField
    /// The text as in the payload (bidi isolation marks included).
    public var text: String
    /// The locale the text is in (whose line breaking applies).
    public var locale: String
    /// The style it was estimated with.
    public var style: DisplayTextStyle
    /// The estimator's answer.
    public var wrap: LineWrap
}
