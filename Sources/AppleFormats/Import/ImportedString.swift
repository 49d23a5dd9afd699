import MessageFormat
import PushLocalizer

/// One Apple key converted: its ICU messages per locale and its arguments.
public struct ImportedString: Sendable, Hashable {
    /// The Apple key, verbatim (kept in `loc-keys:`).
    public var appleKey: String
    /// The developer comment (the template's `description`).
    public var comment: String?
    /// ICU MessageFormat per locale tag (the source locale included).
    public var messages: [String: String]
    /// The argument names in position order (position 1 first).
    public var argumentNames: [String]
    /// The argument types in position order.
    public var argumentTypes: [ArgumentType]
    /// Whether any message selects on a plural.
    public var hasPlural: Bool
}

/// What an import did, for people.
public struct ImportReport: Sendable, Hashable {
    /// One unit (key × locale) not imported, or one key skipped.
    public struct Skip: Sendable, Hashable {
        /// The Apple key.
        public var key: String
        /// The locale, or nil for the whole key.
        public var locale: String?
        /// Why.
        public var reason: String
    }

    /// Keys read.
    public var keysRead = 0
    /// Keys imported.
    public var keysImported = 0
    /// Units (key × locale) imported.
    public var unitsImported = 0
    /// The locales seen.
    public var locales: Set<String> = []
    /// What was left out, with the reason.
    public var skipped: [Skip] = []
    /// Notes (needs_review units, device variations, dropped plural categories, duplicates).
    public var warnings: [String] = []

    /// Creates an empty report.
    public init() {}

    /// The report's lines for standard error.
    public var lines: [String] {
        var lines = [
            "imported \(keysImported) of \(keysRead) keys, \(unitsImported) units, \(locales.count) locales (\(locales.sorted().joined(separator: ", ")))"
        ]
        for skip in skipped {
            lines.append("skipped: '\(skip.key)'\(skip.locale.map { " [\($0)]" } ?? ""): \(skip.reason)")
        }
        lines += warnings.map { "warning: \($0)" }
        return lines
    }
}

/// Argument names from an existing template (by position) or `arg1`, `arg2`, ….
public struct ArgumentNaming: Sendable {
    /// Existing names by Apple key, position order.
    public var existing: [String: [String]]

    /// Creates a naming from existing templates' `loc-keys`: the names in the order the field's
    /// source message first uses them (the order of `loc-args`), then the other declared names.
    public init(templates: [Template]) {
        var existing: [String: [String]] = [:]
        for template in templates {
            for (field, key) in template.locKeys {
                var names: [String] = []
                if let text = template.messages[field]?.text, let syntax = try? MessageParser.parse(text) {
                    names = LocKeyStrings.argumentOrder(syntax)
                }
                for argument in template.arguments where !names.contains(argument.name) { names.append(argument.name) }
                existing[key] = names
            }
        }
        self.existing = existing
    }

    /// The name of position `position` (1-based) for `appleKey`.
    public func name(_ position: Int, appleKey: String) -> String {
        if let names = existing[appleKey], position <= names.count { return names[position - 1] }
        return "arg\(position)"
    }
}
