/// What content mode does with optional locales that do not fit (`overflow`).
public enum OverflowPolicy: String, Sendable, Hashable, CaseIterable {
    /// Leave them out, lowest priority first.
    case drop
    /// Trim their text.
    case trim
}

/// When string arguments are wrapped in FSI…PDI (`bidi-isolation`).
public enum BidiIsolation: String, Sendable, Hashable, CaseIterable {
    /// In right-to-left locales.
    case auto
    /// In every locale.
    case always
    /// Never.
    case never
}

/// A lint rule's severity as configured in `pushloc.yaml` (`lint.rules`).
public enum RuleSeverity: String, Sendable, Hashable, CaseIterable {
    /// Fails lint.
    case error
    /// Reported; fails only with `--strict`.
    case warning
    /// Not reported.
    case off
}

/// The settings of `pushloc.yaml`; every field is optional (docs/catalog-format.md).
public struct CatalogSettings: Sendable, Hashable {
    /// The locale of the templates' own text (`source-locale`).
    public var sourceLocale: String = "en"
    /// The order in which content mode includes optional locales (`locale-priority`).
    public var localePriority: [String] = []
    /// `overflow`.
    public var overflow: OverflowPolicy = .drop
    /// `bidi-isolation`.
    public var bidiIsolation: BidiIsolation = .auto
    /// The text appended where an argument or body is trimmed (`ellipsis`).
    public var ellipsis: String = "…"
    /// Severity overrides by rule id (`lint: { rules: { untranslated: off } }`).
    public var lintRules: [String: RuleSeverity] = [:]
    /// The phone surfaces of the preview page and of `display-truncation` (`display`).
    public var display = DisplaySettings()

    /// Creates settings; the defaults are those of a catalog without `pushloc.yaml`.
    /// - Parameters:
    ///   - sourceLocale: the templates' locale.
    ///   - localePriority: content mode's locale order.
    ///   - overflow: what to do with optional locales that do not fit.
    ///   - bidiIsolation: when to isolate string arguments.
    ///   - ellipsis: the trimming mark.
    ///   - lintRules: severity overrides.
    ///   - display: the surfaces' layouts and fonts.
    public init(
        sourceLocale: String = "en",
        localePriority: [String] = [],
        overflow: OverflowPolicy = .drop,
        bidiIsolation: BidiIsolation = .auto,
        ellipsis: String = "…",
        lintRules: [String: RuleSeverity] = [:],
        display: DisplaySettings = DisplaySettings()
    ) {
        self.sourceLocale = sourceLocale
        self.localePriority = localePriority
        self.overflow = overflow
        self.bidiIsolation = bidiIsolation
        self.ellipsis = ellipsis
        self.lintRules = lintRules
        self.display = display
    }

    /// The lint rule ids that `lint.rules` accepts; any other name is an `unknown-field` error.
    /// Kept here rather than read from `LintRule` so that loading knows nothing of the linter;
    /// `LintSettingsTests` checks that the two lists agree.
    public static let knownLintRules: [String] = [
        "syntax", "missing-translation", "obsolete-key", "unknown-argument", "missing-argument",
        "argument-type", "plural-missing-category", "plural-unknown-category", "select-missing-other",
        "untranslated", "whitespace", "invalid-character", "apostrophe", "budget", "collapse-id",
        "locale-tag", "duplicate-key", "source-locale-file", "unused-argument", "loc-key-incompatible",
        "apple-format", "fcm-reserved-key", "fcm-ttl", "fcm-collapse-keys", "fcm-color", "display-truncation",
    ]
}
