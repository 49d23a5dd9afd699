import Foundation
import ICUKit
import PushLocalizer
import Testing
import Yams

/// Members of a compact JSON object with their byte ranges, read straight from the payload bytes:
/// parsed dictionaries lose the order and the exact bytes that content mode's checks are about.
enum RawJSON {
    struct Member {
        var key: String
        /// The value's bytes.
        var value: Range<Int>
        /// `"key":value`, without the comma before it.
        var whole: Range<Int>
    }

    /// The members of the object whose `{` is at `start`, and the index after its `}`.
    static func members(of bytes: [UInt8], objectAt start: Int) -> (members: [Member], end: Int)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        var members: [Member] = []
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return ([], index + 1) }
        while index < bytes.count {
            let keyStart = index
            guard let keyEnd = stringEnd(bytes, at: index), keyEnd < bytes.count, bytes[keyEnd] == UInt8(ascii: ":"),
                let valueEnd = valueEnd(bytes, at: keyEnd + 1), valueEnd < bytes.count
            else { return nil }
            let key = String(decoding: bytes[(keyStart + 1)..<(keyEnd - 1)], as: UTF8.self)
            members.append(Member(key: key, value: (keyEnd + 1)..<valueEnd, whole: keyStart..<valueEnd))
            switch bytes[valueEnd] {
            case UInt8(ascii: ","): index = valueEnd + 1
            case UInt8(ascii: "}"): return (members, valueEnd + 1)
            default: return nil
            }
        }
        return nil
    }

    /// The index after the string whose opening quote is at `start`.
    static func stringEnd(_ bytes: [UInt8], at start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    /// The index after the value that starts at `start` (compact JSON: no white space).
    static func valueEnd(_ bytes: [UInt8], at start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""): return stringEnd(bytes, at: start)
        case UInt8(ascii: "{"): return members(of: bytes, objectAt: start)?.end
        case UInt8(ascii: "["):
            var index = start + 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return index + 1 }
            while let end = valueEnd(bytes, at: index), end < bytes.count {
                if bytes[end] == UInt8(ascii: "]") { return end + 1 }
                guard bytes[end] == UInt8(ascii: ",") else { return nil }
                index = end + 1
            }
            return nil
        default:
            var index = start
            while index < bytes.count, !",}]".utf8.contains(bytes[index]) { index += 1 }
            return index > start ? index : nil
        }
    }
}

/// The sample catalog's settings and locales, read from pushloc.yaml and Locales/ with Yams: the
/// input the renderer was given, not anything it computed.
struct SampleSettings {
    var sourceLocale: String
    var priority: [String]
    /// Every catalog locale, the source included, sorted.
    var tags: [String]

    static func load() throws -> SampleSettings {
        let root = URL(fileURLWithPath: SampleCatalog.root)
        let text = try String(contentsOf: root.appendingPathComponent("pushloc.yaml"), encoding: .utf8)
        let settings = try #require(try Yams.load(yaml: text) as? [String: Any])
        let source = try #require(settings["source-locale"] as? String)
        let priority = try #require(settings["locale-priority"] as? [String])
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Locales").path)
        let tags = files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }
        return SampleSettings(sourceLocale: source, priority: priority, tags: Set(tags + [source]).sorted())
    }

    /// SPEC §5 / docs/content-mode.md: required locales first (negotiated, source), then every other
    /// catalog locale in `locale-priority` order, then alphabetically.
    func order(negotiated: String) -> (required: [String], optional: [String]) {
        let required = negotiated == sourceLocale ? [negotiated] : [negotiated, sourceLocale]
        let others = tags.filter { !required.contains($0) }
        var optional = priority.filter { others.contains($0) }
        optional += others.filter { !optional.contains($0) }.sorted()
        return (required, optional)
    }

    /// The catalog locale each test user negotiates to, by SPEC §4 and CLDR 42 parents (see
    /// docs/localization-content.md): en-AU → en-001 → en-GB, pt-AO → pt-PT, zh-TW → zh-Hant.
    static let negotiated = [
        "pl": "pl", "ar": "ar", "ja": "ja", "en-AU": "en-GB", "zh-TW": "zh-Hant", "pt-AO": "pt-PT", "en": "en",
        "th": "en", "he-IL": "he", "es-MX": "es-419",
    ]
}

