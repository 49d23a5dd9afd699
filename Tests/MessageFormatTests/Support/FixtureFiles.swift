import Foundation

/// Reads the JSON fixture files shipped as the test target's `Fixtures` resource folder.
enum FixtureFiles {
    /// Decodes `Fixtures/<name>`.
    static func load<Value: Decodable>(_ type: Value.Type, from name: String) throws -> Value {
        let url = Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(name)
        return try JSONDecoder().decode(type, from: Data(contentsOf: url))
    }
}
