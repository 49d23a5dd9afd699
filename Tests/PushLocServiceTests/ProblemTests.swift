import PushLocService
import Testing

/// Problem bodies escape their strings as `pushloc batch` lines do, so that a `detail` quoting
/// the request spells it as the `answer` line beside it.
@Suite struct ProblemTests {
    @Test func detailIsEscapedAsBatchLinesAre() {
        let detail = "a\u{8}b\u{C}c\"d\\e\nf\rg\th\u{1}i\u{1F}é"
        let problem = Problem(status: .notFound, code: "unknown-key", detail: detail)
        let body = String(decoding: problem.body(requestID: "r-1"), as: UTF8.self)
        #expect(body.contains(#""detail":"a\bb\fc\"d\\e\nf\rg\th\u0001i\u001fé""#))
    }
}
