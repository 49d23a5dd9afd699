import Foundation
import ICUKit
import PushLocalizer
import TestSupport
import Testing

/// The shared seeded generator (SplitMix64), so that every failing case can be replayed from the
/// seed and index printed with it.
typealias BudgetRandom = SplitMix64

/// SPEC §6's JSON string escaping, written out again here so that the tests do not measure with
/// the code they check: `"` and `\` and the short-form controls take 2 bytes, other C0 controls 6
/// (`\u00XX`), every other byte (non-ASCII raw UTF-8) 1.
enum SpecJSON {
    static func escapedSize<C: Collection>(of bytes: C) -> Int where C.Element == UInt8 {
        bytes.reduce(0) { total, byte in
            switch byte {
            case 0x22, 0x5C, 0x08, 0x09, 0x0A, 0x0C, 0x0D: total + 2
            case 0x00..<0x20: total + 6
            default: total + 1
            }
        }
    }

    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        let short: [UInt8: UInt8] = [
            0x22: 0x22, 0x5C: 0x5C, 0x08: 0x62, 0x09: 0x74, 0x0A: 0x6E, 0x0C: 0x66, 0x0D: 0x72,
        ]
        for byte in bytes {
            if let letter = short[byte] {
                output += [0x5C, letter]
            } else if byte < 0x20 {
                output += Array(String(format: "\\u%04x", Int(byte)).utf8)
            } else {
                output.append(byte)
            }
        }
        return output
    }

    /// True when Foundation's JSONSerialization (a JSON reader that is not ours) accepts the payload
    /// as an object.
    static func isJSONObject(_ payload: [UInt8]) -> Bool {
        ((try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any]) != nil
    }

    /// Parses a payload with Foundation's JSONDecoder. Values are read with it rather than with
    /// JSONSerialization, which on Linux drops a U+FEFF that starts a string or follows an escape
    /// sequence (`"\r\n\u{FEFF}x"` reads back as `"\r\nx"`), so it cannot check byte identity.
    static func object(_ payload: [UInt8]) -> JSONTree? {
        try? JSONDecoder().decode(JSONTree.self, from: Data(payload))
    }

    /// The string at `path` in a parsed object, as UTF-8 bytes (never compared as `String`, whose
    /// `==` is canonical equivalence, not byte identity).
    static func string(at path: [String], in tree: JSONTree) -> [UInt8]? {
        var current = tree
        for key in path {
            guard case .object(let members) = current, let next = members[key] else { return nil }
            current = next
        }
        guard case .string(let text) = current else { return nil }
        return Array(text.utf8)
    }
}

/// Any JSON value, as Foundation's JSONDecoder reads it.
indirect enum JSONTree: Decodable {
    case object([String: JSONTree])
    case array([JSONTree])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONTree].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }
}

/// A template of the sample catalog as its YAML file declares it. Everything here is copied from
/// Templates/*.yaml by hand: it is what the renderer must honour, not what it happens to do.
struct SampleTemplate: Sendable {
    struct Truncatable: Sendable {
        var name: String
        var maxBytes: Int?
        /// How often `{name}` occurs in the payload (every locale of the sample catalog agrees).
        var occurrences: Int
    }

    var key: String
    var truncatable: [Truncatable]
    var pinned: [String]
    /// Where pinned arguments appear in the payload, and the exact text expected there.
    var pinnedFields: @Sendable ([String: String]) -> [(path: [String], text: String)]
    /// The `apns-collapse-id` header, when the template has one.
    var collapseID: (@Sendable ([String: String]) -> String)?
    /// The argument that is the whole body (`body: "{message_text}"` in every locale), if any.
    var bodyArgument: String?

    static let gameInvite = SampleTemplate(
        key: "game_invite",
        truncatable: [
            Truncatable(name: "inviter_1", maxBytes: nil, occurrences: 1),
            Truncatable(name: "inviter_2", maxBytes: nil, occurrences: 1),
            Truncatable(name: "game_name", maxBytes: 96, occurrences: 1),
        ],
        pinned: ["lobby_id"],
        pinnedFields: { arguments in
            let id = arguments["lobby_id"] ?? ""
            return [(["aps", "target-content-id"], "lobby-\(id)"), (["path"], "socialapp://games/lobby/\(id)")]
        },
        collapseID: { "lobby-\($0["lobby_id"] ?? "")" }
    )

