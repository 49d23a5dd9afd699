// The reference renderer reads the library's internals (`@testable import`), which a debug
// build exposes; a release build of the package compiles this target empty.
#if DEBUG
import MessageFormat

@testable import PushLocalizer

/// Writes one whole payload for given argument values, plainly: every message formatted to text,
/// then escaped and put in place by `ReferenceJSON`.
struct ReferenceComposer {
    let compiled: CompiledTemplate
    let mode: RenderMode
    let chain: [String]
    let timeZone: String?
    let isolation: BidiIsolation

    /// One `localization_content` entry: its tag and the chain its fields come from.
    struct Entry: Equatable {
        let tag: String
        let chain: [String]
    }

    /// What to write besides the plain render.
    struct Layout {
        /// The `aps.alert` body replaced by these bytes (a cut body with its ellipsis).
        var body: [UInt8]?
        /// Content mode's entries, in payload order.
        var content: [Entry] = []
        /// From this entry on, an entry joins only while the closed payload stays within
        /// `optionalBudget`; the first that does not ends the list.
        var optionalFrom = Int.max
        var optionalBudget = Int.max
        /// Content mode, `overflow: trim`: entry bodies replaced by these bytes (already cut), by tag.
        var bodies: [String: [UInt8]] = [:]
    }

    struct Composed {
        var payload: [UInt8]
        var fieldLocales = FieldLocales()
        /// The content entries written (aliases included).
        var contentLocales: [String] = []
        /// The content entries written as an alias of an earlier one.
        var aliases: Set<String> = []
    }

    /// Formats `message` to raw UTF-8.
    func text(_ message: CompiledMessage, _ values: [ArgumentValue?], isolate: Bool) throws(RenderError) -> [UInt8] {
        var output: [UInt8] = []
        do {
            try message.format(
                slots: values,
                options: FormatOptions(timeZone: timeZone, isolatesText: isolate),
                into: &output
            )
        } catch {
            throw PayloadComposer.renderError(error)
        }
        return output
    }

    /// Formats `message` to raw UTF-8, with where its text arguments landed.
    func spans(
        _ message: CompiledMessage,
        _ values: [ArgumentValue?],
        isolate: Bool
    ) throws(RenderError) -> (
        text: [UInt8], spans: [TextArgumentSpan]
    ) {
        var output: [UInt8] = []
        var spans: [TextArgumentSpan] = []
        do {
            try message.format(
                slots: values,
                options: FormatOptions(timeZone: timeZone, isolatesText: isolate),
                into: &output,
                recordingTextSpansIn: &spans
            )
        } catch {
            throw PayloadComposer.renderError(error)
        }
        return (output, spans)
    }

    func isolates(_ rightToLeft: Bool) -> Bool {
        switch isolation {
        case .always: true
        case .never: false
        case .auto: rightToLeft
        }
    }

    /// The `aps.alert` body as formatted, and where its first pinned text argument starts.
    func body(_ values: [ArgumentValue?]) throws(RenderError) -> (text: [UInt8], pinnedStart: Int)? {
        guard mode != .locKey, let found = compiled.message(for: .body, along: chain) else { return nil }
        let (text, spans) = try spans(found.message, values, isolate: isolates(found.rightToLeft))
        let pinned = spans.first { compiled.pinnedNames.contains($0.name) }?.range.lowerBound ?? Int.max
        return (text, pinned)
    }

    /// The whole payload.
    func compose(_ values: [ArgumentValue?], _ layout: Layout = Layout()) throws(RenderError) -> Composed {
        var composed = Composed(payload: [])
        var aps: [(key: String, value: [UInt8])] = []
        aps.append((key: "alert", value: try alert(values, layout, &composed)))
        let apns = compiled.template.apns
        if let badge = apns.badge { aps.append((key: "badge", value: Array(String(badge).utf8))) }
        if let sound = compiled.sound { aps.append((key: "sound", value: try plain(sound, values))) }
        if let thread = compiled.threadID { aps.append((key: "thread-id", value: try plain(thread, values))) }
        if let category = compiled.category { aps.append((key: "category", value: try plain(category, values))) }
        if mode == .content { aps.append((key: "mutable-content", value: Array("1".utf8))) }
        if let target = compiled.targetContentID {
            aps.append((key: "target-content-id", value: try plain(target, values)))
        }
        if let level = apns.interruptionLevel {
            aps.append((key: "interruption-level", value: ReferenceJSON.string(level.rawValue)))
        }
        if let score = apns.relevanceScore {
            aps.append((key: "relevance-score", value: Array(JSONNumber.text(score).utf8)))
        }
        var root: [(key: String, value: [UInt8])] = [(key: "aps", value: ReferenceJSON.object(aps))]
        for entry in compiled.data { root.append((key: entry.key, value: try data(entry.value, values))) }
        guard mode == .content else {
            composed.payload = ReferenceJSON.object(root)
            return composed
        }
        // Every entry is formatted, whether it joins or not (a format error never depends on the budget).
        let objects = try layout.content.map { (entry: Entry) throws(RenderError) -> [UInt8] in
            try contentObject(entry, values, body: layout.bodies[entry.tag])
        }
        var members: [(key: String, value: [UInt8])] = []
        var written: [(tag: String, object: [UInt8])] = []
        for (index, entry) in layout.content.enumerated() {
            let earlier = written.first { $0.object == objects[index] }
            let value = earlier.map { ReferenceJSON.string($0.tag) } ?? objects[index]
            let candidate = members + [(key: entry.tag, value: value)]
            let payload = ReferenceJSON.object(
                root + [(key: "localization_content", value: ReferenceJSON.object(candidate))]
            )
            if index >= layout.optionalFrom, payload.count > layout.optionalBudget { break }
            members = candidate
            if earlier == nil {
                written.append((entry.tag, objects[index]))
            } else {
                composed.aliases.insert(entry.tag)
            }
            composed.contentLocales.append(entry.tag)
        }
        root.append((key: "localization_content", value: ReferenceJSON.object(members)))
        composed.payload = ReferenceJSON.object(root)
        return composed
    }

