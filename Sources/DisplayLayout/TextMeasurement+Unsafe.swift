internal import CTextLayout
import PushLocalizer

/// The one call into CTextLayout: a text, its locale and its style in, its clusters out.
///
/// Lifetime rule: every pointer handed to `ctl_measure` (the text's UTF-8 bytes, the family names,
/// the array of their pointers, the cluster buffer, the error buffer) is valid only inside the
/// `with…` closure that made it, and `ctl_measure` keeps none of them after it returns; the
/// clusters are copied into a Swift array before the buffer goes.
enum TextMeasurement {
    /// Measures `text` in `locale` at `fontSize` with the families and weight of `style`.
    /// - Throws: `LineWrapError` naming the font or the value that failed.
    static func measure(
        _ text: String,
        locale: String,
        style: DisplayTextStyle
    ) throws(LineWrapError)
        -> MeasuredText
    {
        var utf8 = text
        let result: Result<MeasuredText, LineWrapError> = utf8.withUTF8 { bytes in
            withCStrings(style.fontFamilies) { families in
                measure(bytes, locale: locale, families: families, style: style)
            }
        }
        return try result.get()
    }

    private static func measure(
        _ bytes: UnsafeBufferPointer<UInt8>,
        locale: String,
        families: UnsafeBufferPointer<UnsafePointer<CChar>?>,
        style: DisplayTextStyle
    ) -> Result<MeasuredText, LineWrapError> {
        var cStyle = ctl_style(
            families: families.baseAddress,
            family_count: Int32(clamping: families.count),
            pixel_size: style.fontSize,
            weight: Int32(clamping: style.fontWeight)
        )
        let capacity = bytes.count
        return withUnsafeTemporaryAllocation(of: ctl_cluster.self, capacity: max(capacity, 1)) { clusters in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { error in
                error[0] = 0
                var rightToLeft: Int32 = 0
                let count = bytes.withMemoryRebound(to: CChar.self) { text in
                    ctl_measure(
                        text.baseAddress,
                        Int64(text.count),
                        locale,
                        &cStyle,
                        clusters.baseAddress,
                        Int64(capacity),
                        &rightToLeft,
                        error.baseAddress,
                        Int32(error.count)
                    )
                }
                guard count >= 0, count <= capacity else {
                    let reason = error.baseAddress.map { String(cString: $0) } ?? "the text could not be measured"
                    return .failure(LineWrapError(reason))
                }
                let measured = clusters[..<Int(count)].map { cluster in
                    MeasuredCluster(
                        advance: cluster.advance,
                        endAdvance: cluster.end_advance,
                        breakAfter: cluster.flags & UInt32(CTL_BREAK_AFTER.rawValue) != 0,
                        mandatoryBreakAfter: cluster.flags & UInt32(CTL_MANDATORY_BREAK_AFTER.rawValue) != 0,
                        isSpace: cluster.flags & UInt32(CTL_SPACE.rawValue) != 0
                    )
                }
                return .success(
                    MeasuredText(clusters: measured, direction: rightToLeft == 1 ? .rightToLeft : .leftToRight)
                )
            }
        }
    }

    /// Calls `body` with NUL-terminated copies of `strings` that live until it returns.
    private static func withCStrings<R>(
        _ strings: [String],
        _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R
    ) -> R {
        var storage: [CChar] = []
        var offsets: [Int] = []
        for string in strings {
            offsets.append(storage.count)
            storage.append(contentsOf: string.utf8CString)
        }
        return storage.withUnsafeBufferPointer { characters in
            let pointers: [UnsafePointer<CChar>?] = offsets.map { offset in characters.baseAddress.map { $0 + offset } }
            return pointers.withUnsafeBufferPointer(body)
        }
    }
}
