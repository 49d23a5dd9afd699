/// Reads the templates of one `Templates/*.yaml` file.
struct TemplateReader {
    var reader: NodeReader

    static let templateFields = [
        "description", "args", "title", "subtitle", "body", "apns", "fcm", "webpush", "data", "loc-keys", "budget",
    ]
    static let maximumBudget: Int64 = 5120

    /// The file's templates in file order, each with the location of its key. Repeated keys are
    /// all returned; the catalog keeps the first.
    mutating func readTemplates() -> [Template] {
        guard let root = reader.file.root else { return [] }
        guard
            let entries = reader.entries(
                of: root,
                requirement: "a template file must be a map of template key to template"
            )
        else { return [] }
        var templates: [Template] = []
        for entry in entries {
            guard Self.isValidKey(entry.key) else {
                reader.report(
                    CatalogError.Code.invalidKey,
                    "invalid template key '\(entry.key)': use only letters, digits, '.', '_' and '-'",
                    at: entry.location
                )
                continue
            }
            if let template = readTemplate(entry) { templates.append(template) }
        }
        return templates
    }

    /// Loc-key style: ASCII letters, digits, `.`, `_`, `-`; not empty.
    static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty
            && key.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || ".-_".unicodeScalars.contains(scalar))
            }
    }

    private mutating func readTemplate(_ entry: MappingEntry) -> Template? {
        let key = entry.key
        guard
            let fields = reader.fields(
                of: entry.value,
                known: Self.templateFields,
                requirement: "template '\(key)' must be a map of fields",
                naming: "template field"
            )
        else { return nil }
        var template = Template(key: key, messages: [:], location: entry.location)
        if let node = fields["description"]?.value {
            if case .scalar = node {
                template.description = reader.sourceText(of: node)?.text
            } else {
                reader.report(
                    CatalogError.Code.invalidValue,
                    "'description' must be a string, found \(reader.describe(node))",
                    at: node
                )
            }
        }
        template.messages = readMessages(fields)
        let hasText = ["title", "body"].contains { name in fields[name].map { !reader.isNull($0.value) } ?? false }
        if !hasText {
            reader.report(
                CatalogError.Code.missingField,
                "template '\(key)' needs a 'title' or a 'body'",
                at: entry.location
            )
        }
        if let node = fields["args"]?.value {
            var arguments = ArgumentReader(reader: reader)
            template.arguments = arguments.readArguments(node)
            reader = arguments.reader
        }
        if let node = fields["apns"]?.value {
            var apns = APNsReader(reader: reader)
            template.apns = apns.readSettings(node)
            template.hasAPNsSettings = true
            reader = apns.reader
        }
        if let node = fields["fcm"]?.value {
            var fcm = FCMReader(reader: reader)
            template.fcm = fcm.readSettings(node)
            reader = fcm.reader
        }
        if let node = fields["webpush"]?.value {
            var webpush = WebPushReader(reader: reader)
            template.webpush = webpush.readSettings(node)
            reader = webpush.reader
        }
        if let node = fields["data"]?.value {
            var data = DataReader(reader: reader)
            template.data = data.readData(node)
            reader = data.reader
        }
        if let node = fields["loc-keys"]?.value {
            template.locKeys = readLocKeys(node)
        }
        if let node = fields["budget"]?.value {
            template.budget = reader.integer(
                node,
                in: 1...Self.maximumBudget,
                field: "budget",
                requirement: "a positive integer of at most \(Self.maximumBudget) bytes"
            )
        }
        return template
    }

    /// `title`, `subtitle` and `body`: any non-null scalar is a message, taken as written.
    /// A null message (`subtitle:` left empty) counts as absent.
    private mutating func readMessages(_ fields: [String: MappingEntry]) -> [MessageField: SourceText] {
        var messages: [MessageField: SourceText] = [:]
        for field in MessageField.allCases {
            guard let node = fields[field.rawValue]?.value else { continue }
            if case .scalar = node {
                messages[field] = reader.sourceText(of: node)
            } else {
                reader.report(
                    CatalogError.Code.invalidValue,
                    "'\(field.rawValue)' must be a message string, found \(reader.describe(node))",
                    at: node
                )
            }
        }
        return messages
    }

    private mutating func readLocKeys(_ node: YAMLNode) -> [MessageField: String] {
        let known = MessageField.allCases.map(\.rawValue)
        guard
            let fields = reader.fields(
                of: node,
                known: known,
                requirement: "'loc-keys' must be a map of field to key",
                naming: "loc-keys field"
            )
        else { return [:] }
        var keys: [MessageField: String] = [:]
        for field in MessageField.allCases {
            guard let value = fields[field.rawValue]?.value else { continue }
            if let text = reader.sourceText(of: value)?.text, !text.isEmpty {
                keys[field] = text
            } else {
                reader.report(
                    CatalogError.Code.invalidValue,
                    "loc-keys '\(field.rawValue)' must be a non-empty string, found \(reader.describe(value))",
                    at: value
                )
            }
        }
        return keys
    }
}
