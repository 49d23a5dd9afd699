/// Reads a template's `data` map: custom top-level payload keys.
struct DataReader {
    var reader: NodeReader

    /// Keys the renderer writes itself.
    static let reservedKeys: [String: String] = [
        "aps": "the 'aps' dictionary is built from the template's messages and 'apns'",
        "localization_content": "content mode writes 'localization_content'",
    ]

    mutating func readData(_ node: YAMLNode) -> [DataEntry] {
        guard let entries = readObject(node, requirement: "'data' must be a map") else { return [] }
        return entries.filter { entry in
            guard let reason = Self.reservedKeys[entry.key] else { return true }
            reader.report(
                CatalogError.Code.invalidValue,
                "data key '\(entry.key)' is reserved: \(reason)",
                at: entry.location
            )
            return false
        }
    }

    private mutating func readObject(_ node: YAMLNode, requirement: String) -> [DataEntry]? {
        guard let entries = reader.entries(of: node, requirement: requirement) else { return nil }
        var result: [DataEntry] = []
        for entry in entries {
            if let first = result.first(where: { $0.key == entry.key }) {
                reader.report(
                    CatalogError.Code.duplicateKey,
                    "data key '\(entry.key)' is given twice (first at \(first.location.line):\(first.location.column))",
                    at: entry.location
                )
                continue
            }
            if let value = readValue(entry.value) {
                result.append(DataEntry(key: entry.key, value: value, location: entry.location))
            }
        }
        return result
    }

    private mutating func readValue(_ node: YAMLNode) -> TemplateValue? {
        switch node {
        case .mapping:
            return readObject(node, requirement: "a data value must be a map").map(TemplateValue.object)
        case .sequence(let sequence):
            var values: [TemplateValue] = []
            for element in sequence {
                guard let value = readValue(element) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .scalar:
            return readScalar(node)
        }
    }

    private mutating func readScalar(_ node: YAMLNode) -> TemplateValue? {
        switch reader.value(of: node) {
        case .null?, nil: return .null
        case .bool(let flag)?: return .bool(flag)
        case .integer(let value)?: return .integer(value)
        case .number(let value)?:
            guard value.isFinite else {
                reader.report(
                    CatalogError.Code.invalidValue,
                    "\(reader.describe(node)) is not a JSON number",
                    at: node
                )
                return nil
            }
            return .number(value)
        case .string?:
            return reader.sourceText(of: node).map(TemplateValue.string)
        }
    }
}
