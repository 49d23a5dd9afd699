import ICUKit

/// The selecting arguments of a message (`plural`, `selectordinal`, `select`, at any depth) and
/// the values that reach each of their cases in one locale.
struct SelectorChoices {
    /// One selecting argument and its values.
    struct Selector {
        let name: String
        let choices: [Choice]
    }

    /// One value to give a selecting argument.
    struct Choice {
        let value: ArgumentValue
        let display: String
        let selector: String
        let matchedCase: String
    }

    /// The selecting arguments in first-use order (an argument used twice is varied once).
    private(set) var selectors: [Selector] = []
    /// Keyword cases no number selects in this locale (`few` in English).
    private(set) var unreachableCases: [String] = []
    private var seen = Set<String>()
    private let locale: String

    init(message: Message, locale: String) {
        self.locale = locale
        visit(message)
    }

    private mutating func visit(_ message: Message) {
        for part in message.parts {
            guard case .argument(let argument) = part else { continue }
            switch argument.kind {
            case .plural(let plural):
                add(argument.name, plural: plural, type: .cardinal, kind: "plural")
                plural.cases.forEach { visit($0.message) }
            case .selectOrdinal(let plural):
                add(argument.name, plural: plural, type: .ordinal, kind: "selectordinal")
                plural.cases.forEach { visit($0.message) }
            case .select(let select):
                add(argument.name, select: select)
                select.cases.forEach { visit($0.message) }
            case .none, .simple:
                continue
            }
        }
    }

    private mutating func add(_ name: String, select: SelectArgument) {
        guard seen.insert(name).inserted else { return }
        var choices: [Choice] = []
        var keywords: [String] = []
        for keyword in select.cases.map(\.keyword) where keyword != "other" && !keywords.contains(keyword) {
            keywords.append(keyword)
            choices.append(Choice(value: .string(keyword), display: keyword, selector: keyword, matchedCase: keyword))
        }
        // Any text no keyword equals reaches `other`; "other" itself is such a text.
        choices.append(Choice(value: .string("other"), display: "other", selector: "other", matchedCase: "other"))
        selectors.append(Selector(name: name, choices: choices))
    }

    private mutating func add(_ name: String, plural: PluralArgument, type: PluralType, kind: String) {
        guard seen.insert(name).inserted else { return }
        var choices: [Choice] = []
        var exacts: [Double] = []
        var keywords = Set<String>()
        for pluralCase in plural.cases {
            switch pluralCase.selector {
            case .exact(let value) where !exacts.contains(value):
                exacts.append(value)
                choices.append(
                    Choice(
                        value: Self.number(value),
                        display: Self.text(value),
                        selector: "=\(Self.text(value))",
                        matchedCase: "=\(Self.text(value))"
                    )
                )
            case .exact:
                continue
            case .keyword(let keyword):
                keywords.insert(keyword)
            }
        }
        guard let rules = try? ICUPluralRules(locale: locale, type: type) else {
            selectors.append(Selector(name: name, choices: choices))
            return
        }
        let categories = rules.categories
        for category in categories {
            guard let sample = Self.sample(of: category, in: rules, offset: plural.offset, avoiding: exacts) else {
                // Every sample is taken by an `=N` case first (ar `zero` next to `offset:1 =1`).
                if keywords.contains(category.rawValue) {
                    unreachableCases.append("\(name), \(kind): \(category.rawValue), shadowed by an =N case")
                }
                continue
            }
            let value = sample + plural.offset
            let matched = keywords.contains(category.rawValue) ? category.rawValue : "other"
            choices.append(
                Choice(
                    value: Self.number(value),
                    display: Self.text(value),
                    selector: category.rawValue,
                    matchedCase: matched
                )
            )
        }
        let used = Set(categories.map(\.rawValue))
        for keyword in keywords.sorted() where !used.contains(keyword) {
            unreachableCases.append("\(name), \(kind): \(keyword), not a category of the locale")
        }
        selectors.append(Selector(name: name, choices: choices))
    }

    /// The first CLDR sample of `category` that ICU really puts in it (a decimal sample such as
    /// 0.0 may format as "0" and select another category) and that no `=N` case takes first.
    private static func sample(
        of category: PluralCategory,
        in rules: ICUPluralRules,
        offset: Double,
        avoiding exacts: [Double]
    ) -> Double? {
        // Positive samples first: "2nd order" reads better than "0th order"; 0 stays for `zero`.
        let all = rules.samples(for: category, limit: 16)
        let samples = all.filter { $0 > 0 } + all.filter { $0 <= 0 }
        let fitting = samples.first { sample in
            !exacts.contains(sample + offset) && rules.category(of: sample, formattedBy: nil) == category
        }
        return fitting ?? samples.first { !exacts.contains($0 + offset) }
    }

    private static func number(_ value: Double) -> ArgumentValue {
        if value == value.rounded(), abs(value) < 1e15 { return .int(Int64(value)) }
        return .double(value)
    }

    static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
