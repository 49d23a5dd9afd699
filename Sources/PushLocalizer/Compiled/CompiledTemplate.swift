/// A template with every message compiled for every locale that translates it.
struct CompiledTemplate: Sendable {
    let template: Template
    /// Messages by locale tag (the source locale included) and field.
    let messages: [String: [MessageField: CompiledMessage]]
    /// `apns` strings that may use `{args}`, compiled in the source locale.
    let category: CompiledMessage?
    let threadID: CompiledMessage?
    let sound: CompiledMessage?
    let targetContentID: CompiledMessage?
    let collapseID: CompiledMessage?
    /// Custom payload keys.
    let data: [CompiledDataEntry]

    /// The fields the template has (those its source locale defines), in payload order.
    var fields: [MessageField] {
        MessageField.allCases.filter { template.messages[$0] != nil }
    }

    /// The first locale of `chain` that translates `field`, and its message.
    func message(for field: MessageField, along chain: [String]) -> (locale: String, message: CompiledMessage)? {
        for locale in chain {
            if let message = messages[locale]?[field] { return (locale, message) }
        }
        return nil
    }
}

/// A compiled custom `data` value.
indirect enum CompiledValue: Sendable {
    case string(CompiledMessage)
    case literal(JSONValue)
    case array([CompiledValue])
    case object([CompiledDataEntry])
}

/// A compiled custom `data` key.
struct CompiledDataEntry: Sendable {
    let key: String
    let value: CompiledValue
}
