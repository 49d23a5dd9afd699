/// Unicode Pattern_White_Space, which ICU trims from argument styles.
enum PatternWhiteSpace {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0x200E, 0x200F, 0x2028, 0x2029: true
        default: false
        }
    }

    static func trimLeading(_ text: String) -> Substring {
        let scalars = text.unicodeScalars
        let start = scalars.firstIndex { !contains($0) } ?? scalars.endIndex
        return Substring(scalars[start...])
    }

    static func trim(_ text: String) -> Substring {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !contains($0) }),
            let last = scalars.lastIndex(where: { !contains($0) })
        else { return "" }
        return Substring(scalars[start...last])
    }
}
