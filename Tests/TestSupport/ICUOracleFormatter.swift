import ICUOracle
import MessageFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Swift face of `icu_oracle_format`: ICU4C's icu::MessageFormat, the oracle of the differential
/// tests (MessageFormat's, and `loc-key` mode's plain arguments).
public enum ICUOracleFormatter {
    /// What ICU did: the text, or its error name (e.g. `U_PATTERN_SYNTAX_ERROR at offset 3`).
    public enum Outcome: Sendable, Equatable {
        case text(String)
        case failure(code: String, detail: String)
    }

    /// Formats `pattern` with icu::MessageFormat for `locale`, named `arguments` and `timeZone` (nil = UTC).
    /// - Returns: the text, or `.failure` with ICU's error name (e.g. `U_PATTERN_SYNTAX_ERROR at offset 3`).
    public static func format(
        pattern: String,
        locale: String,
        arguments: [String: ArgumentValue],
        timeZone: String?
    ) -> Outcome {
        // C strings must outlive the call: strdup them and free them after.
        var owned: [UnsafeMutablePointer<CChar>] = []
        defer { owned.forEach { free($0) } }
        func cString(_ text: String) -> UnsafePointer<CChar> {
            guard let copy = strdup(text) else { preconditionFailure("out of memory") }
            owned.append(copy)
            return UnsafePointer(copy)
        }
        let cArguments = arguments.sorted { $0.key < $1.key }.map { name, value -> icu_oracle_arg in
            var argument = icu_oracle_arg()
            argument.name = cString(name)
            switch value {
            case .string(let text):
                argument.kind = ICU_ORACLE_STRING
                argument.string_value = cString(text)
            case .int(let number):
                argument.kind = ICU_ORACLE_INT64
                argument.int_value = number
            case .double(let number):
                argument.kind = ICU_ORACLE_DOUBLE
                argument.double_value = number
            case .decimal(let text):
                argument.kind = ICU_ORACLE_DECIMAL
                argument.string_value = cString(text)
            case .date(let milliseconds):
                argument.kind = ICU_ORACLE_DATE
                argument.double_value = milliseconds
            }
            return argument
        }
        var capacity: Int32 = 256
        while true {
            var output = [CChar](repeating: 0, count: Int(capacity))
            var error = [CChar](repeating: 0, count: 256)
            let length = cArguments.withUnsafeBufferPointer { buffer in
                icu_oracle_format(
                    pattern,
                    locale,
                    timeZone,
                    buffer.baseAddress,
                    Int32(buffer.count),
                    &output,
                    capacity,
                    &error,
                    Int32(error.count)
                )
            }
            if length < 0 {
                let detail = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let code = detail.split(separator: " ").first.map(String.init) ?? "U_UNKNOWN"
                return .failure(code: code, detail: detail)
            }
            if length <= capacity {
                let bytes = output.prefix(Int(length)).map { UInt8(bitPattern: $0) }
                return .text(String(decoding: bytes, as: UTF8.self))
            }
            capacity = length
        }
    }
}
