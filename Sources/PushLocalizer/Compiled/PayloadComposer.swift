import ICUKit

/// Writes one payload for a set of argument values, formatting every message straight into the
/// payload buffer, and measures it when asked: how many times each text argument occurs in it
/// (what budget fitting needs to share bytes fairly).
struct PayloadComposer {
    let compiled: CompiledTemplate
    let mode: RenderMode
    let chain: [String]
    let sourceLocale: String
    let timeZone: String?
    let isolation: BidiIsolation
    /// Whether to count where text arguments land (occurrences). Only fitting needs it; a payload
    /// that fits at once is composed without.
    var measures = true
    /// Whether to note where each text argument starts in the payload (`Composition.insertions`).
    var recordsInsertions = false

    struct Composition {
        var payload: [UInt8]
        /// Occurrences of each text argument in the payload, by slot (empty when not measured).
        var occurrences: [Int]
        var fieldLocales: FieldLocales
        /// Content mode: the locales written, in order (aliases included).
        var contentLocales: [String]
        /// Content mode: the locales written as an alias of an earlier entry.
        var contentAliases: Set<String>
        /// Where each text argument starts in the payload, in payload order (when recorded).
        var insertions: [TextInsertion] = []

        /// Nothing composed yet.
        static var empty: Composition {
            Composition(
                payload: [],
                occurrences: [],
                fieldLocales: FieldLocales(),
                contentLocales: [],
                contentAliases: []
            )
        }
    }

    /// One locale of `localization_content` and the chain its fields fall back along.
    /// (A class: content mode passes lists of twenty of these around, one retain each.)
    final class ContentLocale: Sendable {
        let tag: String
        let chain: [String]
        /// The tag as a JSON key (`"tag":`), escaped once.
        let key: [UInt8]
        /// The tag as a JSON string value (`"tag"`): what an entry equal to this one is written as.
        let aliasValue: [UInt8]
        /// Its place in the catalog's list of content locales when `chain` is the catalog's own
        /// chain for `tag`: each template plans that entry (`CompiledTemplate.contentPlans`).
        let ordinal: Int?

        init(tag: String, chain: [String], ordinal: Int? = nil) {
            self.tag = tag
            self.chain = chain
            self.ordinal = ordinal
            key = JSONWriter.keyText(tag)
            var value = JSONWriter(reservingCapacity: tag.utf8.count + 2)
            value.string(tag)
            aliasValue = value.bytes
        }
    }

    /// What to write besides the plain render.
    struct Layout {
        /// Step 4: cut the `aps.alert` body to this many bytes and append the ellipsis.
        var bodyCut: (length: Int, ellipsis: [UInt8])?
        /// Content mode: the locales to include, in payload order.
        var content: [ContentLocale] = []
        /// Content mode, `overflow: drop`: the entries from this index on are optional; each joins
        /// only while the payload stays within `optionalBudget` bytes, and the first that does not
        /// fit ends the list (it and every later one are left out).
        var optionalFrom = Int.max
        var optionalBudget = Int.max
        /// Content mode, `overflow: trim`: texts that replace the rendered ones (already cut), by tag.
        var frozenTexts: [String: [MessageField: [UInt8]]] = [:]
    }

    /// Composes the payload.
    /// - Parameters:
    ///   - values: the argument values by slot (trimmed ones already trimmed).
    ///   - layout: body cut and content-mode locales.
    func compose(_ values: [ArgumentValue?], layout: Layout = Layout()) throws(RenderError) -> Composition {
        var occurrences = measures ? Array(repeating: 0, count: values.count) : []
        // A payload that drops content locales stops near its budget: room for that at once.
        let capacity = layout.optionalBudget < 1 << 16 ? layout.optionalBudget + 256 : 1024
        var writer =
            compiled.countsJSON
            ? JSONWriter(reservingCapacity: capacity) : JSONWriter.countedText(reservingCapacity: capacity)
        if recordsInsertions { writer.insertions = [] }
        var composition = Composition.empty
        try write(values, layout: layout, into: &writer, occurrences: &occurrences, composition: &composition)
        composition.payload = writer.bytes
        composition.occurrences = occurrences
        composition.insertions = writer.insertions ?? []
        return composition
    }

    /// The plan of this composer's `resolved` payload (see `PayloadPlan`): composed once, in
    /// planning mode.
    func plan() -> PayloadPlan? {
        guard mode == .resolved else { return nil }
        return planned { (writer, composition) throws(RenderError) in
            var occurrences: [Int] = []
            try write([], layout: Layout(), into: &writer, occurrences: &occurrences, composition: &composition)
        }
    }

