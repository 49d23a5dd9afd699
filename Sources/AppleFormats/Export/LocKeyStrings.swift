import MessageFormat
import PushLocalizer

/// The app-side strings of `loc-key` templates: per Apple key, a `%1$@`-style format string per
/// locale, with `%n$@` numbered in the order the source message first uses its arguments (the
/// order of `loc-args`).
public struct LocKeyStrings: Sendable {
    /// One Apple key.
    public struct Entry: Sendable, Hashable {
        /// The Apple key.
        public var appleKey: String
        /// The template it comes from.
        public var templateKey: String
        /// The template's description.
        public var comment: String?
        /// Format strings by locale tag (source locale included), for locales that translate it.
        public var values: [String: String]
        /// The ICU messages the values came from, by locale tag.
        public var messages: [String: String]
        /// The argument names in `loc-args` order.
        public var argumentNames: [String]
    }

    /// The entries in template order.
    public var entries: [Entry]
    /// `loc-key-incompatible` findings: `file:line:column: error: …` lines.
    public var errors: [String]
    /// The catalog's locales, source first.
    public var locales: [String]

    /// Collects the strings of every template with `loc-keys`.
    public init(catalog: CatalogSource) {
        let source = catalog.settings.sourceLocale
        var entries: [Entry] = []
        var errors: [String] = []
        for template in catalog.templates {
            for field in MessageField.allCases {
                guard let appleKey = template.locKeys[field], let sourceText = template.messages[field] else {
                    continue
                }
                var texts: [(String, SourceText)] = [(source, sourceText)]
                for file in catalog.locales {
                    if let text = file.translations[template.key]?.messages[field] { texts.append((file.tag, text)) }
                }
                guard let sourceSyntax = try? MessageParser.parse(sourceText.text) else {
                    errors.append(
                        "\(sourceText.location): error: [syntax] \(template.key) \(field.rawValue) is not valid ICU MessageFormat"
                    )
                    continue
                }
                let order = Self.argumentOrder(sourceSyntax)
                var values: [String: String] = [:]
                var messages: [String: String] = [:]
                var failed = false
                for (locale, text) in texts {
                    guard let syntax = try? MessageParser.parse(text.text) else {
                        errors.append(
                            "\(text.location): error: [syntax] \(template.key) \(field.rawValue) [\(locale)] is not valid ICU MessageFormat"
                        )
                        failed = true
                        continue
                    }
                    if let problem = LocKeyCompatibility.problem(in: syntax) {
                        let place = text.location(ofByteOffset: problem.offset)
                        errors.append(
                            "\(place): error: [loc-key-incompatible] \(template.key) \(field.rawValue) [\(locale)]: \(problem.reason)"
                        )
                        failed = true
                        continue
                    }
                    values[locale] = Self.formatString(syntax, order: order)
                    messages[locale] = text.text
                }
                if !failed {
                    entries.append(
                        Entry(
                            appleKey: appleKey,
                            templateKey: template.key,
                            comment: template.description,
                            values: values,
                            messages: messages,
                            argumentNames: order
                        )
                    )
                }
            }
        }
        self.entries = entries
        self.errors = errors
        self.locales = [source] + catalog.locales.map(\.tag).filter { $0 != source }
    }

    /// Argument names in the order of first use.
    static func argumentOrder(_ message: Message) -> [String] {
        var names: [String] = []
        func walk(_ message: Message) {
            for part in message.parts {
                guard case .argument(let argument) = part else { continue }
                if !names.contains(argument.name) { names.append(argument.name) }
                switch argument.kind {
                case .plural(let plural), .selectOrdinal(let plural): plural.cases.forEach { walk($0.message) }
                case .select(let select): select.cases.forEach { walk($0.message) }
                default: break
                }
            }
        }
        walk(message)
        return names
    }

    /// A message of text and `{name}` placeholders as an Apple format string.
    static func formatString(_ message: Message, order: [String]) -> String {
        var output = ""
        for part in message.parts {
            switch part {
            case .text(let text, _): output += text.replacingOccurrences(of: "%", with: "%%")
            case .pound: output += "#"
            case .argument(let argument):
                let position = (order.firstIndex(of: argument.name) ?? order.count) + 1
                output += "%\(position)$@"
            }
        }
        return output
    }
}
