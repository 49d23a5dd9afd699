import Foundation

extension PayloadComposer {
    /// `localization_content`: one object per included locale, written straight into the payload;
    /// a locale whose object equals an earlier entry's is written as that entry's tag
    /// (`"en-GB": "en"`). With `layout.optionalBudget`, optional entries join while the payload
    /// (closed) stays within it, and the first that does not fit ends the list (`ContentEntries`
    /// holds both rules).
    func writeContent(
        _ layout: Layout,
        _ writer: inout JSONWriter,
        _ values: [ArgumentValue?],
        occurrences: inout [Int],
        composition: inout Composition
    ) throws(RenderError) {
        writer.beginObject()
        composition.contentLocales.reserveCapacity(layout.content.count)
        try ContentEntries.withRoom(
            for: layout.content.count,
            optionalFrom: layout.optionalFrom,
            budget: layout.optionalBudget,
            closing: compiled.outline(mode).contentClosing
        ) { (entries: inout ContentEntries) throws(RenderError) in
            for index in layout.content.indices {
                let included = try writeContentEntry(
                    index,
                    layout,
                    &writer,
                    values,
                    entries: &entries,
                    occurrences: &occurrences,
                    composition: &composition
                )
                guard included else { break }
            }
        }
        writer.endObject()
    }

    /// Writes `localization_content`'s entry `index`: its object, or the tag of the earlier entry
    /// it equals; or nothing when it overflows.
    /// - Returns: whether it was written (false ends the list).
    private func writeContentEntry(
        _ index: Int,
        _ layout: Layout,
        _ writer: inout JSONWriter,
        _ values: [ArgumentValue?],
        entries: inout ContentEntries,
        occurrences: inout [Int],
        composition: inout Composition
    ) throws(RenderError) -> Bool {
        let locale = layout.content[index]
        let entryStart = writer.mark
        // Counted apart, so that an entry written as an alias or left out counts nothing.
        var entryCounts = occurrences.isEmpty ? [] : Array(repeating: 0, count: occurrences.count)
        writer.key(escaped: locale.key)
        let objectStart = writer.mark
        let objectOffset = writer.bytes.count
        if layout.frozenTexts.isEmpty, !writer.isPlanning, writer.insertions == nil,
            let plan = compiled.contentPlan(locale)
        {
            try writer.value { (output: inout [UInt8]) throws(RenderError) in
                try plan.append(values, timeZone: timeZone, to: &output, counting: &entryCounts)
            }
        } else {
            try writeContentObject(locale, layout, &writer, values, counting: &entryCounts)
        }
        let object = objectOffset..<writer.bytes.count
        let original = entries.earlierEntry(equalTo: object, in: writer.bytes)
        if let original {
            writer.rollBack(to: objectStart)
            writer.string(layout.content[original].tag)
        }
        if entries.overflows(index, payloadBytes: writer.bytes.count) {
            writer.rollBack(to: entryStart)
            return false
        }
        if original != nil {
            composition.contentAliases.insert(locale.tag)
        } else {
            entries.noteObject(of: index, at: object)
            for slot in entryCounts.indices { occurrences[slot] += entryCounts[slot] }
        }
        composition.contentLocales.append(locale.tag)
        return true
    }

    /// One `localization_content` entry's object, `{"title":…,"body":…}`: each field from the first
    /// locale of the entry's chain that has it.
    func writeContentObject(
        _ locale: ContentLocale,
        _ layout: Layout,
        _ writer: inout JSONWriter,
        _ values: [ArgumentValue?],
        counting entryCounts: inout [Int]
    ) throws(RenderError) {
        writer.beginObject()
        // Most entries find every field in their first locale: look it up once.
        let first = locale.chain.first.flatMap { compiled.messages[$0] }
        let frozenTexts = layout.frozenTexts.isEmpty ? nil : layout.frozenTexts[locale.tag]
        for field in compiled.fields {
            let found: (message: CompiledMessage, rightToLeft: Bool)
            if let first, let message = first[field] {
                found = (message, first.rightToLeft)
            } else if let (_, message, rightToLeft) = compiled.message(for: field, along: locale.chain) {
                found = (message, rightToLeft)
            } else {
                continue
            }
            writer.key(plain: field.key)
            if let frozen = frozenTexts?[field] {
                writer.string(frozen)
            } else {
                let isolate = isolates(rightToLeft: found.rightToLeft)
                try writeMessage(found.message, values, isolate: isolate, into: &writer, counting: &entryCounts)
            }
        }
        writer.endObject()
    }

