import ICUKit

/// Writes one payload for a set of argument values and measures it: its bytes, and how many times
/// each text argument occurs in it (what budget fitting needs to share bytes fairly).
struct PayloadComposer {
    let compiled: CompiledTemplate
    let mode: RenderMode
    let chain: [String]
    let timeZone: String?
    let isolation: BidiIsolation
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
    }

    /// Composes the payload.
    /// - Parameters:
    ///   - values: the argument values (trimmed ones already trimmed).
    ///   - pinned: names of arguments that must not be cut.
    ///   - bodyCut: when set, the body is cut to this many bytes and the ellipsis appended.
    func compose(
        _ values: [String: ArgumentValue],
        pinned: Set<String>,
        bodyCut: (length: Int, ellipsis: [UInt8])? = nil
    ) throws(RenderError) -> Composition {
        var occurrences: [String: Int] = [:]
        var writer = JSONWriter()
        var fieldLocales: [MessageField: String] = [:]
        var bodyText: [UInt8] = []
        var bodyPinnedStart = Int.max
        writer.beginObject()
        writer.key("aps")
        writer.beginObject()
        writer.key("alert")
        writer.beginObject()
        for field in compiled.fields {
            guard let (locale, message) = compiled.message(for: field, along: chain) else { continue }
            fieldLocales[field] = locale
            var spans: [TextArgumentSpan] = []
            var text = try format(message, values, isolate: isolates(locale), spans: &spans)
            spans.forEach { occurrences[$0.name, default: 0] += 1 }
            if field == .body {
                bodyPinnedStart = spans.first { pinned.contains($0.name) }?.range.lowerBound ?? Int.max
                if let bodyCut {
                    spans.forEach { if $0.range.lowerBound >= bodyCut.length { occurrences[$0.name, default: 0] -= 1 } }
                    text = Array(text[..<bodyCut.length]) + bodyCut.ellipsis
                }
                bodyText = text
            }
            writer.key(field.rawValue)
            writer.string(text)
        }
        writer.endObject()
        try writeAPSFields(&writer, values, occurrences: &occurrences)
        writer.endObject()
        for entry in compiled.data {
            writer.key(entry.key)
            try write(entry.value, &writer, values, occurrences: &occurrences)
        }
        writer.endObject()
        return Composition(
            payload: writer.bytes,
            occurrences: occurrences,
            bodySize: JSONEscaping.size(of: bodyText),
            bodyText: bodyText,
            bodyPinnedStart: bodyPinnedStart,
            fieldLocales: fieldLocales
        )
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
        for (name, message) in [("sound", compiled.sound), ("thread-id", compiled.threadID), ("category", compiled.category)] {
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
    func plainText(_ message: CompiledMessage, _ values: [String: ArgumentValue], occurrences: inout [String: Int])
        throws(RenderError) -> [UInt8]
    {
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
        var output: [UInt8] = []
        do {
            try message.format(
                values, options: FormatOptions(timeZone: timeZone, isolatesText: isolate), into: &output,
                recordingTextSpansIn: &spans)
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