/// A sample template as content and loc-key mode see it: SampleTemplate's promises plus the
/// payload layout, the non-text arguments and which truncatable arguments the headings use.
/// Copied from Templates/*.yaml by hand.
struct ContentTemplate: Sendable {
    var sample: SampleTemplate
    /// Top-level data keys, in template order.
    var dataKeys: [String]
    /// Truncatable arguments used in the title or subtitle (under `trim` they stay in optional entries).
    var headingArguments: Set<String>
    /// Choices for the arguments that are not text.
    var otherChoices: [[String: JSONValue]] = [[:]]

    var key: String { sample.key }

    static let gameInvite = ContentTemplate(sample: .gameInvite, dataKeys: ["path"], headingArguments: [])
    static let startedFollowing = ContentTemplate(sample: .startedFollowing, dataKeys: ["path"], headingArguments: [])
    static let messageReceived = ContentTemplate(
        sample: .messageReceived,
        dataKeys: ["path", "sender"],
        headingArguments: ["sender_name"]
    )
    static let commentReply = ContentTemplate(
        sample: SampleTemplate(
            key: "comment_reply",
            truncatable: [
                .init(name: "user_name", maxBytes: nil, occurrences: 1),
                .init(name: "comment_text", maxBytes: nil, occurrences: 1),
            ],
            pinned: ["post_id", "comment_id"],
            pinnedFields: { arguments in
                let post = arguments["post_id"] ?? ""
                let comment = arguments["comment_id"] ?? ""
                return [
                    (["aps", "thread-id"], "post-\(post)"), (["aps", "target-content-id"], "comment-\(comment)"),
                    (["path"], "socialapp://posts/\(post)?comment=\(comment)"),
                ]
            },
            collapseID: nil
        ),
        dataKeys: ["path"],
        headingArguments: []
    )
    static let photoLiked = ContentTemplate(
        sample: SampleTemplate(
            key: "photo_liked",
            truncatable: [.init(name: "liker_name", maxBytes: nil, occurrences: 1)],
            pinned: ["photo_id"],
            pinnedFields: { arguments in
                let photo = arguments["photo_id"] ?? ""
                return [(["aps", "thread-id"], "photo-\(photo)"), (["path"], "socialapp://photos/\(photo)")]
            },
            collapseID: { "likes-\($0["photo_id"] ?? "")" }
        ),
        dataKeys: ["path"],
        headingArguments: [],
        otherChoices: [1, 2, 4, 1_000_001].map { ["like_count": .number(String($0))] }
    )
    static let paymentReceived = ContentTemplate(
        sample: SampleTemplate(
            key: "payment_received",
            truncatable: [.init(name: "sender_name", maxBytes: nil, occurrences: 1)],
            pinned: ["transaction_id"],
            pinnedFields: { arguments in
                let id = arguments["transaction_id"] ?? ""
                return [
                    (["aps", "target-content-id"], "payment-\(id)"),
                    (["path"], "socialapp://wallet/transactions/\(id)"),
                ]
            },
            collapseID: nil
        ),
        dataKeys: ["path"],
        headingArguments: [],
        otherChoices: ["1234.5", "0.99", "1000000"].map { ["amount": .number($0)] }
    )
}

/// One content-mode render to check.
struct ContentCase: CustomStringConvertible {
    var template: ContentTemplate
    /// The user's language.
    var user: String
    /// Text arguments (truncatable and pinned).
    var arguments: [String: String]
    var others: [String: JSONValue]
    var budget: Int
    var overflow: OverflowPolicy
    /// How to find the case again.
    var origin: String

    var description: String {
        let shown = arguments.keys.sorted().map { name in
            let value = arguments[name] ?? ""
            let head = value.unicodeScalars.prefix(40).map { $0.escaped(asASCII: true) }.joined()
            return "\(name)=\(value.utf8.count)B\"\(head)\(value.unicodeScalars.count > 40 ? "…" : "")\""
        }
        return "[\(origin)] \(template.key) \(user) \(overflow) budget \(budget): \(shown.joined(separator: ", ")) "
            + "\(others)"
    }