    static let startedFollowing = SampleTemplate(
        key: "started_following",
        truncatable: [Truncatable(name: "user_name", maxBytes: 120, occurrences: 1)],
        pinned: ["user_id"],
        pinnedFields: { arguments in
            let id = arguments["user_id"] ?? ""
            return [(["aps", "target-content-id"], "user-\(id)"), (["path"], "socialapp://users/\(id)")]
        },
        collapseID: { "follow-\($0["user_id"] ?? "")" }
    )

    static let messageReceived = SampleTemplate(
        key: "message_received",
        truncatable: [
            Truncatable(name: "sender_name", maxBytes: 64, occurrences: 1),
            Truncatable(name: "message_text", maxBytes: 1500, occurrences: 1),
        ],
        pinned: ["sender_id", "conversation_id"],
        pinnedFields: { arguments in
            let conversation = arguments["conversation_id"] ?? ""
            return [
                (["aps", "thread-id"], "chat-\(conversation)"), (["aps", "target-content-id"], "chat-\(conversation)"),
                (["path"], "socialapp://chats/\(conversation)"), (["sender"], arguments["sender_id"] ?? ""),
            ]
        },
        collapseID: nil,
        bodyArgument: "message_text"
    )
}

/// The sample catalog at the repository root.
enum SampleCatalog {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func load() throws -> Catalog {
        try Catalog.load(from: root)
    }

    /// `request` rendered from the sample catalog; a catalog that does not load is reported as
    /// an `invalid-request` error, so that a test of render errors has one error type to catch.
    static func render(_ request: RenderRequest) throws(RenderError) -> RenderedNotification {
        let catalog: Catalog
        do { catalog = try load() } catch {
            throw RenderError(RenderError.Code.invalidRequest, "the sample catalog did not load: \(error)")
        }
        return try catalog.render(request)
    }
}

/// One render to check.
struct BudgetCase: CustomStringConvertible {
    var template: SampleTemplate
    var locale: String
    var arguments: [String: String]
    var budget: Int
    /// How to find the case again (seed and index, or a test's own name).
    var origin: String

    var description: String {
        let shown = arguments.keys.sorted().map { name in
            let value = arguments[name] ?? ""
            let head = value.unicodeScalars.prefix(48).map { $0.escaped(asASCII: true) }.joined()
            return "\(name)=\(value.utf8.count)B\"\(head)\(value.unicodeScalars.count > 48 ? "…" : "")\""
        }
        return "[\(origin)] \(template.key) \(locale) budget \(budget): \(shown.joined(separator: ", "))"
    }
}

/// Checks SPEC §6's promises on one `resolved` render. Every broken promise is recorded as an issue
/// naming the case; the result says what the render did, for the callers' coverage counts.
struct BudgetInvariants {
    enum Outcome: Equatable {
        case whole
        case argumentsTrimmed
        case bodyTrimmed
        case failed
    }

    /// The sample catalog's ellipsis (pushloc.yaml) and SPEC §6's word back-off limit.
    static let ellipsis = Array("…".utf8)
    static let wordBackoffLimit = 24
    /// A budget nothing reaches: renders the template with given values and no fitting at all.
    static let unlimited = 1 << 40
    /// Fixed render time, so that headers do not depend on the clock.
    static let now = 1_700_000_000.0

    let catalog: Catalog

    func render(
        _ testCase: BudgetCase,
        arguments: [String: String],
        budget: Int
    )
        -> Result<RenderedNotification, RenderError>
    {
        let request = RenderRequest(
            key: testCase.template.key,
            locales: [testCase.locale],
            mode: .resolved,
            arguments: arguments.mapValues { JSONValue.string($0) },
            budget: budget,
            now: Self.now
        )
        do throws(RenderError) {
            return .success(try catalog.render(request))
        } catch {
            return .failure(error)
        }
    }

    @discardableResult
    func check(_ testCase: BudgetCase) -> Outcome {
        switch render(testCase, arguments: testCase.arguments, budget: testCase.budget) {
        case .failure(let error):
            checkFailure(testCase, error)
            return .failed
        case .success(let rendered):
            return checkSuccess(testCase, rendered)
        }
    }

