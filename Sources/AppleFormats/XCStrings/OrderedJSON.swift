/// A JSON value that keeps the order of object members and the source text of strings and
/// numbers, so that a String Catalog written back is byte for byte what was read.
public indirect enum OrderedJSON: Sendable, Hashable {
    /// An object; members in file order.
    case object([Member])
    /// An array.
    case array([OrderedJSON])
    /// A string: its value and, when read from a file, its literal as written (quotes excluded).
    case string(String, literal: String?)
    /// A number, as written.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// One object member.
    public struct Member: Sendable, Hashable {
        /// The member name.
        public var key: String
        /// The name as written in the file (quotes excluded), if read from one.
        public var keyLiteral: String?
        /// The member value.
        public var value: OrderedJSON

        /// Creates a member.
        public init(key: String, keyLiteral: String? = nil, value: OrderedJSON) {
            self.key = key
            self.keyLiteral = keyLiteral
            self.value = value
        }
    }

    /// A new string value (written with Xcode's escapes).
    public static func text(_ value: String) -> OrderedJSON { .string(value, literal: nil) }

    /// The members of an object (empty for anything else).
    public var members: [Member] {
        if case .object(let members) = self { return members }
        return []
    }

    /// The string value, if this is a string.
    public var stringValue: String? {
        if case .string(let value, _) = self { return value }
        return nil
    }

    /// The integer value, if this is a whole number.
    public var intValue: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    /// The boolean value, if this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The value of member `key` of an object.
    public subscript(key: String) -> OrderedJSON? {
        members.first { $0.key == key }?.value
    }

    /// Sets member `key` of an object: replaces it in place, or inserts it where `precedes` says
    /// (before the first member whose name it precedes; at the end when none).
    /// - Parameters:
    ///   - key: the member name.
    ///   - value: the new value.
    ///   - precedes: the order of member names for a new member.
    public mutating func set(_ key: String, _ value: OrderedJSON, order precedes: (String, String) -> Bool) {
        guard case .object(var members) = self else { return }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            let index = members.firstIndex { precedes(key, $0.key) } ?? members.endIndex
            members.insert(Member(key: key, value: value), at: index)
        }
        self = .object(members)
    }
}

/// A JSON document that cannot be read, with the place of the problem.
public struct JSONSyntaxError: Error, Sendable, Hashable {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    /// What is wrong.
    public var message: String
}