    /// The same request with every truncatable argument empty.
    var emptied: [String: String] {
        var empty = arguments
        for argument in template.sample.truncatable { empty[argument.name] = "" }
        return empty
    }
}

/// One `localization_content` entry as it is in the payload.
struct ContentEntry {
    var tag: String
    /// `"tag":value` bytes.
    var whole: Range<Int>
    /// The tag it names, when the entry is an alias.
    var alias: String?
    /// The entry's own fields (empty for an alias), as UTF-8.
    var fields: [String: [UInt8]]
}

/// A content-mode payload taken apart.
struct ContentPayload {
    var topKeys: [String]
    var entries: [ContentEntry]
    /// Where the `localization_content` object starts (`{`).
    var contentStart: Int

    var tags: [String] { entries.map(\.tag) }

    /// The fields an entry stands for, aliases followed one hop.
    func texts(of tag: String) -> [String: [UInt8]]? {
        guard let entry = entries.first(where: { $0.tag == tag }) else { return nil }
        guard let target = entry.alias else { return entry.fields }
        return entries.first { $0.tag == target && $0.alias == nil }?.fields
    }

    /// The payload with only the first `count` entries: what the same render with fewer locales
    /// writes, since every entry depends only on the ones before it.
    func prefix(_ payload: [UInt8], entries count: Int) -> [UInt8] {
        let end = count == 0 ? contentStart + 1 : entries[count - 1].whole.upperBound
        return Array(payload[..<end]) + Array("}}".utf8)
    }

    static func parse(_ payload: [UInt8]) -> ContentPayload? {
        guard let top = RawJSON.members(of: payload, objectAt: 0), top.end == payload.count,
            let content = top.members.last, content.key == "localization_content",
            let members = RawJSON.members(of: payload, objectAt: content.value.lowerBound)
        else { return nil }
        var entries: [ContentEntry] = []
        for member in members.members {
            let value = Array(payload[member.value])
            if value.first == UInt8(ascii: "\"") {
                guard !value.contains(UInt8(ascii: "\\")) else { return nil }
                let tag = String(decoding: value.dropFirst().dropLast(), as: UTF8.self)
                entries.append(ContentEntry(tag: member.key, whole: member.whole, alias: tag, fields: [:]))
                continue
            }
            guard case .object(let object)? = SpecJSON.object(value) else { return nil }
            var fields: [String: [UInt8]] = [:]
            for (name, field) in object {
                guard case .string(let text) = field else { return nil }
                fields[name] = Array(text.utf8)
            }
            entries.append(ContentEntry(tag: member.key, whole: member.whole, alias: nil, fields: fields))
        }
        return ContentPayload(topKeys: top.members.map(\.key), entries: entries, contentStart: content.value.lowerBound)
    }
}

/// Serializes `localization_content` the way docs/content-mode.md says: fields in template order,
/// an entry equal to an earlier object entry written as that entry's tag.
enum ContentWriter {
    static let fieldOrder = ["title", "subtitle", "body"]

    static func content(_ locales: [(tag: String, fields: [String: [UInt8]])]) -> [UInt8] {
        var written: [(tag: String, fields: [String: [UInt8]])] = []
        var members: [[UInt8]] = []
        for locale in locales {
            let key = [0x22] + SpecJSON.escaped(Array(locale.tag.utf8)) + [0x22, 0x3A]
            if let original = written.first(where: { $0.fields == locale.fields }) {
                members.append(key + [0x22] + Array(original.tag.utf8) + [0x22])
                continue
            }
            let fields = fieldOrder.compactMap { name in
                locale.fields[name].map {
                    [0x22] + Array(name.utf8) + [0x22, 0x3A, 0x22] + SpecJSON.escaped($0) + [0x22]
                }
            }
            members.append(key + [0x7B] + Array(fields.joined(separator: [0x2C])) + [0x7D])
            written.append(locale)
        }
        return [0x7B] + Array(members.joined(separator: [0x2C])) + [0x7D]
    }
}