    private func alert(
        _ values: [ArgumentValue?],
        _ layout: Layout,
        _ composed: inout Composed
    ) throws(RenderError)
        -> [UInt8]
    {
        if mode == .locKey { return try locKeyAlert(values, &composed) }
        var fields: [(key: String, value: [UInt8])] = []
        for field in compiled.fields {
            guard let found = compiled.message(for: field, along: chain) else { continue }
            composed.fieldLocales[field] = found.locale
            let text =
                field == .body && layout.body != nil
                ? layout.body! : try text(found.message, values, isolate: isolates(found.rightToLeft))
            fields.append((key: String(describing: field.key), value: ReferenceJSON.string(text)))
        }
        return ReferenceJSON.object(fields)
    }

    /// `loc-key` mode's alert members for each field: its key and its arguments.
    static let locKeyNames: [MessageField: (key: String, args: String)] = [
        .title: (key: "title-loc-key", args: "title-loc-args"),
        .subtitle: (key: "subtitle-loc-key", args: "subtitle-loc-args"),
        .body: (key: "loc-key", args: "loc-args"),
    ]

    private func locKeyAlert(_ values: [ArgumentValue?], _ composed: inout Composed) throws(RenderError) -> [UInt8] {
        let locale = chain.first ?? compiled.sourceLocale
        var members: [(key: String, value: [UInt8])] = []
        for field in compiled.fields {
            let names = Self.locKeyNames[field] ?? (key: "", args: "")
            let key = compiled.template.locKeys[field] ?? "\(compiled.template.key).\(field.rawValue)"
            members.append((key: names.key, value: ReferenceJSON.string(key)))
            composed.fieldLocales[field] = locale
            let arguments = compiled.locArgumentNames[field] ?? []
            guard !arguments.isEmpty else { continue }
            var texts: [[UInt8]] = []
            for name in arguments {
                guard let slot = compiled.slot(of: name), let value = values[slot] else {
                    throw RenderError(RenderError.Code.missingArgument, "missing argument '\(name)'")
                }
                do {
                    texts.append(
                        ReferenceJSON.string(try CompiledMessage.formatPlain(value, locale: locale, timeZone: timeZone))
                    )
                } catch {
                    throw RenderError(RenderError.Code.formatFailed, error.description)
                }
            }
            members.append((key: names.args, value: ReferenceJSON.array(texts)))
        }
        return ReferenceJSON.object(members)
    }

    /// An apns or data string: never bidi-isolated.
    private func plain(_ message: CompiledMessage, _ values: [ArgumentValue?]) throws(RenderError) -> [UInt8] {
        ReferenceJSON.string(try text(message, values, isolate: false))
    }

    private func data(_ value: CompiledValue, _ values: [ArgumentValue?]) throws(RenderError) -> [UInt8] {
        switch value {
        case .string(let message): return try plain(message, values)
        case .literal(let json): return ReferenceJSON.value(json)
        case .array(let items):
            var elements: [[UInt8]] = []
            for item in items { elements.append(try data(item, values)) }
            return ReferenceJSON.array(elements)
        case .object(let entries):
            var members: [(key: String, value: [UInt8])] = []
            for entry in entries { members.append((key: entry.key, value: try data(entry.value, values))) }
            return ReferenceJSON.object(members)
        }
    }

    /// One content entry's object: each field from the first locale of its chain that has it.
    private func contentObject(
        _ entry: Entry,
        _ values: [ArgumentValue?],
        body: [UInt8]?
    ) throws(RenderError)
        -> [UInt8]
    {
        var fields: [(key: String, value: [UInt8])] = []
        for (field, text) in try contentTexts(entry, values, body: body) {
            fields.append((key: String(describing: field.key), value: ReferenceJSON.string(text)))
        }
        return ReferenceJSON.object(fields)
    }

    /// One content entry's texts (raw UTF-8) in field order, the body replaced by `body` if given.
    func contentTexts(
        _ entry: Entry,
        _ values: [ArgumentValue?],
        body: [UInt8]? = nil
    ) throws(RenderError) -> [(
        field: MessageField, text: [UInt8]
    )] {
        var texts: [(field: MessageField, text: [UInt8])] = []
        for field in compiled.fields {
            guard let found = compiled.message(for: field, along: entry.chain) else { continue }
            if field == .body, let body {
                texts.append((field, body))
            } else {
                texts.append((field, try text(found.message, values, isolate: isolates(found.rightToLeft))))
            }
        }
        return texts
    }
}
#endif
