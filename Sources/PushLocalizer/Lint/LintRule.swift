/// The lint rules (docs/lint-rules.md), with their fixed ids, default severities and help for people.
public enum LintRule: String, Sendable, Hashable, CaseIterable {
    case syntax
    case missingTranslation = "missing-translation"
    case obsoleteKey = "obsolete-key"
    case unknownArgument = "unknown-argument"
    case missingArgument = "missing-argument"
    case argumentType = "argument-type"
    case pluralMissingCategory = "plural-missing-category"
    case pluralUnknownCategory = "plural-unknown-category"
    case selectMissingOther = "select-missing-other"
    case untranslated
    case whitespace
    case invalidCharacter = "invalid-character"
    case apostrophe
    case budget
    case collapseID = "collapse-id"
    case localeTag = "locale-tag"
    case duplicateKey = "duplicate-key"
    case sourceLocaleFile = "source-locale-file"
    case unusedArgument = "unused-argument"
    case locKeyIncompatible = "loc-key-incompatible"
    case appleFormat = "apple-format"
    case fcmReservedKey = "fcm-reserved-key"
    case fcmTTL = "fcm-ttl"
    case fcmCollapseKeys = "fcm-collapse-keys"
    case fcmColor = "fcm-color"
    case displayTruncation = "display-truncation"

    /// The fixed rule id.
    public var id: String { rawValue }

    /// Errors by default (when on: see ``isOffByDefault``), except `untranslated`, `whitespace`, `unused-argument`, `apple-format`,
    /// `fcm-reserved-key`, `fcm-ttl` and `fcm-collapse-keys`, which are warnings
    /// (`fcm-reserved-key` is an error in a catalog whose templates set `fcm` fields).
    public var defaultSeverity: Severity {
        switch self {
        case .untranslated, .whitespace, .unusedArgument, .appleFormat, .fcmReservedKey, .fcmTTL, .fcmCollapseKeys,
            .displayTruncation:
            .warning
        default: .error
        }
    }

    /// Whether the rule reports nothing unless `pushloc.yaml` gives it a severity: `display-truncation`,
    /// whose answer is an estimate and needs a font stack the linter is handed only by `pushloc lint`.
    public var isOffByDefault: Bool {
        self == .displayTruncation
    }

    /// One line saying what the rule finds.
    public var summary: String {
        switch self {
        case .syntax: "The message is not valid ICU MessageFormat."
        case .missingTranslation: "A locale does not translate a template's message."
        case .obsoleteKey: "A locale translates a key or field the templates do not have."
        case .unknownArgument: "A message uses an argument its template does not declare."
        case .missingArgument: "A translation drops an argument the source message uses."
        case .argumentType: "An argument is used in a way its declared type does not allow."
        case .pluralMissingCategory: "A plural or selectordinal lacks a category the locale needs (CLDR)."
        case .pluralUnknownCategory: "A plural or selectordinal has a category the locale never uses (a dead branch)."
        case .selectMissingOther: "A plural, selectordinal or select has no `other` case."
        case .untranslated: "A translation is identical to the source text."
        case .whitespace: "A message has leading, trailing or doubled white space."
        case .invalidCharacter: "A message contains a bidi control, U+FFFD or a C0 control character."
        case .apostrophe: "An apostrophe starts quoted text that swallows part of the message."
        case .budget: "The worst-case fixed bytes leave too little room for the truncatable arguments."
        case .collapseID: "The apns-collapse-id is longer than 64 bytes."
        case .localeTag: "A locale file's name is not a valid BCP 47 tag."
        case .duplicateKey: "A key is defined twice."
        case .sourceLocaleFile: "A Locales/ file exists for the source locale, whose text lives in the templates."
        case .unusedArgument:
            "A template declares an argument that none of its messages, apns, fcm, webpush or data strings use."
        case .locKeyIncompatible:
            "A loc-keys template uses plural, select, dates or number styles, which loc-args cannot carry."
        case .appleFormat:
            "A message holds Apple format syntax: a printf specifier, implicit-order %@, or a lowercase \\u escape."
        case .fcmReservedKey: "A data key is one FCM reserves: from, message_type, or one starting with google. or gcm."
        case .fcmTTL: "The fcm ttl is longer than the 28 days FCM keeps a message."
        case .fcmCollapseKeys: "The catalog uses more than the 4 FCM collapse keys a device keeps."
        case .fcmColor: "The fcm color is not #rrggbb."
        case .displayTruncation: "A translation is cut on the iOS lock screen where the source text is not (estimated)."
        }
    }
}

/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// One finding of `pushloc lint`.
public struct Diagnostic: Sendable, Hashable {
    /// The rule.
    public var rule: LintRule
    /// Its severity after `pushloc.yaml`'s overrides.
    public var severity: Severity
    /// Where: the YAML file (relative to the catalog root), line and column (1-based, in
    /// Unicode scalars), pointing at the offending character inside the message when known.
    public var location: CatalogFileLocation
    /// The locale concerned, if any.
    public var locale: String?
    /// The template key concerned, if any.
    public var key: String?
    /// A sentence for people.
    public var message: String

    /// Creates a diagnostic.
    public init(
        rule: LintRule,
        severity: Severity,
        location: CatalogFileLocation,
        locale: String?,
        key: String?,
        message: String
    ) {
        self.rule = rule
        self.severity = severity
        self.location = location
        self.locale = locale
        self.key = key
        self.message = message
    }

    /// Hashes the place and the message's length only: lint dedupes tens of thousands of findings,
    /// few of which share a place, and equality still compares every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(location.line)
        hasher.combine(location.column)
        hasher.combine(location.file.utf8.count)
        hasher.combine(message.utf8.count)
    }
}

/// Everything `pushloc lint` found, sorted by file, line, column and rule.
public struct LintReport: Sendable, Hashable {
    /// The findings.
    public var diagnostics: [Diagnostic]
    /// How many are errors.
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    /// How many are warnings.
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// Creates a report.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// This report's findings and those of `other` (the problems that stopped loading) that this
    /// report does not already have under the same rule at the same place: a problem found both
    /// while loading and by a rule (a `collapse-id` too long) is reported once, in the rule's
    /// words. Different findings at one place within a report are all kept. Sorted by file, line,
    /// column, rule and message.
    public func merging(_ other: LintReport) -> LintReport {
        let found = Set(diagnostics.map { "\($0.rule.id)|\($0.location)" })
        var seen = Set<String>()
        var merged: [Diagnostic] = []
        for diagnostic in diagnostics + other.diagnostics.filter({ !found.contains("\($0.rule.id)|\($0.location)") })
        where seen.insert("\(diagnostic.rule.id)|\(diagnostic.location)|\(diagnostic.message)").inserted {
            merged.append(diagnostic)
        }
        merged.sort { lhs, rhs in
            if lhs.location != rhs.location { return lhs.location < rhs.location }
            if lhs.rule != rhs.rule { return lhs.rule.id < rhs.rule.id }
            return lhs.message < rhs.message
        }
        return LintReport(diagnostics: merged)
    }
}