/// Checks content mode's promises (SPEC §5, §6 step 3, docs/content-mode.md) on one render. Every
/// broken promise is recorded as an issue naming the case; the outcome feeds the callers' coverage
/// counts.
struct ContentInvariants {
    enum Outcome: Hashable {
        /// Every locale, every argument whole.
        case whole
        /// `drop`: a prefix of the optional locales, arguments whole.
        case dropped
        /// Only the required locales, arguments trimmed.
        case argumentsTrimmed
        /// `trim`: every locale, optional bodies or arguments cut.
        case bodiesTrimmed
        /// `trim` fell back to dropping.
        case fellBack
        case failed
    }

    let catalog: Catalog
    let settings: SampleSettings
    var budgetInvariants: BudgetInvariants { BudgetInvariants(catalog: catalog) }

    func render(
        _ testCase: ContentCase,
        arguments: [String: String]? = nil,
        budget: Int? = nil
    )
        -> Result<RenderedNotification, RenderError>
    {
        var values = testCase.others
        for (name, value) in arguments ?? testCase.arguments { values[name] = .string(value) }
        let request = RenderRequest(
            key: testCase.template.key,
            locales: [testCase.user],
            mode: .content,
            arguments: values,
            budget: budget ?? testCase.budget,
            overflow: testCase.overflow,
            now: BudgetInvariants.now
        )
        do throws(RenderError) {
            return .success(try catalog.render(request))
        } catch {
            return .failure(error)
        }
    }

    /// Renders without any fitting (every locale, every argument as given) and takes it apart.
    func unlimited(
        _ testCase: ContentCase,
        arguments: [String: String]? = nil
    ) -> (RenderedNotification, ContentPayload)? {
        guard case .success(let rendered) = render(testCase, arguments: arguments, budget: BudgetInvariants.unlimited),
            let parsed = ContentPayload.parse(rendered.payload)
        else {
            Issue.record("\(testCase): the unlimited render fails or cannot be taken apart")
            return nil
        }
        return (rendered, parsed)
    }

    @discardableResult
    func check(_ testCase: ContentCase) -> Outcome {
        switch render(testCase) {
        case .failure(let error):
            // payloadTooLarge only, and only when the required locales cannot fit with every truncatable
            // argument empty (the smallest content-mode payload there is).
            #expect(error.code == RenderError.Code.payloadTooLarge, "\(testCase): \(error.code) \(error.message)")
            if case .success(let rendered) = render(testCase, arguments: testCase.emptied) {
                Issue.record("\(testCase): payloadTooLarge, yet fits in \(rendered.payload.count) with empty arguments")
            }
            return .failed
        case .success(let rendered):
            return checkSuccess(testCase, rendered)
        }
    }

