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

        /// A number as the renderer reads it: an Int64 when whole, else a double.
        static func number(_ text: String) -> Candidate? {
            if let integer = Int64(text) { return Candidate(json: .number(text), value: .int(integer)) }
            guard let double = Double(text), double.isFinite else { return nil }
            return Candidate(json: .number(text), value: .double(double))
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

    /// ``longestNumber`` as a candidate, read once.
    private static let longestCandidate = Candidate.number(longestNumber)
    /// ``dates`` as candidates, read once.
    private static let dateCandidates = dates.compactMap { Candidate.date($0) }

    /// The candidate values of every declared argument.
    /// - Parameters:
    ///   - template: the template whose arguments are valued.
    ///   - arguments: the arguments (nested ones included) of the messages that will be measured.
    ///   - pluralRules: the plural facts of the locale the messages are in, by rule type.
    ///   - truncatedAtCap: whether truncatable strings count at `max-bytes` (else they are empty).
    static func candidates(
        for template: Template,
        arguments: [Argument],
        pluralRules: (PluralType) -> PluralFacts.Rules?,
        truncatedAtCap: Bool
    ) -> [(name: String, values: [Candidate])] {
        template.arguments.map { declaration in
            let uses = arguments.filter { $0.name == declaration.name }
            switch declaration.type {
            case .string:
                let size =
                    declaration.truncate
                    ? (truncatedAtCap ? declaration.maxBytes ?? 0 : 0)
                    : declaration.maxBytes ?? typicalPinnedBytes
                var values: [Candidate] = [.string(Self.filler(size))]
                if !declaration.truncate {
                    for use in uses {
                        guard case .select(let select) = use.kind else { continue }
                        values += select.cases.filter { $0.keyword != "other" }.map { .string($0.keyword) }
                    }
                }
                return (declaration.name, values)
            case .number:
                var values: [Candidate] = [longestCandidate].compactMap { $0 }
                var texts: Set<String> = [longestNumber]
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
                        var number: Double
                        switch pluralCase.selector {
                        case .exact(let value):
                            number = value
                        case .keyword(let word):
                            // `other` is already selected by the longest number.
                            guard word != "other", let category = PluralCategory(rawValue: word),
                                let sample = rules?.largestSamples[category]
                            else { continue }
                            number = sample + plural.offset
                        }
                        let text = Linter.numberText(number)
                        if !texts.contains(text), let candidate = Candidate.number(text) {
                            texts.insert(text)
                            values.append(candidate)
                        }
                    }
                }
                return (declaration.name, values)
            case .date:
                return (declaration.name, dateCandidates)
            }
        }
    }

    /// `size` times `x`, made in one step (`String(repeating:count:)` appends one by one).
    private static func filler(_ size: Int) -> String {
        String(decoding: [UInt8](repeating: UInt8(ascii: "x"), count: max(0, size)), as: UTF8.self)
    }

    /// The longest date candidate per locale and date placeholder, remembered across templates
    /// (catalogs repeat a handful of date styles).
    struct DateCache {
        private var lengths: [String: [Int]] = [:]

        /// The index in ``WorstCaseValues/dates`` of the date that makes `usages` longest.
        /// - Parameters:
        ///   - usages: the placeholders (`{when, date, medium}`) as written, each naming the argument.
        ///   - name: the argument's name.
        ///   - locale: the locale they format in.
        mutating func longestDate(for usages: [String], name: String, locale: String) -> Int {
            var totals = [Int](repeating: 0, count: dates.count)
            for usage in usages {
                let cacheKey = locale + "\u{0}" + usage
                let measured: [Int]
                if let cached = lengths[cacheKey] {
                    measured = cached
                } else {
                    let compiled = try? CompiledMessage(pattern: usage, locale: locale)
                    measured = dates.map { date in
                        guard let compiled, let value = Candidate.date(date)?.value else { return 0 }
                        return (try? compiled.format([name: value]).utf8.count) ?? 0
                    }
                    lengths[cacheKey] = measured
                }
                for index in totals.indices { totals[index] += measured[index] }
            }
            return totals.indices.max { totals[$0] < totals[$1] } ?? 0
        }
    }

    /// Replaces the twelve date candidates of each date argument by the longest one for `locale`.
    static func narrowDates(
        _ candidates: inout [(name: String, values: [Candidate])],
        template: Template,
        patterns: [(pattern: String, syntax: Message)],
        locale: String,
        cache: inout DateCache
    ) {
        for index in candidates.indices {
            let name = candidates[index].name
            guard template.argument(named: name)?.type == .date, candidates[index].values.count > 1 else { continue }
            var usages: [String] = []
            for (pattern, syntax) in patterns {
                let bytes = Array(pattern.utf8)
                for argument in syntax.allArguments where argument.name == name {
                    guard argument.range.end <= bytes.count else { continue }
                    usages.append(String(decoding: bytes[argument.range.start..<argument.range.end], as: UTF8.self))
                }
            }
            let best = cache.longestDate(for: usages, name: name, locale: locale)
            candidates[index].values = [candidates[index].values[best]]
        }
    }

    /// Picks, argument by argument, the candidate that makes `messages` longest.
    /// - Returns: one value per argument.
    static func choose(
        from candidates: [(name: String, values: [Candidate])],
        messages: [(compiled: CompiledMessage, arguments: [Argument])]
    ) -> [String: Candidate] {
        var chosen: [String: Candidate] = [:]
        // The formatter's view of `chosen`, kept beside it rather than rebuilt for every try.
        var arguments: [String: ArgumentValue] = [:]
        for (name, values) in candidates {
            if let first = values.first {
                chosen[name] = first
                arguments[name] = first.value
            }
        }
        var output: [UInt8] = []
        for (name, values) in candidates where values.count > 1 {
            // Each concerned message's values by slot, as `format(_:options:into:)` would look them
            // up in `arguments`, and the slots of `name`: only those change from one try to the next.
            var concerned = messages.filter { message in message.arguments.contains { $0.name == name } }.map {
                message in
                (
                    compiled: message.compiled,
                    slots: message.compiled.argumentNames.map { arguments[$0] },
                    tried: message.compiled.argumentNames.indices.filter { message.compiled.argumentNames[$0] == name }
                )
            }
            guard !concerned.isEmpty else { continue }
            var best = (length: -1, value: values[0])
            for value in values {
                var length = 0
                for index in concerned.indices {
                    for slot in concerned[index].tried { concerned[index].slots[slot] = value.value }
                    output.removeAll(keepingCapacity: true)
                    // A message that fails counts 0, as in `formattedLength`.
                    guard
                        (try? concerned[index].compiled.format(
                            slots: concerned[index].slots,
                            options: FormatOptions(timeZone: nil),
                            into: &output
                        )) != nil
                    else { continue }
                    length += output.count
                }
                if length > best.length { best = (length, value) }
            }
            chosen[name] = best.value
            arguments[name] = best.value.value
        }
        return chosen
    }

    /// The UTF-8 length of the messages formatted with `values` (a message that fails counts 0).
    static func formattedLength(_ messages: [CompiledMessage], _ values: [String: Candidate]) -> Int {
        var output: [UInt8] = []
        return formattedLength(messages, values.mapValues(\.value), buffer: &output)
    }

    /// The UTF-8 length of the messages formatted with `arguments` (a message that fails counts 0),
    /// formatted into `buffer` (scratch space, reused across calls).
    private static func formattedLength(
        _ messages: [CompiledMessage],
        _ arguments: [String: ArgumentValue],
        buffer: inout [UInt8]
    ) -> Int {
        var total = 0
        for message in messages {
            buffer.removeAll(keepingCapacity: true)
            // The writer emits well-formed UTF-8, so its byte count is the formatted text's length.
            guard (try? message.format(arguments, options: FormatOptions(timeZone: nil), into: &buffer)) != nil else {
                continue
            }
            total += buffer.count
        }
        return total
    }
}