    /// What `write` writes into a planning writer, as a plan (planning formats nothing, so it
    /// fails only where composing would for any values).
    func planned(
        by write: (inout JSONWriter, inout Composition) throws(RenderError) -> Void
    ) -> PayloadPlan? {
        let escapes = compiled.countsJSON
        var writer = JSONWriter.planning(writesText: !escapes)
        var composition = Composition.empty
        guard (try? write(&writer, &composition)) != nil else { return nil }
        return PayloadPlan(segments: writer.finishPlan(), fieldLocales: composition.fieldLocales, escapes: escapes)
    }

    private func write(
        _ values: [ArgumentValue?],
        layout: Layout,
        into writer: inout JSONWriter,
        occurrences: inout [Int],
        composition: inout Composition
    ) throws(RenderError) {
        let outline = compiled.outline(mode)
        if case .root? = outline.content {
            try writeContent(layout, &writer, values, occurrences: &occurrences, composition: &composition)
            return
        }
        if mode == .content, layout.bodyCut == nil, !writer.isPlanning, writer.insertions == nil,
            let first = chain.first, let head = compiled.contentHeadPlans[first], head.chain == chain
        {
            try writer.members { (output: inout [UInt8]) throws(RenderError) in
                try head.plan.append(values, timeZone: timeZone, to: &output, counting: &occurrences)
            }
            composition.fieldLocales = head.plan.fieldLocales
        } else {
            try writeHead(values, layout: layout, into: &writer, occurrences: &occurrences, composition: &composition)
        }
        switch outline.content {
        case nil, .root?:
            break
        case .member(let key)?:
            writer.key(escaped: key)
            try writeContent(layout, &writer, values, occurrences: &occurrences, composition: &composition)
        case .nested(_, _, let key)?:
            writer.key(escaped: key)
            try writeContent(layout, &writer, values, occurrences: &occurrences, composition: &composition)
            writer.endObject()
        }
        writer.endObject()
    }

    /// The plan of a `content` payload's head (see `writeHead`) for this composer's chain.
    func contentHeadPlan() -> PayloadPlan? {
        guard mode == .content else { return nil }
        return planned { (writer, composition) throws(RenderError) in
            var occurrences: [Int] = []
            try writeHead([], layout: Layout(), into: &writer, occurrences: &occurrences, composition: &composition)
        }
    }

    /// Everything before the content entries: the root object opened and the outline's head
    /// members written (see `PayloadOutline`), then, when the entries are nested, their parent
    /// object opened and its members written.
    private func writeHead(
        _ values: [ArgumentValue?],
        layout: Layout,
        into writer: inout JSONWriter,
        occurrences: inout [Int],
        composition: inout Composition
    ) throws(RenderError) {
        writer.beginObject()
        let outline = compiled.outline(mode)
        try write(
            members: outline.head,
            values,
            layout: layout,
            into: &writer,
            occurrences: &occurrences,
            composition: &composition
        )
        if case .nested(let parentKey, let members, _)? = outline.content {
            writer.key(escaped: parentKey)
            writer.beginObject()
            try write(
                members: members,
                values,
                layout: layout,
                into: &writer,
                occurrences: &occurrences,
                composition: &composition
            )
        }
    }

    /// Members of an object in the outline: each key and its value, or the custom data's members.
    private func write(
        members: [PayloadOutline.Member],
        _ values: [ArgumentValue?],
        layout: Layout,
        into writer: inout JSONWriter,
        occurrences: inout [Int],
        composition: inout Composition
    ) throws(RenderError) {
        for member in members {
            switch member {
            case .keyed(let key, let node):
                writer.key(escaped: key)
                try write(
                    node,
                    values,
                    layout: layout,
                    into: &writer,
                    occurrences: &occurrences,
                    composition: &composition
                )
            case .customData:
                for entry in compiled.data {
                    writer.key(entry.key)
                    try write(entry.value, &writer, values, occurrences: &occurrences)
                }
            case .textField(let field, let key):
                try writeTextField(
                    field,
                    key: key,
                    values,
                    layout: layout,
                    into: &writer,
                    occurrences: &occurrences,
                    composition: &composition
                )
            case .negotiatedLocale(let key):
                writer.key(escaped: key)
                writer.string(chain.first ?? sourceLocale)
            case .localizationArgumentValues:
                try writeLocArgumentValues(&writer, values, occurrences: &occurrences, composition: &composition)
            }
        }
    }

