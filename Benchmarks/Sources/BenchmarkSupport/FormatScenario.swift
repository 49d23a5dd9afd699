import ICUReference
import MessageFormat
import PushLocalizer

/// Scenario 1, format only: the likes message in en, ru and ar, with rotating names and counts,
/// by our `CompiledMessage` and by ICU4C's `icu::MessageFormat`.
// @unchecked Sendable: a benchmark drives it from one thread at a time (its buffers are reused).
public final class FormatScenario: @unchecked Sendable {
    /// Our compiled messages, one per case (shared between cases of the same locale).
    let messages: [CompiledMessage]
    /// Arguments as a caller holds them, one dictionary per case.
    let arguments: [[String: ArgumentValue]]
    let referenceMessages: [ReferenceMessage]
    let names: [CText]
    let counts: [Int64]
    /// Our output buffer: kept between operations, as a caller formatting many messages would.
    var output: [UInt8] = []
    let referenceBuffer = ReferenceBuffer()

    /// The number of distinct cases the operations rotate through.
    public var caseCount: Int { arguments.count }

    /// Compiles the body of `photo_liked_by` in every locale, with ours and with ICU4C.
    public init() throws {
        let source = try CatalogSource.load(from: Fixtures.likesCatalog)
        var ours: [CompiledMessage] = []
        var theirs: [ReferenceMessage] = []
        for locale in Fixtures.likesLocales {
            let pattern = try LikesPatterns.body(in: source, locale: locale)
            ours.append(try CompiledMessage(pattern: pattern, locale: locale))
            theirs.append(try ReferenceMessage(pattern: pattern, locale: locale))
        }
        let cases = Fixtures.cases
        let localeIndex = cases.map { Fixtures.likesLocales.firstIndex(of: $0.locale) ?? 0 }
        messages = localeIndex.map { ours[$0] }
        referenceMessages = localeIndex.map { theirs[$0] }
        arguments = cases.map { ["name": .string($0.name), "count": .int($0.count)] }
        names = cases.map { CText($0.name) }
        counts = cases.map(\.count)
        output.reserveCapacity(1024)
    }

    /// Formats case `index` with our library; returns the byte count.
    @inline(__always)
    public func formatOurs(_ index: Int) throws(MessageFormatError) -> Int {
        output.removeAll(keepingCapacity: true)
        try messages[index].format(arguments[index], options: FormatOptions(), into: &output)
        return output.count
    }

    /// Formats case `index` with ICU4C; returns the byte count.
    @inline(__always)
    public func formatReference(_ index: Int) -> Int {
        let name = names[index]
        let status = icuref_format(referenceMessages[index].handle, referenceBuffer.handle, name.pointer, name.count, counts[index])
        var count = 0
        _ = icuref_buffer_bytes(referenceBuffer.handle, &count)
        return status == 0 ? count : -1
    }

    /// Formats every case both ways and lists the cases whose bytes differ.
    public func mismatches() throws -> [String] {
        var found: [String] = []
        for index in 0..<caseCount {
            _ = try formatOurs(index)
            guard formatReference(index) >= 0 else {
                found.append("case \(index): ICU4C failed")
                continue
            }
            let theirs = referenceBuffer.bytes
            if output != theirs {
                let item = Fixtures.cases[index]
                found.append(
                    "format \(item.locale) count \(item.count) name \(item.name.debugDescription):\n"
                        + "  ours:  \(String(decoding: output, as: UTF8.self).debugDescription)\n"
                        + "  ICU4C: \(String(decoding: theirs, as: UTF8.self).debugDescription)")
            }
        }
        return found
    }
}

/// Reads the benchmark template's messages from the catalog, so ours and ICU4C's use the same text.
enum LikesPatterns {
    static func body(in source: CatalogSource, locale: String) throws(ReferenceError) -> String {
        try message(.body, in: source, locale: locale)
    }

    static func message(_ field: MessageField, in source: CatalogSource, locale: String) throws(ReferenceError)
        -> String
    {
        let text =
            locale == source.settings.sourceLocale
            ? source.template(forKey: Fixtures.likesKey)?.messages[field]?.text
            : source.localeFile(forTag: locale)?.translations[Fixtures.likesKey]?.messages[field]?.text
        guard let text else {
            throw ReferenceError(message: "\(Fixtures.likesCatalog) has no \(field.rawValue) for \(locale)")
        }
        return text
    }
}
