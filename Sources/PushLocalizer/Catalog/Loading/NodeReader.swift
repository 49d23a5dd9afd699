import Foundation

/// A key and value of a YAML map, the key read as text.
struct MappingEntry {
    var key: String
    var keyNode: YAMLNode
    var value: YAMLNode
    var location: CatalogFileLocation
}

/// Reads the nodes of one file, collecting errors instead of stopping at the first.
struct NodeReader {
    let file: YAMLFile
    private(set) var errors: [CatalogError] = []

    init(file: YAMLFile) {
        self.file = file
    }

    func location(of node: YAMLNode) -> CatalogFileLocation {
        file.location(of: node)
    }

    /// Records an error. Inside a value that aliases reuse, the message names the aliases: the
    /// value may be wrong only where an alias puts it.
    mutating func report(_ code: String, _ message: String, at location: CatalogFileLocation) {
        let uses = file.aliases.uses(covering: location.line, location.column)
        guard !uses.isEmpty else {
            errors.append(CatalogError(location: location, code: code, message: message))
            return
        }
        let places = uses.map { "\($0.line):\($0.column)" }.joined(separator: ", ")
        let note = " (in a value anchored here and reused through the alias\(uses.count > 1 ? "es" : "") at \(places))"
        errors.append(CatalogError(location: location, code: code, message: message + note))
    }

    mutating func report(_ code: String, _ message: String, at node: YAMLNode) {
        report(code, message, at: location(of: node))
    }

    /// The entries of a map, in file order; nil (after reporting "`requirement`, found …") when
    /// the node is not a map. A null node (an empty value) is an empty map. Keys that are not
    /// scalars are reported and left out. `requirement` is only made when reported.
    mutating func entries(of node: YAMLNode, requirement: @autoclosure () -> String) -> [MappingEntry]? {
        if isNull(node) { return [] }
        guard case .mapping(let mapping) = node else {
            report(CatalogError.Code.catalogStructure, "\(requirement()), found \(describe(node))", at: node)
            return nil
        }
        var entries: [MappingEntry] = []
        entries.reserveCapacity(mapping.count)
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                report(
                    CatalogError.Code.catalogStructure,
                    "a key must be a string, found \(describe(keyNode))",
                    at: keyNode
                )
                continue
            }
            entries.append(
                MappingEntry(
                    key: file.originalKey(of: scalar.string),
                    keyNode: keyNode,
                    value: value,
                    location: location(of: keyNode)
                )
            )
        }
        return entries
    }

    /// The fields of a map whose keys are a fixed set: unknown and repeated fields are reported
    /// and left out.
    mutating func fields(
        of node: YAMLNode,
        known: [String],
        requirement: @autoclosure () -> String,
        naming kind: String
    )
        -> [String: MappingEntry]?
    {
        guard let entries = entries(of: node, requirement: requirement()) else { return nil }
        var fields: [String: MappingEntry] = [:]
        for entry in entries {
            guard known.contains(entry.key) else {
                let list = known.sorted().joined(separator: ", ")
                let hint = Self.spellingOf(entry.key, in: known).map { " did you mean '\($0)'?" } ?? ""
                report(
                    CatalogError.Code.unknownField,
                    "unknown \(kind) '\(entry.key)';\(hint) known: \(list)",
                    at: entry.location
                )
                continue
            }
            if let first = fields[entry.key] {
                report(
                    CatalogError.Code.duplicateKey,
                    "'\(entry.key)' is given twice (first at \(first.location.line):\(first.location.column))",
                    at: entry.location
                )
                continue
            }
            fields[entry.key] = entry
        }
        return fields
    }

    /// The known field `key` is another spelling of: the same letters in another case, with `_`
    /// or no separator for `-` (`collapse_key`, `requireInteraction`), as the JSON of the
    /// platforms spells them.
    static func spellingOf(_ key: String, in known: [String]) -> String? {
        func folded(_ name: String) -> String { name.lowercased().filter { $0 != "-" && $0 != "_" } }
        let target = folded(key)
        return known.first { $0 != key && folded($0) == target }
    }

    func isNull(_ node: YAMLNode) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return ScalarValue(scalar) == .null
    }

    /// A scalar's value under the core schema, or nil for maps and lists.
    func value(of node: YAMLNode) -> ScalarValue? {
        guard case .scalar(let scalar) = node else { return nil }
        return ScalarValue(scalar)
    }

    /// A scalar as a source text (whatever the scalar resolves to: `title: 123` is the text
    /// "123", as written); nil for null, maps and lists.
    func sourceText(of node: YAMLNode) -> SourceText? {
        guard case .scalar(let scalar) = node, ScalarValue(scalar) != .null else { return nil }
        return file.sourceText(of: scalar, at: location(of: node))
    }

    /// A short description of what a node is, for "found …" in messages.
    func describe(_ node: YAMLNode) -> String {
        switch node {
        case .mapping: return "a map"
        case .sequence: return "a list"
        case .scalar(let scalar):
            if ScalarValue(scalar) == .null { return "null" }
            var text = scalar.string
            if text.unicodeScalars.count > 40 {
                text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(40))) + "…"
            }
            text = text.replacingOccurrences(of: "\n", with: "\\n")
            switch scalar.style {
            case .singleQuoted, .doubleQuoted, .literal, .folded: return "the string '\(text)'"
            case .plain: return "'\(text)'"
            }
        }
    }

    /// A string field that may use `{args}`, or nil after reporting that it must be a string.
    /// Numbers and booleans are taken as written (`category: 7` is the text "7").
    mutating func templatedText(_ node: YAMLNode, field: String) -> SourceText? {
        if case .scalar = node, let text = sourceText(of: node) { return text }
        report(
            CatalogError.Code.invalidValue,
            "'\(field)' must be a string, found \(describe(node))",
            at: node
        )
        return nil
    }

    /// `true` or `false`, or nil after reporting that the field must be one of them.
    mutating func bool(_ node: YAMLNode, field: String) -> Bool? {
        if case .bool(let flag)? = value(of: node) { return flag }
        report(
            CatalogError.Code.invalidValue,
            "'\(field)' must be true or false, found \(describe(node))",
            at: node
        )
        return nil
    }

    /// A plain integer in `range`, or nil after reporting `requirement`.
    mutating func integer(_ node: YAMLNode, in range: ClosedRange<Int64>, field: String, requirement: String) -> Int? {
        if case .integer(let value)? = value(of: node), range.contains(value) {
            return Int(value)
        }
        report(
            CatalogError.Code.invalidValue,
            "'\(field)' must be \(requirement), found \(describe(node))",
            at: node
        )
        return nil
    }

    /// The case of `Choice` a scalar names, or nil after reporting "`subject` must be a, b or c".
    mutating func choice<Choice: RawRepresentable>(_ node: YAMLNode, subject: String, as type: Choice.Type) -> Choice?
    where Choice: CaseIterable, Choice.RawValue == String {
        if case .scalar(let scalar) = node, let choice = Choice(rawValue: scalar.string) {
            return choice
        }
        let names = Choice.allCases.map(\.rawValue)
        let list = names.count == 2 ? names.joined(separator: " or ") : naturalList(names)
        report(CatalogError.Code.invalidValue, "\(subject) must be \(list), found \(describe(node))", at: node)
        return nil
    }

    /// "a, b or c".
    func naturalList(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }
}
