import HTTPTypes
import Hummingbird
import MessageFormat

/// An error answer in `application/problem+json` (RFC 9457), carrying the same `code` as the
/// error lines of `pushloc batch`. Thrown by handlers and turned into a response by
/// ``RequestObservationMiddleware``.
public struct Problem: Error, Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// The stable error code (`unknown-key`, `payloadTooLarge`, `body-too-large`…).
    public var code: String
    /// A sentence for people.
    public var detail: String
    /// For a render request that failed: the line `pushloc batch` writes for it, verbatim.
    public var answer: [UInt8]?
    /// Extra response headers (`allow` for 405).
    public var headers: HTTPFields = [:]

    /// Creates a problem.
    public init(status: HTTPResponse.Status, code: String, detail: String, answer: [UInt8]? = nil) {
        self.status = status
        self.code = code
        self.detail = detail
        self.answer = answer
    }

    /// The problem's JSON body: `type`, `title`, `status`, `detail`, `code`, `requestId`, and
    /// `answer` (the batch line) when there is one.
    public func body(requestID: String) -> [UInt8] {
        var json = ProblemJSON()
        json.member("type", string: "urn:pushloc:problem:" + code)
        json.member("title", string: status.reasonPhrase)
        json.member("status", raw: String(status.code))
        json.member("detail", string: detail)
        json.member("code", string: code)
        json.member("requestId", string: requestID)
        if var answer {
            while answer.last == 0x0A { answer.removeLast() }
            json.member("answer", raw: answer)
        }
        return json.finished()
    }

    /// The response for this problem.
    public func response(requestID: String) -> Response {
        var fields = headers
        fields[.contentType] = "application/problem+json"
        return Response(
            status: status,
            headers: fields,
            body: .init(byteBuffer: ByteBuffer(bytes: body(requestID: requestID)))
        )
    }
}

extension Problem {
    /// The status that answers a batch error code: 400 for a request that is not well-formed,
    /// 404 for an unknown template, 413 for a line over the limit, 422 for a request that is
    /// well-formed but cannot render (missing or mistyped argument, `payloadTooLarge`…).
    public static func status(forCode code: String) -> HTTPResponse.Status {
        switch code {
        case "invalid-json", "invalid-request": .badRequest
        case "unknown-key": .notFound
        case "line-too-long": .contentTooLarge
        default: .unprocessableContent
        }
    }

    /// No catalog is loaded yet.
    static let notReady = Problem(status: .serviceUnavailable, code: "not-ready", detail: "no catalog is loaded yet")
}

/// A JSON object written member by member, for the problem bodies.
struct ProblemJSON {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    mutating func member(_ name: String, string value: String) {
        key(name)
        Self.appendString(value, to: &bytes)
    }

    mutating func member(_ name: String, raw value: some Sequence<UInt8>) {
        key(name)
        bytes.append(contentsOf: value)
    }

    mutating func member(_ name: String, raw value: String) {
        member(name, raw: Array(value.utf8))
    }

    func finished() -> [UInt8] {
        bytes + [UInt8(ascii: "}")]
    }

    private mutating func key(_ name: String) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        Self.appendString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A JSON string, escaped as payloads and `pushloc batch` lines are (`JSONEscaping`), so a
    /// `detail` spells its text as the `answer` line beside it does.
    static func appendString(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        JSONEscaping.append(string: value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}
