/// One localization of an Apple string as the formats write it: a plain format string, a plural
/// or device variation, and `%#@NAME@` substitutions.
public indirect enum AppleVariant: Sendable, Hashable {
    /// A format string and its translation state (`translated`, `new`, `needs_review`, …).
    case unit(value: String, state: String?)
    /// Plural variations by Apple category (`zero`, `one`, `two`, `few`, `many`, `other`).
    case plural([String: AppleVariant])
    /// Device variations (`iphone`, `ipad`, `mac`, `other`, …).
    case device([String: AppleVariant])

    /// The states of every unit inside.
    public var states: [String?] {
        switch self {
        case .unit(_, let state): [state]
        case .plural(let cases), .device(let cases): cases.keys.sorted().flatMap { cases[$0]!.states }
        }
    }
}

/// A `%#@NAME@` substitution: the argument it reads and its plural variations.
public struct AppleSubstitution: Sendable, Hashable {
    /// The 1-based argument position (`argNum`), if given.
    public var argumentNumber: Int?
    /// The specifier `%arg` stands for (`lld`, `d`, `.2f`, …), without `%`.
    public var formatSpecifier: String
    /// The plural variations by Apple category.
    public var plural: [String: AppleVariant]

    /// Creates a substitution.
    public init(argumentNumber: Int?, formatSpecifier: String, plural: [String: AppleVariant]) {
        self.argumentNumber = argumentNumber
        self.formatSpecifier = formatSpecifier
        self.plural = plural
    }
}

/// One locale's localization of one key.
public struct AppleLocalization: Sendable, Hashable {
    /// The string or its variations.
    public var variant: AppleVariant
    /// The substitutions by name.
    public var substitutions: [String: AppleSubstitution]

    /// Creates a localization.
    public init(variant: AppleVariant, substitutions: [String: AppleSubstitution] = [:]) {
        self.variant = variant
        self.substitutions = substitutions
    }
}

/// One argument of a converted message: its 1-based position and the kind of value it prints.
public struct AppleArgument: Sendable, Hashable {
    /// 1-based position in the format's arguments.
    public var position: Int
    /// What the specifier prints.
    public var kind: PrintfValueKind
}

/// A localization turned into ICU MessageFormat.
public struct ConvertedMessage: Sendable, Hashable {
    /// The ICU MessageFormat pattern.
    public var pattern: String
    /// The arguments it uses, by position.
    public var arguments: [Int: PrintfValueKind]
    /// Notes for the import report (device variation chosen, dead plural category dropped, …).
    public var warnings: [String]
    /// Whether it uses a plural (a number selects the text).
    public var hasPlural: Bool
}

/// Why a localization cannot be converted.
public struct ConversionError: Error, Sendable, Hashable {
    /// What is wrong, for the import report.
    public var message: String
}
