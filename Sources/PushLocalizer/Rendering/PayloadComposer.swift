import ICUKit

/// Writes one payload for a set of argument values and measures it: its bytes, and how many times
/// each text argument occurs in it (what budget fitting needs to share bytes fairly).
struct PayloadComposer {
    let compiled: CompiledTemplate
    let mode: RenderMode
    let chain: [String]
    let sourceLocale: String
    let timeZone: String?
    let isolation: BidiIsolation
    /// Whether to note where text arguments land (occurrences, the body's first pinned argument).
    /// Only fitting needs it; a payload that fits at once is composed without.
    var measures = true
    let rightToLeftLocales: Set<String>

    struct Composition {
        var payload: [UInt8]
        /// Occurrences of each text argument in the payload.
        var occurrences: [String: Int]
        /// Escaped size of the `aps.alert.body` text, and where the first pinned text argument
        /// starts in the unescaped body (the body may only be cut before it).
        var bodySize: Int
        var bodyText: [UInt8]
        var bodyPinnedStart: Int
        var fieldLocales: [MessageField: String]
        /// Content mode: the locales written, in order (aliases included).
        var contentLocales: [String]
        /// Content mode: the bytes each entry adds to the payload (comma, key and value), by tag.
        /// An entry depends only on earlier ones (an alias names an earlier entry), so dropping a
        /// suffix of entries shrinks the payload by exactly their sum.
        var contentEntryBytes: [String: Int]
        /// Content mode: the locales written as an alias of an earlier entry.
        var contentAliases: Set<String>
        /// Content mode: each entry's texts as rendered (before any freezing), by tag.
        var contentTexts: [String: [MessageField: [UInt8]]]
    }

    /// One locale of `localization_content` and the chain its fields fall back along.
    struct ContentLocale {
        var tag: String
        var chain: [String]
    }

    /// What to write besides the plain render.
    struct Layout {
        /// Step 4: cut the `aps.alert` body to this many bytes and append the ellipsis.
        var bodyCut: (length: Int, ellipsis: [UInt8])?
        /// Content mode: the locales to include, in payload order.
        var content: [ContentLocale] = []
        /// Content mode, `overflow: trim`: texts that replace the rendered ones (already cut), by tag.
        var frozenTexts: [String: [MessageField: [UInt8]]] = [:]
    }

    /// Composes the payload.
    /// - Parameters:
    ///   - values: the argument values (trimmed ones already trimmed).
    ///   - pinned: names of arguments that must not be cut.
    ///   - layout: body cut and content-mode locales.
    func compose(
        _ values: [String: ArgumentValue],
        pinned: Set<String>,
        layout: Layout = Layout()
    )
        throws(RenderError) -> Composition
    {
        var occurrences: [String: Int] = [:]
        var writer = JSONWriter()
        var composition = Composition(
            payload: [],
            occurrences: [:],
            bodySize: 0,
            bodyText: [],
            bodyPinnedStart: Int.max,
            fieldLocales: [:],
            contentLocales: [],
            contentEntryBytes: [:],
            contentAliases: [],
            contentTexts: [:]
        )
        writer.beginObject()
        writer.key("aps")
        writer.beginObject()
        writer.key("alert")
        if mode == .locKey {
            try writeLocKeyAlert(&writer, values, occurrences: &occurrences, composition: &composition)
        } else {
            writer.beginObject()
            for field in compiled.fields {
                guard let (locale, message) = compiled.message(for: field, along: chain) else { continue }
                composition.fieldLocales[field] = locale
                var spans: [TextArgumentSpan] = []
                var text = try format(message, values, isolate: isolates(locale), spans: &spans)
                spans.forEach { occurrences[$0.name, default: 0] += 1 }
                if field == .body {
                    composition.bodyPinnedStart =
                        spans.first { pinned.contains($0.name) }?.range.lowerBound ?? Int.max
                    if let cut = layout.bodyCut {
                        for span in spans where span.range.lowerBound >= cut.length {
                            occurrences[span.name, default: 0] -= 1
                        }
                        text = Array(text[..<cut.length]) + cut.ellipsis
                    }
                    composition.bodyText = text
                }
                writer.key(field.rawValue)
                writer.string(text)
            }
            writer.endObject()
        }
        try writeAPSFields(&writer, values, occurrences: &occurrences)
        writer.endObject()
        for entry in compiled.data {
            writer.key(entry.key)
            try write(entry.value, &writer, values, occurrences: &occurrences)
        }
        if mode == .content {
            writer.key("localization_content")
            try writeContent(layout, &writer, values, occurrences: &occurrences, composition: &composition)
        }
        writer.endObject()
        composition.payload = writer.bytes
        composition.occurrences = occurrences
        composition.bodySize = JSONEscaping.size(of: composition.bodyText)
        return composition
    }