    /// One value of the outline.
    private func write(
        _ node: PayloadOutline.Node,
        _ values: [ArgumentValue?],
        layout: Layout,
        into writer: inout JSONWriter,
        occurrences: inout [Int],
        composition: inout Composition
    ) throws(RenderError) {
        switch node {
        case .object(let members):
            writer.beginObject()
            try write(
                members: members,
                values,
                layout: layout,
                into: &writer,
                occurrences: &occurrences,
                composition: &composition
            )
            writer.endObject()
        case .textFields:
            try writeTextFields(
                values,
                layout: layout,
                into: &writer,
                occurrences: &occurrences,
                composition: &composition
            )
        case .localizationKeys:
            try writeLocKeyAlert(&writer, values, occurrences: &occurrences, composition: &composition)
        case .setting(let message):
            try writeMessage(message, values, isolate: false, into: &writer, counting: &occurrences)
        case .constant(let json):
            writer.rawValue(json)
        }
    }

    /// The text fields, each in the first locale of the chain that translates it; the body cut
    /// when the layout says so.
    private func writeTextFields(
        _ values: [ArgumentValue?],
        layout: Layout,
        into writer: inout JSONWriter,
        occurrences: inout [Int],
        composition: inout Composition
    ) throws(RenderError) {
        writer.beginObject()
        for field in compiled.fields {
            try writeTextField(
                field,
                key: nil,
                values,
                layout: layout,
                into: &writer,
                occurrences: &occurrences,
                composition: &composition
            )
        }
        writer.endObject()
    }

    /// One text field as a member: under `key` (nil: the field's own key), in the first locale of
    /// the chain that translates it; nothing when none does.
    private func writeTextField(
        _ field: MessageField,
        key: [UInt8]?,
        _ values: [ArgumentValue?],
        layout: Layout,
        into writer: inout JSONWriter,
        occurrences: inout [Int],
        composition: inout Composition
    ) throws(RenderError) {
        guard let (locale, message, rightToLeft) = compiled.message(for: field, along: chain) else { return }
        composition.fieldLocales[field] = locale
        if let key { writer.key(escaped: key) } else { writer.key(plain: field.key) }
        let isolate = isolates(rightToLeft: rightToLeft)
        if field == .body, let cut = layout.bodyCut {
            let text = try cutBody(message, values, isolate: isolate, cut: cut, occurrences: &occurrences)
            writer.string(text)
        } else {
            try writeMessage(message, values, isolate: isolate, into: &writer, counting: &occurrences)
        }
    }

    /// Formats `message` as a JSON string value straight into the payload.
    func writeMessage(
        _ message: CompiledMessage,
        _ values: [ArgumentValue?],
        isolate: Bool,
        into writer: inout JSONWriter,
        counting occurrences: inout [Int]
    ) throws(RenderError) {
        if let literal = message.literalText {
            writer.string(literal)
            return
        }
        if writer.isPlanning {
            writer.plannedString(message, isolate: isolate)
            return
        }
        let options = FormatOptions(timeZone: timeZone, isolatesText: isolate)
        if writer.insertions != nil {
            try writeRecording(message, values, options: options, into: &writer, counting: &occurrences)
            return
        }
        try writer.string { (output: inout [UInt8]) throws(RenderError) in
            // `message` is held here for the whole call.
            let unretained = CompiledMessage.Unretained(message)
            try Self.format(unretained, values, options: options, into: &output, counting: &occurrences)
        }
    }

    /// Formats `message` onto `output`, adding one to `counts[slot]` for each text argument
    /// written (nothing is counted when `counts` is empty).
    static func format(
        _ message: CompiledMessage.Unretained,
        _ values: [ArgumentValue?],
        options: FormatOptions,
        into output: inout [UInt8],
        counting counts: inout [Int]
    ) throws(RenderError) {
        try rendering { () throws(MessageFormatError) in
            if counts.isEmpty {
                try message.format(slots: values, options: options, into: &output)
            } else {
                try message.format(slots: values, options: options, into: &output, countingTextArgumentsIn: &counts)
            }
        }
    }

