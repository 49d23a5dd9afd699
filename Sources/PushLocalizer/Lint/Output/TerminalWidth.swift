/// How many terminal cells a scalar takes, as `wcwidth` decides it in practice: combining and
/// other zero-width scalars none, East Asian wide and fullwidth characters two, the rest one.
/// Only used to place a caret under a column; an approximation is harmless there.
enum TerminalWidth {
    static func cells(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(scalar.value) ? 2 : 1
    }

    /// East Asian Width W or F (UAX #11), by the blocks that hold them.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