    private func writeAPSFields(
        _ writer: inout JSONWriter,
        _ values: [String: ArgumentValue],
        occurrences: inout [String: Int]
    ) throws(RenderError) {
        let apns = compiled.template.apns
        if let badge = apns.badge {
            writer.key("badge")
            writer.integer(badge)
        }
        for (name, message) in [
            ("sound", compiled.sound), ("thread-id", compiled.threadID), ("category", compiled.category),
        ] {
            guard let message else { continue }
            writer.key(name)
            writer.string(try plainText(message, values, occurrences: &occurrences))
        }
        if mode == .content {
            writer.key("mutable-content")
            writer.integer(1)
        }
        if let target = compiled.targetContentID {
            writer.key("target-content-id")
            writer.string(try plainText(target, values, occurrences: &occurrences))
        }
        if let level = apns.interruptionLevel {
            writer.key("interruption-level")
            writer.string(level.rawValue)
        }
        if let score = apns.relevanceScore {
            writer.key("relevance-score")
            writer.number(score)
        }
    }

    private func write(
        _ value: CompiledValue,
        _ writer: inout JSONWriter,
        _ values: [String: ArgumentValue],
        occurrences: inout [String: Int]
    ) throws(RenderError) {
        switch value {
        case .string(let message):
            writer.string(try plainText(message, values, occurrences: &occurrences))
        case .literal(let json):
            writer.value(json)
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

    /// Formats an apns or data string: never bidi-isolated (ids and URLs must stay exact).
    func plainText(
        _ message: CompiledMessage,
        _ values: [String: ArgumentValue],
        occurrences: inout [String: Int]
    )
        throws(RenderError) -> [UInt8]
    {
        if let literal = message.literalText { return literal }
        var spans: [TextArgumentSpan] = []
        let text = try format(message, values, isolate: false, spans: &spans)
        spans.forEach { occurrences[$0.name, default: 0] += 1 }
        return text
    }

    func format(
        _ message: CompiledMessage,
        _ values: [String: ArgumentValue],
        isolate: Bool,
        spans: inout [TextArgumentSpan]
    ) throws(RenderError) -> [UInt8] {
        if let literal = message.literalText { return literal }
        var output: [UInt8] = []
        do {
            let options = FormatOptions(timeZone: timeZone, isolatesText: isolate)
            if measures {
                try message.format(values, options: options, into: &output, recordingTextSpansIn: &spans)
            } else {
                try message.format(values, options: options, into: &output)
            }
        } catch {
            switch error {
            case .invalidTimeZone(let zone):
                throw RenderError(RenderError.Code.invalidTimeZone, "unknown time zone '\(zone)'")
            case .missingArgument, .wrongArgumentType:
                throw RenderError(RenderError.Code.argumentType, error.description)
            default:
                throw RenderError(RenderError.Code.formatFailed, error.description)
            }
        }
        return output
    }

    func isolates(_ locale: String) -> Bool {
        switch isolation {
        case .always: true
        case .never: false
        case .auto: rightToLeftLocales.contains(locale)
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