    /// `writeMessage` noting where each text argument starts, in escaped payload offsets.
    private func writeRecording(
        _ message: CompiledMessage,
        _ values: [ArgumentValue?],
        options: FormatOptions,
        into writer: inout JSONWriter,
        counting occurrences: inout [Int]
    ) throws(RenderError) {
        var found: [TextInsertion] = []
        var spans: [TextArgumentSpan] = []
        let escapes = !writer.writesText
        try writer.string { (output: inout [UInt8]) throws(RenderError) in
            try Self.formatRecording(
                message,
                values,
                options: options,
                into: &output,
                counting: &occurrences,
                insertions: &found,
                spans: &spans,
                escapes: escapes
            )
        }
        writer.insertions?.append(contentsOf: found)
    }

    /// Formats `message` raw onto `output` and notes where each text argument starts, as an offset
    /// in the output once escaped (the caller escapes from where the text began), adding one to
    /// `counts[slot]` for each (nothing is counted when `counts` is empty).
    /// - Parameters:
    ///   - spans: scratch space for the spans (emptied first), so that recording several messages
    ///     reuses one array.
    static func formatRecording(
        _ message: CompiledMessage,
        _ values: [ArgumentValue?],
        options: FormatOptions,
        into output: inout [UInt8],
        counting counts: inout [Int],
        insertions: inout [TextInsertion],
        spans: inout [TextArgumentSpan],
        escapes: Bool = true
    ) throws(RenderError) {
        let start = output.count
        spans.removeAll(keepingCapacity: true)
        try rendering { () throws(MessageFormatError) in
            try message.format(slots: values, options: options, into: &output, recordingTextSpansIn: &spans)
        }
        // An offset moves by the escapes before it.
        output.withUnsafeBufferPointer { written in
            // A template's messages read its declared arguments at their slots (one value each); a
            // name it does not declare has a slot past them.
            for span in spans where span.slot >= 0 && span.slot < values.count {
                let slot = span.slot
                if !counts.isEmpty { counts[slot] += 1 }
                let before = UnsafeBufferPointer(rebasing: written[start..<span.range.lowerBound])
                let offset = escapes ? JSONEscaping.size(ofContiguous: before) : before.count
                insertions.append(TextInsertion(slot: slot, offset: start + offset))
            }
        }
    }

    /// The body cut for step 4 (raw UTF-8, ellipsis appended); arguments past the cut no longer
    /// occur in the payload.
    private func cutBody(
        _ message: CompiledMessage,
        _ values: [ArgumentValue?],
        isolate: Bool,
        cut: (length: Int, ellipsis: [UInt8]),
        occurrences: inout [Int]
    ) throws(RenderError) -> [UInt8] {
        var spans: [TextArgumentSpan] = []
        let text = try format(message, values, isolate: isolate, spans: &spans)
        if !occurrences.isEmpty {
            for span in spans where span.range.lowerBound < cut.length {
                if let slot = compiled.slot(of: span.name) { occurrences[slot] += 1 }
            }
        }
        return Array(text[..<min(cut.length, text.count)]) + cut.ellipsis
    }

    /// The `aps.alert` body as formatted (raw UTF-8), and where the first pinned text argument
    /// starts in it (`Int.max` when none): the body may only be cut before it. Nil without a body.
    func body(_ values: [ArgumentValue?]) throws(RenderError) -> (text: [UInt8], pinnedStart: Int)? {
        guard mode != .locKey, let (_, message, rightToLeft) = compiled.message(for: .body, along: chain) else {
            return nil
        }
        var spans: [TextArgumentSpan] = []
        let text = try format(message, values, isolate: isolates(rightToLeft: rightToLeft), spans: &spans)
        let pinnedStart = spans.first { compiled.pinnedNames.contains($0.name) }?.range.lowerBound ?? Int.max
        return (text, pinnedStart)
    }

    /// A custom `data` value; its strings are never bidi-isolated (ids and URLs must stay exact).
    private func write(
        _ value: CompiledValue,
        _ writer: inout JSONWriter,
        _ values: [ArgumentValue?],
        occurrences: inout [Int]
    ) throws(RenderError) {
        switch value {
        case .string(let message):
            try writeMessage(message, values, isolate: false, into: &writer, counting: &occurrences)
        case .literal(let json):
            writer.value(json)
        case .array where writer.writesText, .object where writer.writesText:
            // Counted text: the value's JSON text is one string (planning stops here: no plan).
            guard !writer.isPlanning else {
                throw RenderError(RenderError.Code.formatFailed, "a data object is not planned as counted text")
            }
            var json = JSONWriter(reservingCapacity: 128)
            try write(value, &json, values, occurrences: &occurrences)
            writer.string(json.bytes)
        case .array(let items):
            writer.beginArray()
            for item in items { try write(item, &writer, values, occurrences: &occurrences) }
            writer.endArray()
        case .object(let entries):
            writer.beginObject()
            for entry in entries {
                writer.key(entry.key)
                try write(entry.value, &writer, values, occurrences: &occurrences)
            }
            writer.endObject()
        }
    }

