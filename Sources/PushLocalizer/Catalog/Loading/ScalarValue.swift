import Yams

/// A scalar's value under the YAML 1.2 core schema (SPEC §2 says YAML 1.2), which Yams' default
/// resolver does not follow: YAML 1.1 reads `off`, `no` and `y` as booleans.
enum ScalarValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)

    /// The tag `YAMLFile.resolver` gives untagged plain scalars.
    static let plainTag = Tag.Name(rawValue: "tag:pushloc,2026:plain")

    /// Resolves a scalar node: quoted and block scalars and `!!str` are strings; plain scalars
    /// follow the core schema.
    init(_ scalar: Node.Scalar) {
        let explicitString = scalar.tag.description == "tag:yaml.org,2002:str" || scalar.tag.description == "!"
        guard scalar.style == .plain || scalar.style == .any, !explicitString else {
            self = .string(scalar.string)
            return
        }
        self = Self.resolvePlain(scalar.string)
    }

    static func resolvePlain(_ text: String) -> ScalarValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
        case ".nan", ".NaN", ".NAN": return .number(.nan)
        default: break
        }
        if text.wholeMatch(of: /[-+]?[0-9]+/) != nil {
            if let value = Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text) { return .integer(value) }
            return Double(text).map(ScalarValue.number) ?? .string(text)
        }
        if text.wholeMatch(of: /0o[0-7]+/) != nil, let value = Int64(text.dropFirst(2), radix: 8) {
            return .integer(value)
        }
        if text.wholeMatch(of: /0x[0-9a-fA-F]+/) != nil, let value = Int64(text.dropFirst(2), radix: 16) {
            return .integer(value)
        }
        if text.wholeMatch(of: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/) != nil,
            let value = Double(text)
        {
            return .number(value)
        }
        return .string(text)
    }
}