    /// A render may fail only with `payloadTooLarge`, and only when the pinned content alone cannot
    /// fit: rendering with every truncatable argument empty must fail the same way.
    private func checkFailure(_ testCase: BudgetCase, _ error: RenderError) {
        guard error.code == RenderError.Code.payloadTooLarge else {
            Issue.record(
                "\(testCase): failed with \(error.code) (\(error.message)), expected payloadTooLarge or success"
            )
            return
        }
        var empty = testCase.arguments
        for argument in testCase.template.truncatable { empty[argument.name] = "" }
        if case .success(let rendered) = render(testCase, arguments: empty, budget: testCase.budget) {
            Issue.record(
                """
                \(testCase): payloadTooLarge (\(error.message)), yet with every truncatable argument empty \
                the payload fits in \(rendered.payload.count) bytes
                """
            )
        }
    }

    private func checkSuccess(_ testCase: BudgetCase, _ rendered: RenderedNotification) -> Outcome {
        let payload = rendered.payload
        let report = rendered.report
        // (b) the budget, to the byte, and a report that says so.
        #expect(payload.count <= testCase.budget, "\(testCase): payload is \(payload.count) bytes")
        #expect(report.bytes == payload.count && report.budget == testCase.budget, "\(testCase): report \(report)")
        // (a) valid UTF-8 and JSON, read by a parser that is not ours.
        #expect(String(validating: payload, as: UTF8.self) != nil, "\(testCase): payload is not valid UTF-8")
        guard SpecJSON.isJSONObject(payload), let object = SpecJSON.object(payload) else {
            Issue.record("\(testCase): payload is not a JSON object: \(String(decoding: payload, as: UTF8.self))")
            return .failed
        }
        // (c) pinned arguments byte-identical, in the payload and in the collapse-id header.
        for field in testCase.template.pinnedFields(testCase.arguments) {
            let actual = SpecJSON.string(at: field.path, in: object)
            #expect(
                actual == Array(field.text.utf8),
                "\(testCase): \(field.path.joined(separator: ".")) is \(actual.map { String(decoding: $0, as: UTF8.self) } ?? "missing")"
            )
        }
        if let collapse = testCase.template.collapseID?(testCase.arguments) {
            let header = rendered.headers.first { $0.name == "apns-collapse-id" }?.value
            #expect(
                header.map { Array($0.utf8) } == Array(collapse.utf8),
                "\(testCase): apns-collapse-id \(header ?? "missing")"
            )
        }
        // (d) and (f): what each truncatable argument became, as the report tells it, checked to be a
        // grapheme-boundary prefix plus the ellipsis, then checked against the payload itself.
        guard let values = reportedValues(testCase, report) else { return .failed }
        let bodyTrimmed = report.bodyBytesTrimmed > 0
        #expect(bodyTrimmed == report.steps.contains("body"), "\(testCase): steps \(report.steps)")
        #expect(
            values.trimmed.isEmpty || report.steps.contains("arguments"),
            "\(testCase): steps \(report.steps)"
        )
        guard case .success(let whole) = render(testCase, arguments: values.final, budget: Self.unlimited) else {
            Issue.record("\(testCase): the reported argument values do not render")
            return .failed
        }
        let unused = testCase.budget - payload.count
        if !bodyTrimmed {
            #expect(
                whole.payload == payload,
                """
                \(testCase): the payload is not the template rendered with the reported trimmed values
                  got:      \(String(decoding: payload, as: UTF8.self))
                  expected: \(String(decoding: whole.payload, as: UTF8.self))
                """
            )
            checkBodyArgument(testCase, object, values.final)
            // (e) maximal, when arguments were trimmed (see `maximalBound`).
            let bound = values.trimmed.reduce(0) { $0 + maximalBound($1) }
            if !values.trimmed.isEmpty {
                #expect(
                    unused < bound,
                    "\(testCase): \(unused) bytes unused, the trimmed arguments allow fewer than \(bound)"
                )
            }
            return values.trimmed.isEmpty ? .whole : .argumentsTrimmed
        }
        checkBodyCut(testCase, payload: payload, whole: whole.payload, report: report, unused: unused)
        return .bodyTrimmed
    }
}

extension BudgetInvariants {
    /// A truncatable argument that budget fitting shortened.
    struct TrimmedValue {
        var name: String
        /// The text fitting started from (the argument, or its `max-bytes` cut).
        var source: [UInt8]
        /// Bytes of `source` kept before the ellipsis.
        var cut: Int
        /// True when not even the ellipsis was kept.
        var isEmpty: Bool
        var occurrences: Int
    }

