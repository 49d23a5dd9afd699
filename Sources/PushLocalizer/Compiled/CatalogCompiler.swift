/// Compiles a catalog's messages, collecting every error with its file location.
struct CatalogCompiler {
    let sourceLocale: String
    /// The catalog's right-to-left locales (each compiled locale knows its direction).
    let rightToLeftLocales: Set<String>
    private(set) var errors: [CatalogError] = []
    /// The template being compiled's declared argument names: every message of a template reads
    /// its values from one array in this order.
    private var argumentOrder: [String] = []

    init(sourceLocale: String, rightToLeftLocales: Set<String> = []) {
        self.sourceLocale = sourceLocale
        self.rightToLeftLocales = rightToLeftLocales
    }

    mutating func compile(_ template: Template, translations: [LocaleFile]) -> CompiledTemplate {
        argumentOrder = template.arguments.map(\.name)
        var messages: [String: [MessageField: CompiledMessage]] = [:]
        messages[sourceLocale] = compileFields(template.messages, locale: sourceLocale, key: template.key)
        for file in translations {
            guard let translation = file.translations[template.key] else { continue }
            let present = translation.messages.filter { template.messages[$0.key] != nil }
            messages[file.tag] = compileFields(present, locale: file.tag, key: template.key)
        }
        let apns = template.apns
        let fcm = template.fcm
        let webpush = template.webpush
        let platformSettings = PlatformSettingMessages(
            fcmCollapseKey: setting(fcm.collapseKey, key: template.key),
            fcmChannelID: setting(fcm.channelID, key: template.key),
            fcmTag: setting(fcm.tag, key: template.key),
            fcmIcon: setting(fcm.icon, key: template.key),
            fcmColor: setting(fcm.color, key: template.key),
            fcmSound: setting(fcm.sound, key: template.key),
            fcmClickAction: setting(fcm.clickAction, key: template.key),
            webPushTopic: setting(webpush.topic, key: template.key),
            webPushIcon: setting(webpush.icon, key: template.key),
            webPushBadge: setting(webpush.badge, key: template.key),
            webPushTag: setting(webpush.tag, key: template.key)
        )
        return CompiledTemplate(
            template: template,
            messages: messages,
            category: apns.category.flatMap { compile($0, locale: sourceLocale, key: template.key) },
            threadID: apns.threadID.flatMap { compile($0, locale: sourceLocale, key: template.key) },
            sound: apns.sound.flatMap { compile($0, locale: sourceLocale, key: template.key) },
            targetContentID: apns.targetContentID.flatMap { compile($0, locale: sourceLocale, key: template.key) },
            collapseID: apns.collapseID.flatMap { compile($0, locale: sourceLocale, key: template.key) },
            data: template.data.map { compile($0, key: template.key) },
            sourceLocale: sourceLocale,
            rightToLeftLocales: rightToLeftLocales,
            platformSettings: platformSettings
        )
    }

    /// A platform string of the template, compiled in the source locale.
    private mutating func setting(_ text: SourceText?, key: String) -> CompiledMessage? {
        text.flatMap { compile($0, locale: sourceLocale, key: key) }
    }

    private mutating func compileFields(
        _ fields: [MessageField: SourceText],
        locale: String,
        key: String
    )
        -> [MessageField: CompiledMessage]
    {
        var compiled: [MessageField: CompiledMessage] = [:]
        for (field, text) in fields {
            if let message = compile(text, locale: locale, key: key) { compiled[field] = message }
        }
        return compiled
    }

    private mutating func compile(_ entry: DataEntry, key: String) -> CompiledDataEntry {
        CompiledDataEntry(key: entry.key, value: compile(entry.value, key: key))
    }

    private mutating func compile(_ value: TemplateValue, key: String) -> CompiledValue {
        switch value {
        case .string(let text):
            if let message = compile(text, locale: sourceLocale, key: key) { return .string(message) }
            return .literal(.string(text.text))
        case .number(let number): return .literal(.number(JSONNumber.text(number)))
        case .integer(let number): return .literal(.number(String(number)))
        case .bool(let flag): return .literal(.bool(flag))
        case .null: return .literal(.null)
        case .array(let values): return .array(values.map { compile($0, key: key) })
        case .object(let entries): return .object(entries.map { compile($0, key: key) })
        }
    }

    private mutating func compile(_ text: SourceText, locale: String, key: String) -> CompiledMessage? {
        // A message compiled elsewhere is reused when its slots follow the template's declaration
        // order, which is how the renderer hands it its values.
        if let precompiled = text.precompiled, precompiled.locale == locale,
            precompiled.message.argumentNames.starts(with: argumentOrder)
        {
            return precompiled.message
        }
        do {
            return try CompiledMessage(pattern: text.text, locale: locale, argumentOrder: argumentOrder)
        } catch {
            let offset: Int
            switch error {
            case .syntax(let syntax): offset = syntax.byteOffset
            case .invalidStyle(_, _, _, let range): offset = range.start
            default: offset = 0
            }
            errors.append(
                CatalogError(
                    location: text.location(ofByteOffset: offset),
                    code: "syntax",
                    message: "\(key) (\(locale)): \(error.description)"
                )
            )
            return nil
        }
    }
}