    /// Formats an apns string as raw UTF-8: never bidi-isolated.
    static func plainText(
        _ message: CompiledMessage,
        _ values: [ArgumentValue?],
        timeZone: String?
    ) throws(RenderError) -> [UInt8] {
        if let literal = message.literalText { return literal }
        // Settings are short (an id, a path): room for one at once, not a reallocation per piece.
        var output: [UInt8] = []
        output.reserveCapacity(Self.settingCapacity)
        try rendering { () throws(MessageFormatError) in
            try message.format(slots: values, options: FormatOptions(timeZone: timeZone), into: &output)
        }
        return output
    }

    /// The room `plainText` reserves, and the scratch space `plainString` formats into.
    private static let settingCapacity = 64

    /// ``plainText(_:_:timeZone:)`` as a string (a header's value), formatted into scratch space:
    /// a setting of at most `settingCapacity` bytes costs no array on the way.
    static func plainString(
        _ message: CompiledMessage,
        _ values: [ArgumentValue?],
        timeZone: String?
    ) throws(RenderError) -> String {
        if let literal = message.literalText { return String(decoding: literal, as: UTF8.self) }
        let short = try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: settingCapacity) {
            (scratch) throws(RenderError) -> String? in
            guard var output = FixedByteOutput(scratch) else { return nil }
            try rendering { () throws(MessageFormatError) in
                // `message` is alive for the whole call.
                try CompiledMessage.Unretained(message).format(
                    slots: values,
                    options: FormatOptions(timeZone: timeZone),
                    into: &output
                )
            }
            guard !output.overflowed else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: scratch[..<output.count]), as: UTF8.self)
        }
        if let short { return short }
        // A longer one (a header may refuse it, and says how long it is).
        return String(decoding: try plainText(message, values, timeZone: timeZone), as: UTF8.self)
    }

    /// Formats a message as raw UTF-8, noting where its text arguments land.
    func format(
        _ message: CompiledMessage,
        _ values: [ArgumentValue?],
        isolate: Bool,
        spans: inout [TextArgumentSpan]
    ) throws(RenderError) -> [UInt8] {
        if let literal = message.literalText { return literal }
        var output: [UInt8] = []
        let options = FormatOptions(timeZone: timeZone, isolatesText: isolate)
        try Self.rendering { () throws(MessageFormatError) in
            try message.format(slots: values, options: options, into: &output, recordingTextSpansIn: &spans)
        }
        return output
    }

    /// `format()`'s result, its formatting error turned into the render error.
    @inline(__always)
    static func rendering<Result>(_ format: () throws(MessageFormatError) -> Result) throws(RenderError) -> Result {
        do throws(MessageFormatError) {
            return try format()
        } catch {
            throw renderError(error)
        }
    }

    /// The render error for a formatting error.
    static func renderError(_ error: MessageFormatError) -> RenderError {
        switch error {
        case .invalidTimeZone(let zone):
            RenderError(RenderError.Code.invalidTimeZone, "unknown time zone '\(zone)'")
        case .missingArgument, .wrongArgumentType:
            RenderError(RenderError.Code.argumentType, error.description)
        default:
            RenderError(RenderError.Code.formatFailed, error.description)
        }
    }

    /// Whether text arguments are isolated in a message of a locale that writes right to left or not.
    func isolates(rightToLeft: Bool) -> Bool {
        switch isolation {
        case .always: true
        case .never: false
        case .auto: rightToLeft
        }
    }
}

/// Which locales write right to left, from the script ICU's likely subtags give them.
enum ScriptDirection {
    private static let rightToLeftScripts: Set<String> = [
        "Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg", "Mand", "Samr", "Mend", "Yezi",
    ]

    static func isRightToLeft(_ locale: String) -> Bool {
        guard let maximized = LocaleTags.maximize(locale) else { return false }
        return maximized.split(separator: "-").contains { rightToLeftScripts.contains(String($0)) }
    }
}
