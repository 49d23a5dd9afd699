import ArgumentParser
import DisplayLayout
import Foundation
import MessageFormat
import PushLocalizer

/// `pushloc wrap`: the line-wrap estimate of JSON Lines texts, for scripts (the Pango check, the
/// benchmark).
struct WrapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wrap",
        abstract: "Estimate how JSON Lines texts (stdin) wrap on a phone: lines, direction, characters shown.",
        discussion: """
            Each input line: {"text": "…", "locale": "en", "fonts": ["Inter"], "size": 17, "weight": 400, \
            "width": 343, "lines": 4} (only text required; the others default to these values). Each output \
            line: {"lines": N, "direction": "ltr", "characters": C, "shown": S}, or {"line": L, "error": "…"} \
            for an input line that is not such an object or cannot be laid out. Exit 1 if any line failed.
            """
    )

    @Option(name: .customLong("repeat"), help: "Lay each text out N times (for timing); the answer is the same.")
    var repetitions = 1

    @Flag(
        name: .customLong("line-starts"),
        help: "Add \"starts\": the grapheme cluster index where each line starts (no line limit)."
    )
    var lineStarts = false

    @Flag(help: "Print the estimator's mean time per text to standard error (JSON parsing excluded).")
    var timing = false

    @Option(help: "Leave the first N lines out of --timing (they warm the font caches).")
    var untimed = 0

    func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1") }
        guard untimed >= 0 else { throw ValidationError("--untimed must not be negative") }
    }

    func run() throws {
        let estimator = LineWrapEstimator()
        var first = Duration.zero
        var repeated = Duration.zero
        var laidOut = 0
        var failed = 0
        var lineNumber = 0
        let clock = ContinuousClock()
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            var output: [UInt8] = []
            do {
                let request = try WrapRequest(parsing: line)
                let start = clock.now
                let answer = try estimator.wrap(request.text, locale: request.locale, style: request.style)
                let firstEnd = clock.now
                for _ in 1..<repetitions {
                    _ = try estimator.wrap(request.text, locale: request.locale, style: request.style)
                }
                if lineNumber > untimed {
                    first += firstEnd - start
                    repeated += clock.now - firstEnd
                    laidOut += 1
                }
                let starts =
                    lineStarts
                    ? try estimator.lineStarts(of: request.text, locale: request.locale, style: request.style) : nil
                Self.write(answer, starts: starts, to: &output)
            } catch {
                failed += 1
                Self.write(error: "\(error)", line: lineNumber, to: &output)
            }
            output.append(0x0A)
            Standard.output(output)
        }
        if timing {
            // The first layout of a text measures it; repetitions find the measurement cached.
            let firstMean = Self.microseconds(first, over: laidOut)
            let repeatedMean = Self.microseconds(repeated, over: laidOut * (repetitions - 1))
            let mean = Self.microseconds(first + repeated, over: laidOut * repetitions)
            Standard.error(
                "wrap: \(laidOut) texts x \(repetitions) repetitions, mean \(mean) µs per text "
                    + "(first layout of each text \(firstMean) µs, repetitions \(repeatedMean) µs)"
            )
        }
        if failed > 0 { throw ExitCode(1) }
    }

    private static func microseconds(_ duration: Duration, over count: Int) -> String {
        guard count > 0 else { return "-" }
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return String(format: "%.2f", seconds / Double(count) * 1e6)
    }

    private static func write(_ answer: LineWrap, starts: [Int]?, to output: inout [UInt8]) {
        output += Array(
            "{\"lines\":\(answer.lineCount),\"direction\":\"\(answer.direction.rawValue)\",".utf8
        )
        output += Array("\"characters\":\(answer.characterCount),\"shown\":\(answer.shownCharacters)".utf8)
        if let starts {
            output += Array(",\"starts\":[\(starts.map(String.init).joined(separator: ","))]".utf8)
        }
        output.append(UInt8(ascii: "}"))
    }

    private static func write(error: String, line: Int, to output: inout [UInt8]) {
        output += Array("{\"line\":\(line),\"error\":\"".utf8)
        JSONEscaping.append(string: error, to: &output)
        output += Array("\"}".utf8)
    }
}

/// One input line of `pushloc wrap`.
struct WrapRequest {
    var text: String
    var locale: String
    var style: DisplayTextStyle

    /// Reads a line; throws `WrapRequestError` naming the member that is missing or of the wrong kind.
    init(parsing line: String) throws(WrapRequestError) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(line)
        } catch {
            throw WrapRequestError("not valid JSON: \(error)")
        }
        guard case .object = json else { throw WrapRequestError("expected a JSON object, got \(json.kindName)") }
        guard let text = json["text"]?.stringValue else { throw WrapRequestError("\"text\" must be a string") }
        self.text = text
        self.locale = try Self.member(json, "locale", default: "en") { $0.stringValue }
        let fonts = try Self.member(json, "fonts", default: ["Inter"]) { value -> [String]? in
            guard case .array(let items) = value else { return nil }
            let names = items.compactMap(\.stringValue)
            return names.count == items.count ? names : nil
        }
        let size = try Self.member(json, "size", default: 17) { $0.doubleValue }
        let width = try Self.member(json, "width", default: 343) { $0.doubleValue }
        let weight = try Self.member(json, "weight", default: 400) { $0.integerValue.map { Int(clamping: $0) } }
        let lines = try Self.member(json, "lines", default: 4) { $0.integerValue.map { Int(clamping: $0) } }
        self.style = DisplayTextStyle(
            fontFamilies: fonts,
            fontSize: size,
            fontWeight: weight,
            width: width,
            maxLines: lines
        )
    }

    private static func member<T>(
        _ json: JSONValue,
        _ name: String,
        default value: T,
        _ read: (JSONValue) -> T?
    ) throws(WrapRequestError) -> T {
        guard let member = json[name], !member.isNull else { return value }
        guard let read = read(member) else {
            throw WrapRequestError("\"\(name)\" cannot be \(member.kindName)")
        }
        return read
    }
}

/// Why an input line of `pushloc wrap` was not read.
struct WrapRequestError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