    /// The plan of `locale`'s content entry object (see `PayloadPlan`), composed once in planning mode.
    func contentObjectPlan(_ locale: ContentLocale) -> PayloadPlan? {
        planned { (writer, _) throws(RenderError) in
            var counts: [Int] = []
            try writeContentObject(locale, Layout(), &writer, [], counting: &counts)
        }
    }

    /// Every content locale's texts as rendered (raw UTF-8), by tag and field.
    func contentTexts(
        _ locales: [ContentLocale],
        _ values: [ArgumentValue?]
    ) throws(RenderError) -> [String: [MessageField: [UInt8]]] {
        var texts: [String: [MessageField: [UInt8]]] = [:]
        for locale in locales {
            for field in compiled.fields {
                guard let (_, message, rightToLeft) = compiled.message(for: field, along: locale.chain) else {
                    continue
                }
                var spans: [TextArgumentSpan] = []
                texts[locale.tag, default: [:]][field] = try format(
                    message,
                    values,
                    isolate: isolates(rightToLeft: rightToLeft),
                    spans: &spans
                )
            }
        }
        return texts
    }

    /// `loc-key` mode's alert: the app bundle's keys, and each field's arguments formatted as
    /// text in the negotiated locale, in the order the source message first uses them.
    func writeLocKeyAlert(
        _ writer: inout JSONWriter,
        _ values: [ArgumentValue?],
        occurrences: inout [Int],
        composition: inout Composition
    ) throws(RenderError) {
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
            guard !(compiled.locArgumentNames[field] ?? []).isEmpty else {
                composition.fieldLocales[field] = chain.first ?? sourceLocale
                continue
            }
            writer.key(names.args)
            writer.beginArray()
            try writeLocArguments(of: field, &writer, values, occurrences: &occurrences, composition: &composition)
            writer.endArray()
        }
        writer.endObject()
    }

    /// Every field's `loc-key` arguments as string values, without keys or arrays: the text a
    /// platform counts in `loc-key` mode (`FCMShape`).
    func writeLocArgumentValues(
        _ writer: inout JSONWriter,
        _ values: [ArgumentValue?],
        occurrences: inout [Int],
        composition: inout Composition
    ) throws(RenderError) {
        for field in compiled.fields where field != .subtitle {
            try writeLocArguments(of: field, &writer, values, occurrences: &occurrences, composition: &composition)
        }
    }

    /// `field`'s arguments formatted as text in the negotiated locale, in the order the source
    /// message first uses them, each a string value.
    private func writeLocArguments(
        of field: MessageField,
        _ writer: inout JSONWriter,
        _ values: [ArgumentValue?],
        occurrences: inout [Int],
        composition: inout Composition
    ) throws(RenderError) {
        let locale = chain.first ?? sourceLocale
        composition.fieldLocales[field] = locale
        for name in compiled.locArgumentNames[field] ?? [] {
            guard let slot = compiled.slot(of: name), let value = values[slot] else {
                throw RenderError(RenderError.Code.missingArgument, "missing argument '\(name)'")
            }
            if case .string = value, !occurrences.isEmpty { occurrences[slot] += 1 }
            do {
                writer.string(try CompiledMessage.formatPlain(value, locale: locale, timeZone: timeZone))
            } catch {
                throw RenderError(RenderError.Code.formatFailed, error.description)
            }
        }
    }
}
