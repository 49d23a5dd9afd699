import Testing
import Foundation
import CICU
@Test func version() {
    var buf = [CChar](repeating: 0, count: 64)
    let n = cicu_icu_version(&buf, 64)
    let s = String(decoding: buf[0..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    print("ICU:", s, Date(), Locale(identifier: "de").identifier, (1234.5).formatted())
    #expect(s.hasPrefix("72"))
}