    private func checkSuccess(_ testCase: ContentCase, _ rendered: RenderedNotification) -> Outcome {
        let payload = rendered.payload
        let report = rendered.report
        #expect(payload.count <= testCase.budget, "\(testCase): payload is \(payload.count) bytes")
        #expect(report.bytes == payload.count && report.budget == testCase.budget, "\(testCase): \(report)")
        #expect(String(validating: payload, as: UTF8.self) != nil, "\(testCase): invalid UTF-8")
        guard SpecJSON.isJSONObject(payload), let tree = SpecJSON.object(payload),
            let parsed = ContentPayload.parse(payload)
        else {
            Issue.record("\(testCase): not a content-mode JSON object: \(String(decoding: payload, as: UTF8.self))")
            return .failed
        }
        let negotiated = SampleSettings.negotiated[testCase.user] ?? rendered.locale
        #expect(rendered.locale == negotiated, "\(testCase): negotiated \(rendered.locale)")
        checkLayout(testCase, payload, parsed)
        let (required, optional) = settings.order(negotiated: negotiated)
        checkEntries(testCase, parsed, required: required, optional: optional, report: report)
        checkAlert(testCase, tree, parsed, negotiated: negotiated)
        for field in testCase.template.sample.pinnedFields(testCase.arguments) {
            #expect(
                SpecJSON.string(at: field.path, in: tree) == Array(field.text.utf8),
                "\(testCase): pinned \(field.path.joined(separator: ".")) changed"
            )
        }
        if let collapse = testCase.template.sample.collapseID?(testCase.arguments) {
            let header = rendered.headers.first { $0.name == "apns-collapse-id" }?.value
            #expect(header == collapse, "\(testCase): apns-collapse-id \(header ?? "missing")")
        }
        guard let values = reportedValues(testCase, report), let (whole, wholeParsed) = unlimited(testCase) else {
            return .failed
        }
        #expect(
            values.trimmed.isEmpty != report.steps.contains("arguments"),
            "\(testCase): steps \(report.steps)"
        )
        #expect(report.bodyBytesTrimmed == 0, "\(testCase): content mode never cuts the alert body")
        let fitting = Fitting(
            testCase: testCase,
            payload: payload,
            parsed: parsed,
            values: values,
            whole: whole.payload,
            wholeParsed: wholeParsed,
            required: required,
            report: report
        )
        if testCase.overflow == .drop || !report.droppedLocales.isEmpty {
            return checkDrop(fitting)
        }
        return checkTrim(fitting)
    }

    /// docs/content-mode.md's layout: aps first (alert first in it, mutable-content 1), data keys in
    /// template order, `localization_content` last.
    private func checkLayout(_ testCase: ContentCase, _ payload: [UInt8], _ parsed: ContentPayload) {
        #expect(
            parsed.topKeys == ["aps"] + testCase.template.dataKeys + ["localization_content"],
            "\(testCase): top-level keys \(parsed.topKeys)"
        )
        guard let aps = RawJSON.members(of: payload, objectAt: 7)?.members else {
            Issue.record("\(testCase): aps is not the first member")
            return
        }
        #expect(aps.first?.key == "alert", "\(testCase): aps keys \(aps.map(\.key))")
        let mutable = aps.first { $0.key == "mutable-content" }.map { Array(payload[$0.value]) }
        #expect(mutable == [UInt8(ascii: "1")], "\(testCase): mutable-content is not 1")
    }

    /// Required locales first, optional ones a prefix of the priority order, the report agreeing,
    /// aliases one hop back to an object entry, no object entry repeated.
    private func checkEntries(
        _ testCase: ContentCase,
        _ parsed: ContentPayload,
        required: [String],
        optional: [String],
        report: RenderReport
    ) {
        let tags = parsed.tags
        #expect(tags == report.includedLocales, "\(testCase): payload \(tags), report \(report.includedLocales)")
        #expect(Array(tags.prefix(required.count)) == required, "\(testCase): required \(required), got \(tags)")
        let included = Array(tags.dropFirst(required.count))
        #expect(
            included == Array(optional.prefix(included.count)),
            "\(testCase): optional locales \(included) are not a prefix of \(optional)"
        )
        #expect(
            report.droppedLocales == Array(optional.dropFirst(included.count)),
            "\(testCase): dropped \(report.droppedLocales) with \(included.count) of \(optional) included"
        )
        for (index, entry) in parsed.entries.enumerated() {
            if let target = entry.alias {
                let earlier = parsed.entries.prefix(index).first { $0.tag == target }
                #expect(
                    earlier != nil && earlier?.alias == nil,
                    "\(testCase): \(entry.tag) is an alias of \(target), not of an earlier object entry"
                )
                continue
            }
            #expect(
                !entry.fields.isEmpty && Set(entry.fields.keys).isSubset(of: ContentWriter.fieldOrder),
                "\(testCase): \(entry.tag) has fields \(entry.fields.keys.sorted())"
            )
            let repeated = parsed.entries.prefix(index).first { $0.alias == nil && $0.fields == entry.fields }
            #expect(repeated == nil, "\(testCase): \(entry.tag) repeats \(repeated?.tag ?? "") instead of naming it")
        }
    }

    /// `aps.alert` is the negotiated locale's entry, field for field, byte for byte.
    private func checkAlert(_ testCase: ContentCase, _ tree: JSONTree, _ parsed: ContentPayload, negotiated: String) {
        guard case .object(let aps)? = { if case .object(let top) = tree { top["aps"] } else { nil } }(),
            case .object(let alert)? = aps["alert"]
        else {
            Issue.record("\(testCase): aps.alert is not an object")
            return
        }
        var fields: [String: [UInt8]] = [:]
        for (name, value) in alert {
            if case .string(let text) = value { fields[name] = Array(text.utf8) }
        }
        #expect(
            fields.count == alert.count && fields == parsed.texts(of: negotiated),
            "\(testCase): aps.alert differs from localization_content[\(negotiated)]"
        )
    }
}

