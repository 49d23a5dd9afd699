/// The text of one catalog file, kept so that offsets inside scalar values can be mapped back to
/// lines and columns after loading. Immutable, and shared by every `SourceText` of the file.
final class SourceFile: Sendable {
    /// The path relative to the catalog root.
    let path: String
    /// The file's Unicode scalars (a leading byte-order mark removed).
    let scalars: [Unicode.Scalar]
    /// The index in `scalars` where each line starts; line breaks are counted the way libyaml
    /// counts them (CR LF, CR, LF, NEL, LS, PS), so line numbers agree with Yams marks.
    let lineStarts: [Int]

    init(path: String, text: String) {
        self.path = path
        // One decoding pass (`Array(text.unicodeScalars)` decodes twice: to count, then to copy);
        // the count is that of the bytes that start a scalar.
        var starts = [0]
        var utf8 = text
        let capacity = utf8.withUTF8 { bytes in bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
        let scalars = [Unicode.Scalar](unsafeUninitializedCapacity: capacity) { buffer, count in
            var previousWasCR = false
            for scalar in text.unicodeScalars where count < buffer.count {
                buffer[count] = scalar
                count += 1
                switch scalar.value {
                case 0x0A:
                    // CR LF is one break: its line starts after the LF.
                    if previousWasCR { starts[starts.count - 1] = count } else { starts.append(count) }
                case 0x0D, 0x85, 0x2028, 0x2029:
                    starts.append(count)
                default:
                    break
                }
                previousWasCR = scalar.value == 0x0D
            }
        }
        self.scalars = scalars
        lineStarts = starts
    }

    /// The scalar index of a 1-based line and column, or nil when outside the file.
    func index(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        let index = lineStarts[line - 1] + column - 1
        return index <= scalars.count ? index : nil
    }

    /// How many scalars the line break at `index` spans: 2 for CR LF, 1 for other breaks, 0 if none.
    static func lineBreakWidth(in scalars: [Unicode.Scalar], at index: Int) -> Int {
        guard index < scalars.count else { return 0 }
        switch scalars[index].value {
        case 0x0D:
            return index + 1 < scalars.count && scalars[index + 1].value == 0x0A ? 2 : 1
        case 0x0A, 0x85, 0x2028, 0x2029:
            return 1
        default:
            return 0
        }
    }
}
