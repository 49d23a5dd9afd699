import ICUKit
import MessageFormat

/// CLDR plural facts per locale and rule type, looked up once per lint run.
struct PluralFacts {
    /// Categories and CLDR sample numbers per category.
    struct Rules {
        let categories: Set<PluralCategory>
        /// The first sample of each category: the value each case is rendered with.
        let samples: [PluralCategory: Double]
        /// The largest of the first sixteen samples: the value budget estimates use.
        let largestSamples: [PluralCategory: Double]
    }

    private struct CacheKey: Hashable {
        let locale: String
        let isOrdinal: Bool
    }

    private var cache: [CacheKey: Rules?] = [:]
    /// ``LanguageTagSyntax/isValid(_:)`` by tag (it asks ICU).
    private var validTags: [String: Bool] = [:]

    /// Whether `tag` is a valid language tag, remembered per tag.
    mutating func isValidTag(_ tag: String) -> Bool {
        if let known = validTags[tag] { return known }
        let valid = LanguageTagSyntax.isValid(tag)
        validTags[tag] = valid
        return valid
    }

    /// The rules of `locale` (cardinal or ordinal); nil when ICU cannot read the tag.
    mutating func rules(for locale: String, type: PluralType) -> Rules? {
        let cacheKey = CacheKey(locale: locale, isOrdinal: type == .ordinal)
        if let cached = cache[cacheKey] { return cached }
        var rules: Rules?
        if LocaleTags.canonicalize(locale) != nil, let icu = try? ICUPluralRules(locale: locale, type: type) {
            let categories = icu.categories
            var samples: [PluralCategory: Double] = [:]
            var largest: [PluralCategory: Double] = [:]
            for category in categories {
                let list = icu.samples(for: category, limit: 16)
                samples[category] = list.first
                largest[category] = list.max { abs($0) < abs($1) }
            }
            rules = Rules(categories: Set(categories), samples: samples, largestSamples: largest)
        }
        cache[cacheKey] = rules
        return rules
    }
}

extension Linter {
    /// `plural-missing-category` and `plural-unknown-category` for every plural and
    /// selectordinal of a message, then every case rendered once with a number that selects it
    /// (a CLDR sample, or the `=N` value) so that a case that fails to format is reported where
    /// it is written.
    func checkPlurals(in message: LintedMessage, facts: inout PluralFacts, into sink: inout DiagnosticSink) {
        // A file name that is not a language tag is `locale-tag`'s finding: its plural rules
        // would be ICU's fallback, not the language's, and every finding here would be invented.
        guard message.syntax != nil, facts.isValidTag(message.locale) else { return }
        let field = message.field.rawValue
        // Every case of every plural is rendered from the same sample values (made once per message).
        var samples: [ArgumentValue?]?
        var output: [UInt8] = []
        for argument in message.arguments {
            let plural: PluralArgument
            let type: PluralType
            switch argument.kind {
            case .plural(let body): (plural, type) = (body, .cardinal)
            case .selectOrdinal(let body): (plural, type) = (body, .ordinal)
            default: continue
            }
            guard let rules = facts.rules(for: message.locale, type: type) else { continue }
            let kind = type == .ordinal ? "selectordinal" : "plural"
            var keywords: Set<PluralCategory> = []
            var exacts: Set<Double> = []
            var seenWords: Set<String> = []
            for pluralCase in plural.cases {
                var location: CatalogFileLocation { message.location(at: pluralCase.selectorRange.start) }
                switch pluralCase.selector {
                case .exact(let value):
                    if !exacts.insert(value).inserted {
                        sink.report(
                            .pluralUnknownCategory,
                            at: location,
                            locale: message.locale,
                            key: message.key,
                            "\(field): '=\(Self.numberText(value))' is repeated; ICU always picks the "
                                + "first, so this case is dead"
                        )
                    }
                case .keyword(let word):
                    guard seenWords.insert(word).inserted else {
                        sink.report(
                            .pluralUnknownCategory,
                            at: location,
                            locale: message.locale,
                            key: message.key,
                            "\(field): '\(word)' is repeated; ICU always picks the first, so this case is dead"
                        )
                        continue
                    }
                    if let category = PluralCategory(rawValue: word), rules.categories.contains(category) {
                        keywords.insert(category)
                    } else {
                        let used = rules.categories.sorted().map(\.rawValue).joined(separator: ", ")
                        sink.report(
                            .pluralUnknownCategory,
                            at: location,
                            locale: message.locale,
                            key: message.key,
                            "\(field): \(message.locale) never selects '\(word)' in \(kind) (CLDR "
                                + "categories: \(used)); this case is dead"
                        )
                    }
                }
            }
            let missing = rules.categories.subtracting(keywords).subtracting([.other]).sorted()
            if !missing.isEmpty {
                let names = missing.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                sink.report(
                    .pluralMissingCategory,
                    at: message.location(at: argument.range.start),
                    locale: message.locale,
                    key: message.key,
                    "\(field): \(kind) '\(argument.name)' lacks \(names), which \(message.locale) needs "
                        + "(CLDR); '=N' cases do not stand in for a category"
                )
            }
            if samples == nil, let syntax = message.syntax, let compiled = message.compiled {
                samples = Self.sampleValues(for: syntax, slots: compiled.argumentNames)
            }
            renderCases(
                of: plural,
                argument: argument,
                in: message,
                rules: rules,
                samples: samples ?? [],
                output: &output,
                into: &sink
            )
        }
    }

