import Foundation
import PushLocalizer
import TestSupport

/// A deterministic corpus of batch request lines over a catalog: every template in every mode
/// with varied locales, argument values (short, long enough to be trimmed, right-to-left,
/// emoji, numbers, dates), budgets and time zones, interleaved with every kind of bad line.
struct RequestCorpus {
    private(set) var lines: [String] = []
    private var random: SplitMix64

    init(catalog: CatalogSource, count: Int, seed: UInt64 = 0x5EED) {
        random = SplitMix64(seed: seed)
        let locales = [
            #""pl-PL","en""#, #""ar-EG""#, #""de-CH""#, #""zh-TW""#, #""ja""#, #""he""#, #""pt-BR""#, #""es-MX""#,
            #""fr-CA","de""#, #""en-GB""#, #""ko""#, #""xx""#, #""hi-IN""#, #""ru""#, #""uk""#, #""tr""#,
        ]
        let modes = ["resolved", "content", "loc-key"]
        let templates = catalog.templates
        while lines.count < count {
            let id = lines.count + 1
            let kind = next(20)
            let template = templates[next(templates.count)]
            let locale = locales[next(locales.count)]
            switch kind {
            case 0: lines.append(#"{"id":\#(id),"key":"no_such_template","locales":["en"]}"#)
            case 1: lines.append(#"{"id":\#(id),"key":"\#(template.key)","locales":[\#(locale)]"#)
            case 2: lines.append(#"{"id":\#(id),"key":7,"locales":["en"]}"#)
            case 3: lines.append(#"{"id":"s\#(id)","key":"\#(template.key)","locales":"en","args":{}}"#)
            case 4: lines.append(#"{"id":\#(id),"key":"\#(template.key)","locales":[\#(locale)],"args":{}}"#)
            case 5:
                let args = arguments(template, long: false)
                lines.append(
                    #"{"id":\#(id),"key":"\#(template.key)","locales":[\#(locale)],"budget":40,"args":{\#(args)}}"#
                )
            case 6: lines.append("")
            case 7:
                let args = arguments(template, long: false)
                lines.append(
                    #"{"id":\#(id),"key":"\#(template.key)","locales":[\#(locale)],"timeZone":"Mars/Base","args":{\#(args)}}"#
                )
            default:
                let mode = modes[next(modes.count)]
                let args = arguments(template, long: kind % 3 == 0)
                let budget = kind % 4 == 0 ? #""budget":\#(300 + next(900)),"# : ""
                let zone = kind % 5 == 0 ? #""timeZone":"Asia/Tokyo","# : ""
                lines.append(
                    #"{"id":\#(id),"key":"\#(template.key)","locales":[\#(locale)],"mode":"\#(mode)",\#(budget)\#(zone)"args":{\#(args)}}"#
                )
            }
        }
    }

    /// The corpus as one NDJSON body.
    var body: [UInt8] { Array(lines.joined(separator: "\n").utf8) + [0x0A] }

    private mutating func arguments(_ template: Template, long: Bool) -> String {
        var members: [String] = []
        for argument in template.arguments {
            let value: String
            switch argument.type {
            case .string:
                let samples = ["Zofia", "سارة", "Ünïcødé 🎉", "李小龙", "O'Brien \\\"quoted\\\"", "שלום"]
                let base = samples[next(samples.count)]
                value = "\"" + (long ? String(repeating: base + " ", count: 40 + next(200)) : base) + "\""
            case .number:
                value = next(2) == 0 ? String(next(100_000)) : "\(next(1000)).\(next(100))"
            case .date:
                value =
                    next(2) == 0 ? "\"2026-0\(1 + next(9))-1\(next(10))T1\(next(10)):30:00+02:00\"" : "1767225600000"
            }
            members.append("\"\(argument.name)\":\(value)")
        }
        return members.joined(separator: ",")
    }

    /// A number below `bound` (the tests' shared seeded generator).
    private mutating func next(_ bound: Int) -> Int {
        random.next(below: max(1, bound))
    }
}
