/// A CLDR plural category. Ordered as CLDR lists them: zero, one, two, few, many, other.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// CLDR `zero`.
    case zero
    /// CLDR `one`.
    case one
    /// CLDR `two`.
    case two
    /// CLDR `few`.
    case few
    /// CLDR `many`.
    case many
    /// CLDR `other`, which every locale has.
    case other

    /// The category's position in `allCases` (CLDR's order).
    public var index: Int {
        switch self {
        case .zero: 0
        case .one: 1
        case .two: 2
        case .few: 3
        case .many: 4
        case .other: 5
        }
    }

    /// CLDR order.
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        lhs.index < rhs.index
    }
}

/// Which plural rules: `plural` arguments use cardinal rules, `selectordinal` ordinal ones.
public enum PluralType: Sendable, Hashable {
    /// Counting ("1 file", "2 files").
    case cardinal
    /// Ordering ("1st", "2nd").
    case ordinal
}
