extension PayloadComposer {
    /// `localization_content`: one object per included locale; a locale whose texts equal an
    /// earlier entry's is written as that entry's tag (`"en-GB": "en"`).
    func writeContent(
        _ layout: Layout,
        _ writer: inout JSONWriter,
        _ values: [String: ArgumentValue],
        occurrences: inout [String: Int],
        composition: inout Composition
    ) throws(RenderError) {
        writer.beginObject()
        var written: [(tag: String, texts: [MessageField: [UInt8]])] = []
        for locale in layout.content {
            var texts: [MessageField: [UInt8]] = [:]
            var spans: [TextArgumentSpan] = []
            for field in compiled.fields {
                guard let (fieldLocale, message) = compiled.message(for: field, along: locale.chain) else { continue }
                var fieldSpans: [TextArgumentSpan] = []
                let text = try format(message, values, isolate: isolates(fieldLocale), spans: &fieldSpans)
                composition.contentTexts[locale.tag, default: [:]][field] = text
                if let frozen = layout.frozenTexts[locale.tag]?[field] {
                    texts[field] = frozen
                    continue
                }
                texts[field] = text
                spans += fieldSpans
            }
            composition.contentLocales.append(locale.tag)
            let entryStart = writer.bytes.count
            defer { composition.contentEntryBytes[locale.tag] = writer.bytes.count - entryStart }
            writer.key(locale.tag)
            if let original = written.first(where: { $0.texts == texts }) {
                writer.string(original.tag)
                composition.contentAliases.insert(locale.tag)
                continue
            }
            spans.forEach { occurrences[$0.name, default: 0] += 1 }
            writer.beginObject()
            for field in compiled.fields {
                guard let text = texts[field] else { continue }
                writer.key(field.rawValue)
                writer.string(text)
            }
            writer.endObject()
            written.append((locale.tag, texts))
        }
        writer.endObject()
    }

    /// `loc-key` mode's alert: the app bundle's keys, and each field's arguments formatted as
    /// text in the negotiated locale, in the order the source message first uses them.
    func writeLocKeyAlert(
        _ writer: inout JSONWriter,
        _ values: [String: ArgumentValue],
        occurrences: inout [String: Int],
        composition: inout Composition
    ) throws(RenderError) {
        let locale = chain.first ?? sourceLocale
        writer.beginObject()
        for field in compiled.fields {
            let names: (key: String, args: String) =
                switch field {
                case .title: ("title-loc-key", "title-loc-args")
                case .subtitle: ("subtitle-loc-key", "subtitle-loc-args")
                case .body: ("loc-key", "loc-args")
                }
            writer.key(names.key)
            writer.string(compiled.template.locKeys[field] ?? "\(compiled.template.key).\(field.rawValue)")
            composition.fieldLocales[field] = locale
            let arguments = compiled.messages[sourceLocale]?[field]?.syntax.argumentUsages.map(\.name) ?? []
            guard !arguments.isEmpty else { continue }
            writer.key(names.args)
            writer.beginArray()
            for name in arguments {
                guard let value = values[name] else {
                    throw RenderError(RenderError.Code.missingArgument, "missing argument '\(name)'")
                }
                if case .string = value { occurrences[name, default: 0] += 1 }
                do {
                    writer.string(try CompiledMessage.formatPlain(value, locale: locale, timeZone: timeZone))
                } catch {
                    throw RenderError(RenderError.Code.formatFailed, error.description)
                }
            }
            writer.endArray()
        }
        writer.endObject()
    }
}