    struct Values {
        /// Every argument as it should appear in the payload.
        var final: [String: String]
        var trimmed: [TrimmedValue]
    }

    /// Reads the report's trimmed arguments (f) and turns each into the value it claims, checking
    /// that the claim is possible at all (d): a prefix of the original ending on an ICU grapheme
    /// boundary, followed by the ellipsis, or nothing.
    func reportedValues(_ testCase: BudgetCase, _ report: RenderReport) -> Values? {
        var values = Values(final: testCase.arguments, trimmed: [])
        let names = Set(testCase.template.truncatable.map(\.name))
        for entry in report.trimmedArguments
        where !names.contains(entry.name) || !["max-bytes", "budget"].contains(entry.reason) {
            Issue.record("\(testCase): unexpected trimmed argument in the report: \(entry)")
        }
        for argument in testCase.template.truncatable {
            let original = Array((testCase.arguments[argument.name] ?? "").utf8)
            let entries = report.trimmedArguments.filter { $0.name == argument.name }
            let capEntry = entries.first { $0.reason == "max-bytes" }
            let budgetEntry = entries.first { $0.reason == "budget" }
            var source = original
            let overCap = argument.maxBytes.map { original.count > $0 } ?? false
            #expect(
                (capEntry != nil) == overCap,
                "\(testCase): \(argument.name) is \(original.count) bytes; report \(entries)"
            )
            if let capEntry, let cap = argument.maxBytes {
                #expect(
                    capEntry.bytesBefore == original.count && capEntry.bytesAfter <= cap,
                    "\(testCase): \(capEntry)"
                )
                guard let cut = prefixLength(original, bytesAfter: capEntry.bytesAfter, testCase, capEntry) else {
                    return nil
                }
                source = cut.isEmpty ? [] : Array(original[..<cut.length]) + Self.ellipsis
            }
            guard let budgetEntry else {
                values.final[argument.name] = String(decoding: source, as: UTF8.self)
                continue
            }
            #expect(
                budgetEntry.bytesBefore == source.count && budgetEntry.occurrences == argument.occurrences,
                "\(testCase): \(budgetEntry), expected \(source.count) bytes before and \(argument.occurrences) occurrences"
            )
            guard let cut = prefixLength(original, bytesAfter: budgetEntry.bytesAfter, testCase, budgetEntry),
                cut.length <= source.count
            else { return nil }
            let final = cut.isEmpty ? [] : Array(original[..<cut.length]) + Self.ellipsis
            #expect(
                SpecJSON.escapedSize(of: final) < SpecJSON.escapedSize(of: source),
                "\(testCase): trimming \(argument.name) did not make it smaller"
            )
            values.final[argument.name] = String(decoding: final, as: UTF8.self)
            values.trimmed.append(
                TrimmedValue(
                    name: argument.name,
                    source: source,
                    cut: cut.length,
                    isEmpty: cut.isEmpty,
                    occurrences: argument.occurrences
                )
            )
        }
        return values
    }

    /// The prefix length a report entry implies: `bytesAfter` is the prefix plus the ellipsis, or 0.
    private func prefixLength(
        _ original: [UInt8],
        bytesAfter: Int,
        _ testCase: BudgetCase,
        _ entry: TrimmedArgument
    )
        -> (length: Int, isEmpty: Bool)?
    {
        if bytesAfter == 0 { return (0, true) }
        let length = bytesAfter - Self.ellipsis.count
        guard length >= 0, length <= original.count,
            TextBoundaries.graphemeBoundaries(in: Array(original[..<min(original.count, length + 64)])).contains(length)
        else {
            Issue.record("\(testCase): \(entry) is not a grapheme-boundary prefix of the argument plus the ellipsis")
            return nil
        }
        return (length, false)
    }

    /// `body: "{message_text}"`: the body is exactly the final argument, FSI…PDI-isolated in Arabic
    /// (pushloc.yaml has `bidi-isolation: auto`).
    func checkBodyArgument(_ testCase: BudgetCase, _ object: JSONTree, _ final: [String: String]) {
        guard let name = testCase.template.bodyArgument, let value = final[name] else { return }
        let isolated = testCase.locale == "ar" ? "\u{2068}\(value)\u{2069}" : value
        let body = SpecJSON.string(at: ["aps", "alert", "body"], in: object)
        #expect(body == Array(isolated.utf8), "\(testCase): body is not the argument \(name) as trimmed")
    }

    /// Step 4: the payload is the untrimmed-body payload with the body cut at an ICU grapheme boundary
    /// and the ellipsis added; the report counts the escaped bytes given up; and the cut is maximal.
    func checkBodyCut(_ testCase: BudgetCase, payload: [UInt8], whole: [UInt8], report: RenderReport, unused: Int) {
        guard let actual = SpecJSON.object(payload).flatMap({ SpecJSON.string(at: ["aps", "alert", "body"], in: $0) }),
            let full = SpecJSON.object(whole).flatMap({ SpecJSON.string(at: ["aps", "alert", "body"], in: $0) }),
            actual.count >= Self.ellipsis.count, Array(actual.suffix(Self.ellipsis.count)) == Self.ellipsis
        else {
            Issue.record("\(testCase): the trimmed body does not end with the ellipsis")
            return
        }
        let cut = actual.count - Self.ellipsis.count
        guard cut <= full.count, Array(full[..<cut]) == Array(actual[..<cut]),
            TextBoundaries.graphemeBoundaries(in: full).contains(cut)
        else {
            Issue.record("\(testCase): body is not a grapheme-boundary prefix of the whole body plus the ellipsis")
            return
        }
        let fullField = Array(#""body":""#.utf8) + SpecJSON.escaped(full) + [0x22]
        let cutField = Array(#""body":""#.utf8) + SpecJSON.escaped(actual) + [0x22]
        let expected = replacing(fullField, with: cutField, in: whole)
        #expect(expected == payload, "\(testCase): the payload differs from the whole one in more than the body")
        #expect(
            report.bodyBytesTrimmed == SpecJSON.escapedSize(of: full) - SpecJSON.escapedSize(of: full[..<cut]),
            "\(testCase): report says \(report.bodyBytesTrimmed) body bytes trimmed"
        )
        let bound = maximalBound(TrimmedValue(name: "body", source: full, cut: cut, isEmpty: false, occurrences: 1))
        #expect(
            unused < bound,
            "\(testCase): \(unused) bytes unused after cutting the body, fewer than \(bound) expected"
        )
    }

    private func replacing(_ old: [UInt8], with new: [UInt8], in bytes: [UInt8]) -> [UInt8]? {
        guard old.count <= bytes.count else { return nil }
        for start in 0...(bytes.count - old.count) where bytes[start..<(start + old.count)].elementsEqual(old) {
            return Array(bytes[..<start]) + new + Array(bytes[(start + old.count)...])
        }
        return nil
    }

    /// SPEC §6 "maximal", made precise. Fitting cuts at a grapheme boundary g, lets the cut grow by
    /// whole graphemes while bytes remain, then may move it back to a word boundary c ≤ g giving up at
    /// most 24 escaped bytes. So the unused bytes are fewer than, for any one trimmed argument, the
    /// escaped size of its next grapheme after g (plus the ellipsis when nothing at all was kept),
    /// plus what all word back-offs gave up — each term times the argument's occurrences. From
    /// outside g is unknown, but it lies in [c, W] where W is the last grapheme boundary at most 24
    /// escaped bytes after c; so give-back + next grapheme ≤ escaped size of source[c ..< next
    /// boundary after W]. This returns that size (plus the ellipsis for an empty value) × occurrences;
    /// the caller checks unused < Σ over trimmed arguments of it. It is the brief's "next grapheme
    /// + 24 per trimmed argument" except that the next grapheme is taken after the word back-off
    /// window rather than right after the cut, which the brief's form would wrongly fail on text such
    /// as "ab cd" followed by a large cluster.
    func maximalBound(_ value: TrimmedValue) -> Int {
        let boundaries = TextBoundaries.graphemeBoundaries(in: value.source)
        guard var index = boundaries.firstIndex(of: value.cut) else { return 0 }
        var given = 0
        while index + 1 < boundaries.count {
            let step = SpecJSON.escapedSize(of: value.source[boundaries[index]..<boundaries[index + 1]])
            if given + step > Self.wordBackoffLimit {
                given += step
                break
            }
            given += step
            index += 1
            if index + 1 == boundaries.count { break }
        }
        let ellipsis = value.isEmpty ? SpecJSON.escapedSize(of: Self.ellipsis) : 0
        return (given + ellipsis) * value.occurrences
    }
}
