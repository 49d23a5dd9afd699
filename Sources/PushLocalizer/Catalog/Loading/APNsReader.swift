/// Reads a template's `apns` map.
struct APNsReader {
    var reader: NodeReader

    static let fields = [
        "category", "thread-id", "sound", "interruption-level", "relevance-score", "target-content-id",
        "badge", "push-type", "priority", "collapse-id", "expiration",
    ]
    /// APNs refuses a longer `apns-collapse-id`.
    static let maximumCollapseIDBytes = 64

    mutating func readSettings(_ node: YAMLNode) -> APNsSettings {
        var settings = APNsSettings()
        guard
            let fields = reader.fields(
                of: node,
                known: Self.fields,
                requirement: "'apns' must be a map",
                naming: "apns field"
            )
        else { return settings }
        settings.category = fields["category"].flatMap { text($0.value, field: "category") }
        settings.threadID = fields["thread-id"].flatMap { text($0.value, field: "thread-id") }
        settings.sound = fields["sound"].flatMap { text($0.value, field: "sound") }
        settings.targetContentID = fields["target-content-id"].flatMap { text($0.value, field: "target-content-id") }
        if let node = fields["collapse-id"]?.value, let collapseID = text(node, field: "collapse-id") {
            settings.collapseID = collapseID
            checkCollapseIDLength(collapseID)
        }
        if let node = fields["interruption-level"]?.value {
            settings.interruptionLevel = reader.choice(
                node,
                subject: "'interruption-level'",
                as: InterruptionLevel.self
            )
        }
        if let node = fields["push-type"]?.value,
            let pushType = reader.choice(node, subject: "'push-type'", as: PushType.self)
        {
            settings.pushType = pushType
        }
        if let node = fields["relevance-score"]?.value {
            settings.relevanceScore = relevanceScore(node)
        }
        if let node = fields["priority"]?.value {
            settings.priority = priority(node)
        }
        if let node = fields["expiration"]?.value {
            settings.expiration = reader.integer(
                node,
                in: 0...Int64(Int32.max),
                field: "expiration",
                requirement: "a non-negative integer (seconds)"
            )
        }
        if let node = fields["badge"]?.value {
            settings.badge = reader.integer(
                node,
                in: 0...Int64(Int32.max),
                field: "badge",
                requirement: "a non-negative integer"
            )
        }
        return settings
    }

    /// A string field; it may use `{args}`. Numbers are taken as written (`category: 7`).
    private mutating func text(_ node: YAMLNode, field: String) -> SourceText? {
        reader.templatedText(node, field: field)
    }

    /// A collapse id without arguments is sent as written (after ICU's `''` → `'`), so its length
    /// is known now; one with arguments is measured when rendered.
    private mutating func checkCollapseIDLength(_ collapseID: SourceText) {
        let text = collapseID.text
        guard !text.contains("{"), !text.contains("}") else { return }
        let bytes = text.replacingApostrophePairs().utf8.count
        guard bytes > Self.maximumCollapseIDBytes else { return }
        reader.report(
            CatalogError.Code.collapseID,
            "'collapse-id' is \(bytes) bytes; APNs allows at most \(Self.maximumCollapseIDBytes)",
            at: collapseID.location
        )
    }

    private mutating func relevanceScore(_ node: YAMLNode) -> Double? {
        switch reader.value(of: node) {
        case .integer(let value)? where (0...1).contains(value): return Double(value)
        case .number(let value)? where (0...1).contains(value): return value
        default:
            reader.report(
                CatalogError.Code.invalidValue,
                "'relevance-score' must be a number from 0 to 1, found \(reader.describe(node))",
                at: node
            )
            return nil
        }
    }

    private mutating func priority(_ node: YAMLNode) -> Int? {
        if case .integer(let value)? = reader.value(of: node), [10, 5, 1].contains(value) { return Int(value) }
        reader.report(
            CatalogError.Code.invalidValue,
            "'priority' must be 10, 5 or 1, found \(reader.describe(node))",
            at: node
        )
        return nil
    }
}

extension String {
    /// ICU MessageFormat prints `''` as one apostrophe.
    fileprivate func replacingApostrophePairs() -> String {
        var result = ""
        var previousWasApostrophe = false
        for character in self {
            if character == "'" && previousWasApostrophe {
                previousWasApostrophe = false
                continue
            }
            previousWasApostrophe = character == "'"
            result.append(character)
        }
        return result
    }
}
