import ICUKit
import MessageFormat

/// Argument values that make a template's text as long as it can reasonably get, for the
/// `budget` and `collapse-id` estimates.
///
/// The model, stated once so that findings can be reasoned about:
/// - a pinned string is `max-bytes` ASCII bytes long, or 64 bytes (a typical id or name) when
///   it declares no `max-bytes`; a pinned string used in `select` may instead be whichever
///   keyword selects the longest case;
/// - a truncatable string is empty: what remains is the room it gets (the `budget` rule), or it
///   counts at its `max-bytes` (the `collapse-id` rule, where nothing is trimmed);
/// - a number is at most 999,999,999.99 in magnitude, taken at that value or at the `=N` value or
///   CLDR sample (the largest of sixteen) that selects each plural case, whichever renders longest;
/// - a date is one of twelve instants, one per month of 2026, late in the month at 22:58 UTC
///   (two-digit hours and days, every month name, most weekday names), whichever renders longest.
///
/// Each argument is chosen in turn, the others held, to maximize the formatted bytes of the
/// messages concerned: a static worst case, not an exhaustive search.
enum WorstCaseValues {
    /// One value an argument may take, as a request carries it and as the formatter sees it.
    struct Candidate {
        var json: JSONValue
        var value: ArgumentValue

        static func string(_ text: String) -> Candidate {
            Candidate(json: .string(text), value: .string(text))
        }

        static func number(_ text: String) -> Candidate? {
            ArgumentConversion.number(fromText: text).map { Candidate(json: .number(text), value: $0) }
        }

        static func date(_ iso: String) -> Candidate? {
            ArgumentConversion.epochMilliseconds(fromISO8601: iso).map {
                Candidate(json: .string(iso), value: .date(epochMilliseconds: $0))
            }
        }
    }

    /// The size assumed for a pinned string without `max-bytes`.
    static let typicalPinnedBytes = 64
    /// The longest number considered.
    static let longestNumber = "999999999.99"
    /// The dates considered.
    static let dates: [String] = (1...12).map { month in
        let day = 21 + month % 7
        let monthText = month < 10 ? "0\(month)" : "\(month)"
        return "2026-\(monthText)-\(day)T22:58:58Z"
    }

    /// The candidate values of every declared argument.
    /// - Parameters:
    ///   - template: the template whose arguments are valued.
    ///   - messages: the syntax trees of the messages that will be measured.
    ///   - pluralRules: the plural facts of the locale the messages are in, by rule type.
    ///   - truncatedAtCap: whether truncatable strings count at `max-bytes` (else they are empty).
    static func candidates(
        for template: Template, messages: [Message], pluralRules: (PluralType) -> PluralFacts.Rules?,
        truncatedAtCap: Bool
    ) -> [(name: String, values: [Candidate])] {
        let arguments = messages.flatMap(\.allArguments)
        return template.arguments.map { declaration in
            let uses = arguments.filter { $0.name == declaration.name }
            switch declaration.type {
            case .string:
                let size =
                    declaration.truncate
                    ? (truncatedAtCap ? declaration.maxBytes ?? 0 : 0)
                    : declaration.maxBytes ?? typicalPinnedBytes
                var values: [Candidate] = [.string(String(repeating: "x", count: size))]
                if !declaration.truncate {
                    for use in uses {
                        guard case .select(let select) = use.kind else { continue }
                        values += select.cases.filter { $0.keyword != "other" }.map { .string($0.keyword) }
                    }
                }
                return (declaration.name, values)
            case .number:
                var values: [Candidate] = [Candidate.number(longestNumber)].compactMap { $0 }
                for use in uses {
                    let plural: PluralArgument
                    let type: PluralType
                    switch use.kind {
                    case .plural(let body): (plural, type) = (body, .cardinal)
                    case .selectOrdinal(let body): (plural, type) = (body, .ordinal)
                    default: continue
                    }
                    let rules = pluralRules(type)
                    for pluralCase in plural.cases {
                        switch pluralCase.selector {
                        case .exact(let value):
                            values += [Candidate.number(Linter.numberText(value))].compactMap { $0 }
                        case .keyword(let word):
                            guard let category = PluralCategory(rawValue: word),
                                let sample = rules?.largestSamples[category]
                            else { continue }
                            values += [Candidate.number(Linter.numberText(sample + plural.offset))].compactMap { $0 }
                        }
                    }
                }
                return (declaration.name, values)
            case .date:
                return (declaration.name, dates.compactMap { Candidate.date($0) })
            }
        }
    }

    /// Picks, argument by argument, the candidate that makes `messages` longest.
    /// - Returns: one value per argument.
    static func choose(
        from candidates: [(name: String, values: [Candidate])], messages: [CompiledMessage]
    ) -> [String: Candidate] {
        var chosen: [String: Candidate] = [:]
        for (name, values) in candidates {
            if let first = values.first { chosen[name] = first }
        }
        for (name, values) in candidates where values.count > 1 {
            var best = (length: -1, value: values[0])
            for value in values {
                chosen[name] = value
                let length = formattedLength(messages, chosen)
                if length > best.length { best = (length, value) }
            }
            chosen[name] = best.value
        }
        return chosen
    }

    /// The UTF-8 length of the messages formatted with `values` (a message that fails counts 0).
    static func formattedLength(_ messages: [CompiledMessage], _ values: [String: Candidate]) -> Int {
        let arguments = values.mapValues(\.value)
        var total = 0
        for message in messages {
            total += (try? message.format(arguments).utf8.count) ?? 0
        }
        return total
    }
}