extension ContentInvariants {
    /// What the fitting checks need about one render.
    struct Fitting {
        var testCase: ContentCase
        var payload: [UInt8]
        var parsed: ContentPayload
        var values: BudgetInvariants.Values
        /// The same request rendered without fitting, and taken apart.
        var whole: [UInt8]
        var wholeParsed: ContentPayload
        var required: [String]
        var report: RenderReport

        var unused: Int { testCase.budget - payload.count }
    }

    /// `drop`: with whole arguments the payload is the unfitted one cut after the last included
    /// entry, and the next entry would not have fitted; otherwise only the required locales are
    /// left and the arguments are trimmed, maximally. Rendering again with the payload's own size as
    /// the budget changes nothing; with room for the next entry, it joins.
    private func checkDrop(_ fit: Fitting) -> Outcome {
        let testCase = fit.testCase
        let count = fit.parsed.entries.count
        let total = fit.wholeParsed.entries.count
        var outcome: Outcome
        var roomier = testCase.budget + 37
        if fit.values.trimmed.isEmpty {
            let expected = fit.wholeParsed.prefix(fit.whole, entries: count)
            #expect(expected == fit.payload, "\(testCase): not the unfitted payload's first \(count) entries")
            if count < total {
                let next = fit.wholeParsed.entries[count]
                #expect(
                    fit.payload.count + 1 + next.whole.count > testCase.budget,
                    "\(testCase): \(next.tag) (\(next.whole.count + 1) bytes) would fit in \(fit.unused) unused"
                )
                roomier = fit.payload.count + 1 + next.whole.count
            }
            outcome = count == total ? .whole : .dropped
        } else {
            #expect(count == fit.required.count, "\(testCase): arguments trimmed with optional locales kept")
            let requiredWhole = fit.wholeParsed.prefix(fit.whole, entries: fit.required.count).count
            #expect(requiredWhole > testCase.budget, "\(testCase): required locales fit whole in \(requiredWhole)")
            guard let (final, finalParsed) = unlimited(testCase, arguments: fit.values.final) else { return .failed }
            #expect(
                finalParsed.prefix(final.payload, entries: count) == fit.payload,
                "\(testCase): not the required locales rendered with the reported trimmed arguments"
            )
            checkOccurrences(fit, optionalObjects: 0)
            let bound = fit.values.trimmed.reduce(0) { $0 + budgetInvariants.maximalBound($1) }
            #expect(fit.unused < bound, "\(testCase): \(fit.unused) bytes unused, trimmed arguments allow < \(bound)")
            outcome = .argumentsTrimmed
        }
        if testCase.overflow == .trim {
            checkTrimImpossible(fit)
            outcome = .fellBack
        } else {
            // Fair shares depend on the free bytes, so trimmed arguments may come out differently;
            // the locales may not, and with whole arguments nothing may.
            if case .success(let again) = render(testCase, budget: fit.payload.count) {
                #expect(
                    again.report.includedLocales == fit.parsed.tags
                        && (again.payload == fit.payload || !fit.values.trimmed.isEmpty),
                    "\(testCase): a budget of its own size renders differently"
                )
            } else {
                Issue.record("\(testCase): a budget of its own size fails")
            }
            if case .success(let more) = render(testCase, budget: roomier) {
                let grew = more.report.includedLocales.count
                #expect(
                    grew >= count + (count < total && fit.values.trimmed.isEmpty ? 1 : 0),
                    "\(testCase): budget \(roomier) keeps \(grew) locales, \(testCase.budget) kept \(count)"
                )
            }
        }
        return outcome
    }

    /// `trim` fell back to dropping: then not even empty optional bodies fit next to the required
    /// locales with every truncatable argument empty (titles and subtitles of optional locales as
    /// they render with empty arguments; identical entries written as aliases).
    private func checkTrimImpossible(_ fit: Fitting) {
        guard let (empty, emptyParsed) = unlimited(fit.testCase, arguments: fit.testCase.emptied) else { return }
        let bodies = emptyParsed.entries.dropFirst(fit.required.count).filter { $0.alias == nil }.reduce(0) {
            $0 + SpecJSON.escapedSize(of: $1.fields["body"] ?? [])
        }
        let smallest = empty.payload.count - bodies
        #expect(
            smallest > fit.testCase.budget,
            "\(fit.testCase): trim fell back to drop, yet empty optional bodies fit in \(smallest) bytes; \(fit.report)"
        )
    }

    /// `trim`: every locale; the alert, the required entries and the optional entries' titles and
    /// subtitles are the render with the reported argument values; each optional body is its whole
    /// text (arguments whole) or a grapheme-boundary prefix of it plus the ellipsis; aliases as the
    /// format says; and the unused bytes are fewer than what the cuts' next graphemes and word
    /// back-offs account for.
    private func checkTrim(_ fit: Fitting) -> Outcome {
        let testCase = fit.testCase
        if fit.values.trimmed.isEmpty, fit.payload == fit.whole { return .whole }
        guard let (final, finalParsed) = unlimited(testCase, arguments: fit.values.final) else { return .failed }
        var locales: [(tag: String, fields: [String: [UInt8]])] = []
        var bodies: [BudgetInvariants.TrimmedValue] = []
        for (index, tag) in finalParsed.tags.enumerated() {
            var fields = finalParsed.texts(of: tag) ?? [:]
            // A locale sent as an alias is no claim: it keeps naming its entry, whatever that became.
            if let target = fit.wholeParsed.entries[index].alias,
                let followed = locales.first(where: { $0.tag == target })
            {
                locales.append((tag, followed.fields))
                continue
            }
            if index >= fit.required.count, fields["body"] != nil {
                let actual = fit.parsed.texts(of: tag)?["body"] ?? []
                let full = fit.wholeParsed.texts(of: tag)?["body"] ?? []
                if actual != full {
                    guard let cut = bodyCut(actual, of: full) else {
                        Issue.record(
                            "\(testCase): \(tag)'s body is not a grapheme prefix of its text plus the ellipsis"
                        )
                        return .failed
                    }
                    bodies.append(
                        .init(name: "\(tag) body", source: full, cut: cut, isEmpty: actual.isEmpty, occurrences: 1)
                    )
                }
                fields["body"] = actual
            }
            locales.append((tag, fields))
        }
        let expected = Array(final.payload[..<finalParsed.contentStart]) + ContentWriter.content(locales) + [0x7D]
        #expect(
            expected == fit.payload,
            """
            \(testCase): not the render with the reported arguments and cut optional bodies
              got:      \(String(decoding: fit.payload, as: UTF8.self))
              expected: \(String(decoding: expected, as: UTF8.self))
            """
        )
        let optionalObjects = fit.parsed.entries.dropFirst(fit.required.count).filter { $0.alias == nil }.count
        checkOccurrences(fit, optionalObjects: optionalObjects)
        let cuts = fit.values.trimmed + bodies
        // Bodies cut alike become aliases; one more byte each could make them differ again and cost
        // a whole entry. So each alias that cutting made may leave up to its entry's size unused.
        let aliasing = fit.parsed.entries.enumerated().reduce(0) { total, item in
            guard let target = item.element.alias, fit.wholeParsed.entries[item.offset].alias == nil,
                let entry = fit.parsed.entries.first(where: { $0.tag == target })
            else { return total }
            return total + entry.whole.count + 1
        }
        let bound = cuts.reduce(0) { $0 + budgetInvariants.maximalBound($1) } + aliasing
        #expect(!cuts.isEmpty, "\(testCase): nothing was cut, yet the unfitted payload did not fit")
        #expect(fit.unused < bound, "\(testCase): \(fit.unused) bytes unused, the \(cuts.count) cuts allow < \(bound)")
        return .bodiesTrimmed
    }

    /// The prefix length of `full` that `actual` keeps: `full[..<cut] + ellipsis` at an ICU grapheme
    /// boundary, or 0 for an empty text (not even the ellipsis fitted).
    private func bodyCut(_ actual: [UInt8], of full: [UInt8]) -> Int? {
        if actual.isEmpty { return 0 }
        let ellipsis = BudgetInvariants.ellipsis
        guard actual.count >= ellipsis.count, Array(actual.suffix(ellipsis.count)) == ellipsis else { return nil }
        let cut = actual.count - ellipsis.count
        guard cut < full.count, Array(full[..<cut]) == Array(actual[..<cut]),
            TextBoundaries.graphemeBoundaries(in: full).contains(cut)
        else { return nil }
        return cut
    }

    /// A budget-trimmed argument occurs once in the alert and once in every object entry whose
    /// fields use it: every required entry, and under `trim` the optional entries' headings when it
    /// is a heading argument (their bodies are cut apart from it). Every sample text uses each
    /// truncatable argument once.
    private func checkOccurrences(_ fit: Fitting, optionalObjects: Int) {
        let requiredObjects = fit.parsed.entries.prefix(fit.required.count).filter { $0.alias == nil }.count
        for value in fit.values.trimmed {
            let heading = fit.testCase.template.headingArguments.contains(value.name)
            let expected = 1 + requiredObjects + (heading ? optionalObjects : 0)
            #expect(
                value.occurrences == expected,
                "\(fit.testCase): \(value.name) reported \(value.occurrences) occurrences, expected \(expected)"
            )
        }
    }

    /// The report's trimmed arguments turned into the values they claim, each checked to be a
    /// grapheme-boundary prefix of the argument plus the ellipsis (or nothing); `max-bytes` cuts
    /// happen first, exactly when the argument is over its cap.
    func reportedValues(_ testCase: ContentCase, _ report: RenderReport) -> BudgetInvariants.Values? {
        var values = BudgetInvariants.Values(final: testCase.arguments, trimmed: [])
        let names = Set(testCase.template.sample.truncatable.map(\.name))
        for entry in report.trimmedArguments where !names.contains(entry.name) {
            Issue.record("\(testCase): a pinned or unknown argument was trimmed: \(entry)")
        }
        for argument in testCase.template.sample.truncatable {
            let original = Array((testCase.arguments[argument.name] ?? "").utf8)
            let entries = report.trimmedArguments.filter { $0.name == argument.name }
            var source = original
            let overCap = argument.maxBytes.map { original.count > $0 } ?? false
            let cap = entries.first { $0.reason == "max-bytes" }
            #expect((cap != nil) == overCap, "\(testCase): \(argument.name) is \(original.count) bytes; \(entries)")
            if let cap, let limit = argument.maxBytes {
                guard cap.bytesBefore == original.count, cap.bytesAfter <= limit,
                    let kept = kept(original, bytesAfter: cap.bytesAfter)
                else {
                    Issue.record("\(testCase): max-bytes cut \(cap) is not a grapheme prefix plus the ellipsis")
                    return nil
                }
                source = kept == 0 && cap.bytesAfter == 0 ? [] : Array(original[..<kept]) + BudgetInvariants.ellipsis
            }
            guard let trim = entries.first(where: { $0.reason == "budget" }) else {
                values.final[argument.name] = String(decoding: source, as: UTF8.self)
                continue
            }
            guard trim.bytesBefore == source.count, let kept = kept(original, bytesAfter: trim.bytesAfter),
                kept <= source.count
            else {
                Issue.record("\(testCase): budget cut \(trim) is not a grapheme prefix plus the ellipsis")
                return nil
            }
            let final = trim.bytesAfter == 0 ? [] : Array(original[..<kept]) + BudgetInvariants.ellipsis
            #expect(SpecJSON.escapedSize(of: final) < SpecJSON.escapedSize(of: source), "\(testCase): \(trim) grew")
            values.final[argument.name] = String(decoding: final, as: UTF8.self)
            values.trimmed.append(
                .init(
                    name: argument.name,
                    source: source,
                    cut: kept,
                    isEmpty: trim.bytesAfter == 0,
                    occurrences: trim.occurrences
                )
            )
        }
        return values
    }

    /// Bytes of `original` before the ellipsis that a reported size implies, at a grapheme boundary.
    private func kept(_ original: [UInt8], bytesAfter: Int) -> Int? {
        if bytesAfter == 0 { return 0 }
        let length = bytesAfter - BudgetInvariants.ellipsis.count
        guard length >= 0, length <= original.count,
            TextBoundaries.graphemeBoundaries(in: Array(original[..<min(original.count, length + 64)])).contains(length)
        else { return nil }
        return length
    }
}
