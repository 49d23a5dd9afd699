import ICUReference
import PushLocalizer

/// Scenario 2, `resolved` render of `photo_liked_by` into a complete payload (nothing to trim),
/// by our `Catalog.render` and by ICU4C plus a hand-written JSON writer (reference 2).
// @unchecked Sendable: a benchmark drives it from one thread at a time (its buffers are reused).
public final class ResolvedScenario: @unchecked Sendable {
    /// The benchmarks' catalog.
    public let catalog: Catalog
    let requests: [RenderRequest]
    /// The same template prepared once, and each case's values by position and user languages.
    let prepared: PreparedTemplate
    let preparedCases: UnsafeMutableBufferPointer<PreparedCase>
    /// The prepared renders' payload buffer (see `KeptPayloadBuffer`).
    let preparedBuffer = KeptPayloadBuffer.make()
    var preparedPayload: [UInt8] { preparedBuffer.pointee }
    let referenceMessages: [ReferenceMessage]
    let titles: [CText]
    let isolates: [Int32]
    let sound: CText
    let threadID: CText
    let names: [CText]
    let counts: [Int64]
    let referenceBuffer = ReferenceBuffer()
    /// Each case's reference inputs as plain pointers into the objects above.
    let referenceCases: UnsafeMutableBufferPointer<ReferenceCase>

    /// Both sides read a case's inputs from a buffer of plain records, so that fetching them
    /// costs neither side any reference counting (an array of arrays or of objects would: that
    /// is the harness's cost, not the renderer's).
    struct PreparedCase {
        var values: [ArgumentValue?]
        var locales: [String]
    }

    /// The reference's inputs for one case (see `PreparedCase`).
    struct ReferenceCase {
        var message: OpaquePointer
        var title: UnsafeMutablePointer<CChar>
        var sound: UnsafeMutablePointer<CChar>
        var threadID: UnsafeMutablePointer<CChar>
        var isolate: Int32
        var name: UnsafeMutablePointer<CChar>
        var nameCount: Int
        var count: Int64
        var buffer: OpaquePointer
    }

    /// The number of distinct cases the operations rotate through.
    public var caseCount: Int { requests.count }

    /// Loads the catalog and prepares one request per case, and ICU4C's formats from the same text.
    public init() throws {
        catalog = try Catalog.load(from: Fixtures.likesCatalog)
        let source = catalog.source
        guard let template = source.template(forKey: Fixtures.likesKey),
            let sound = template.apns.sound?.text, let threadID = template.apns.threadID?.text
        else { throw ReferenceError(message: "\(Fixtures.likesKey) lacks sound or thread-id") }
        var messages: [ReferenceMessage] = []
        var titles: [CText] = []
        for locale in Fixtures.likesLocales {
            messages.append(try ReferenceMessage(pattern: LikesPatterns.body(in: source, locale: locale), locale: locale))
            titles.append(CText(try LikesPatterns.message(.title, in: source, locale: locale)))
        }
        let cases = Fixtures.cases
        let localeIndex = cases.map { Fixtures.likesLocales.firstIndex(of: $0.locale) ?? 0 }
        referenceMessages = localeIndex.map { messages[$0] }
        self.titles = localeIndex.map { titles[$0] }
        isolates = cases.map { Fixtures.rightToLeft.contains($0.locale) ? 1 : 0 }
        self.sound = CText(sound)
        self.threadID = CText(threadID)
        names = cases.map { CText($0.name) }
        counts = cases.map(\.count)
        prepared = try catalog.prepare(Fixtures.likesKey)
        guard prepared.argumentNames == ["name", "count"] else {
            throw ReferenceError(message: "\(Fixtures.likesKey) declares \(prepared.argumentNames), not name and count")
        }
        preparedCases = .allocate(capacity: cases.count)
        _ = preparedCases.initialize(from: cases.map { PreparedCase(values: [.string($0.name), .int($0.count)], locales: [$0.locale]) })
        let referenceCases = UnsafeMutableBufferPointer<ReferenceCase>.allocate(capacity: cases.count)
        for index in cases.indices {
            referenceCases.initializeElement(
                at: index,
                to: ReferenceCase(
                    message: referenceMessages[index].handle,
                    title: self.titles[index].pointer,
                    sound: self.sound.pointer,
                    threadID: self.threadID.pointer,
                    isolate: isolates[index],
                    name: names[index].pointer,
                    nameCount: names[index].count,
                    count: counts[index],
                    buffer: referenceBuffer.handle
                )
            )
        }
        self.referenceCases = referenceCases
        requests = cases.map {
            RenderRequest(
                key: Fixtures.likesKey, locales: [$0.locale], mode: .resolved,
                arguments: ["name": .string($0.name), "count": .number(String($0.count))])
        }
    }

    deinit {
        KeptPayloadBuffer.free(preparedBuffer)
        preparedCases.deinitialize().deallocate()
        referenceCases.deinitialize().deallocate()
    }

    /// Renders case `index` with our library; returns the payload's byte count.
    @inline(__always)
    public func renderOurs(_ index: Int) throws(RenderError) -> Int {
        try catalog.render(requests[index]).payload.count
    }

    /// Renders case `index` with the prepared template into the kept buffer; returns the
    /// payload's byte count.
    @inline(__always)
    public func renderPrepared(_ index: Int) throws(RenderError) -> Int {
        // The case's arrays are moved out and back, as a job passes its own arrays: reading them
        // in place would retain and release each one, the harness's cost and not the render's.
        let slot = preparedCases.baseAddress.unsafelyUnwrapped + index
        let input = slot.move()
        defer { slot.initialize(to: consume input) }
        _ = try prepared.render(input.values, locales: input.locales, into: &preparedBuffer.pointee)
        return preparedBuffer.pointee.count
    }

    /// Writes case `index`'s payload with ICU4C; returns the byte count (-1 on an ICU error).
    @inline(__always)
    public func renderReference(_ index: Int) -> Int {
        let input = referenceCases[index]
        let status = icuref_payload(
            input.message, input.buffer, input.title, input.sound, input.threadID, input.isolate, input.name,
            input.nameCount, input.count)
        var count = 0
        _ = icuref_buffer_bytes(input.buffer, &count)
        return status == 0 ? count : -1
    }

    /// Case `index`'s payload as written by our library and by the reference.
    public func payloads(_ index: Int) throws -> (ours: String, reference: String) {
        let ours = try catalog.render(requests[index]).payload
        _ = renderReference(index)
        return (String(decoding: ours, as: UTF8.self), String(decoding: referenceBuffer.bytes, as: UTF8.self))
    }

    /// Renders every case both ways and lists the cases whose payload bytes differ.
    public func mismatches() throws -> [String] {
        var found: [String] = []
        for index in 0..<caseCount {
            let ours = try catalog.render(requests[index]).payload
            guard renderReference(index) >= 0 else {
                found.append("case \(index): ICU4C failed")
                continue
            }
            let theirs = referenceBuffer.bytes
            _ = try renderPrepared(index)
            if preparedPayload != theirs {
                found.append("prepared payload of case \(index) differs from ICU4C's")
            }
            if ours != theirs {
                let item = Fixtures.cases[index]
                found.append(
                    "payload \(item.locale) count \(item.count) name \(item.name.debugDescription):\n"
                        + "  ours:  \(String(decoding: ours, as: UTF8.self))\n"
                        + "  ICU4C: \(String(decoding: theirs, as: UTF8.self))")
            }
        }
        return found
    }
}
