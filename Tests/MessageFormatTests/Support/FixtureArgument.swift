import Foundation
import MessageFormat

/// One argument value as the fixture files write it: a single-key object such as `{"int": 5}`,
/// `{"double": 1.5}` (or `{"double": "Infinity"}`, which JSON cannot write as a number),
/// `{"decimal": "1.50"}`, `{"string": "…"}` or `{"date": 1700000000000}`.
struct FixtureArgument: Decodable, Sendable, Hashable, CustomStringConvertible {
    /// The value handed to our engine; the oracle gets the same value as an ICU Formattable.
    let value: ArgumentValue

    private enum Key: String, CodingKey {
        case string, int, double, decimal, date
    }

    init(_ value: ArgumentValue) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "an argument is an object with exactly one key")
            )
        }
        switch key {
        case .string: value = .string(try container.decode(String.self, forKey: key))
        case .int: value = .int(try container.decode(Int64.self, forKey: key))
        case .decimal: value = .decimal(try container.decode(String.self, forKey: key))
        case .date: value = .date(epochMilliseconds: try container.decode(Double.self, forKey: key))
        case .double:
            if let number = try? container.decode(Double.self, forKey: key) {
                value = .double(number)
            } else {
                let text = try container.decode(String.self, forKey: key)
                guard let number = Double(text) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key,
                        in: container,
                        debugDescription: "not a double: \(text)"
                    )
                }
                value = .double(number)
            }
        }
    }

    var description: String {
        switch value {
        case .string(let text): "string \(VisibleText.quote(text))"
        case .int(let number): "int \(number)"
        case .double(let number): "double \(number)"
        case .decimal(let text): "decimal \(text)"
        case .date(let milliseconds): "date \(milliseconds) ms"
        }
    }
}

extension Dictionary where Key == String, Value == FixtureArgument {
    /// The values for `CompiledMessage.format`.
    var argumentValues: [String: ArgumentValue] {
        mapValues(\.value)
    }

    /// `{a: int 5, b: string "x"}`, sorted by name, for failure reports.
    var summary: String {
        "{" + sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
    }
}