    /// Formats the message once per case of `plural`, with a value that selects that case (the
    /// other arguments at `samples`), into `output` (scratch space).
    private func renderCases(
        of plural: PluralArgument,
        argument: Argument,
        in message: LintedMessage,
        rules: PluralFacts.Rules,
        samples: [ArgumentValue?],
        output: inout [UInt8],
        into sink: inout DiagnosticSink
    ) {
        guard let compiled = message.compiled, message.syntax != nil else { return }
        // Only the plural argument's slots change from one case to the next.
        let names = compiled.argumentNames
        // `samples` is made from this message's own slots, so the counts always agree.
        guard samples.count == names.count else { return }
        var slots = samples
        let pluralSlots = names.indices.filter { names[$0] == argument.name }
        for pluralCase in plural.cases {
            let value: Double
            switch pluralCase.selector {
            case .exact(let exact): value = exact
            case .keyword(let word):
                guard let category = PluralCategory(rawValue: word), let sample = rules.samples[category] else {
                    continue
                }
                value = sample + plural.offset
            }
            let sample: ArgumentValue =
                value == value.rounded() && abs(value) < 1e15 ? .int(Int64(value)) : .double(value)
            for slot in pluralSlots { slots[slot] = sample }
            do throws(MessageFormatError) {
                output.removeAll(keepingCapacity: true)
                try compiled.format(slots: slots, options: FormatOptions(timeZone: nil), into: &output)
            } catch {
                switch error {
                case .wrongArgumentType, .missingArgument: continue
                default: break
                }
                sink.report(
                    .syntax,
                    at: message.location(at: pluralCase.selectorRange.start),
                    locale: message.locale,
                    key: message.key,
                    "\(message.field.rawValue): this case fails to format with \(argument.name) = "
                        + "\(Self.numberText(value)): \(error.description)"
                )
            }
        }
    }

    /// A value of the right kind for every argument a message uses, by slot (`slots` names
    /// them): a number where it is used as one, a date where it is used as one, text otherwise;
    /// nil for a slot the message does not use.
    static func sampleValues(for syntax: Message, slots names: [String]) -> [ArgumentValue?] {
        let used: UInt8 = 1
        let number: UInt8 = 2
        let date: UInt8 = 4
        var uses = [UInt8](repeating: 0, count: names.count)
        syntax.forEachArgument { argument in
            let use: UInt8
            switch argument.kind {
            case .none, .select: use = used
            case .simple(let simple): use = used | (simple.type == .date || simple.type == .time ? date : number)
            case .plural, .selectOrdinal: use = used | number
            }
            for index in names.indices where names[index] == argument.name { uses[index] |= use }
        }
        return uses.map { use -> ArgumentValue? in
            if use & number != 0 { return .int(3) }
            if use & date != 0 { return .date(epochMilliseconds: 1_790_000_000_000) }
            return use & used != 0 ? .string("x") : nil
        }
    }

    /// A number as people write it in a pattern (`1`, `1.5`).
    static func numberText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
