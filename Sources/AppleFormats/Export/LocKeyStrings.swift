import MessageFormat
import PushLocalizer

/// The app-side strings of `loc-key` templates: per Apple key, a `%1$@`-style format string per
/// locale, with `%n$@` numbered in the order the source message first uses its arguments (the
/// order of `loc-args`).
///
/// The one collector of every `loc-key` export: the Apple exports write ``Entry/values``, the
/// Android export writes ``Entry/pieces`` under ``Entry/androidStringName``.
public struct LocKeyStrings: Sendable {
    /// One Apple key.
    public struct Entry: Sendable, Hashable {
        /// The Apple key.
        public var appleKey: String
        /// The template it comes from.
        public var templateKey: String
        /// The template field it is the text of.
        public var field: MessageField
        /// The Android string resource name (``Template/androidStringName(_:)``).
        public var androidStringName: String
        /// Where the source message is written.
        public var location: CatalogFileLocation
        /// The template's description.
        public var comment: String?
        /// Format strings by locale tag (source locale included), for locales that translate it.
        public var values: [String: String]
        /// The ICU messages the values came from, by locale tag.
        public var messages: [String: String]
        /// The values as text and `loc-args` positions, by locale tag (the same locales as
        /// ``values``).
        public var pieces: [String: [LocKeyPiece]]
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
                var pieces: [String: [LocKeyPiece]] = [:]
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
                    guard let textPieces = LocKeyPiece.pieces(of: syntax, order: order) else {
                        let name = syntax.argumentUsages.map(\.name).first { !order.contains($0) } ?? ""
                        errors.append(
                            "\(text.location): error: [loc-key-incompatible] \(template.key) \(field.rawValue) [\(locale)]: '\(name)' is not in the source message, so loc-args never carry it"
                        )
                        failed = true
                        continue
                    }
                    values[locale] = Self.formatString(textPieces)
                    messages[locale] = text.text
                    pieces[locale] = textPieces
                }
                if !failed {
                    entries.append(
                        Entry(
                            appleKey: appleKey,
                            templateKey: template.key,
                            field: field,
                            androidStringName: template.androidStringName(field),
                            location: sourceText.location,
                            comment: template.description,
                            values: values,
                            messages: messages,
                            pieces: pieces,
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

    /// Argument names in the order of first use: the order in which the server sends `loc-args`
    /// (`CompiledTemplate.locArgumentNames` reads the same ``Message/argumentUsages``).
    static func argumentOrder(_ message: Message) -> [String] {
        message.argumentUsages.map(\.name)
    }

    /// Pieces as an Apple format string: `%n$@` placeholders, `%` doubled.
    static func formatString(_ pieces: [LocKeyPiece]) -> String {
        var output = ""
        for piece in pieces {
            switch piece {
            case .text(let text): output += text.replacingOccurrences(of: "%", with: "%%")
            case .argument(let position): output += "%\(position)$@"
            }
        }
        return output
    }
}
