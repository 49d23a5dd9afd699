/// Bounds a JSON reader enforces while it reads, so that a hostile document costs bounded memory
/// and time: every bound is checked before the value that would cross it is kept.
public struct JSONLimits: Sendable, Hashable {
    /// How deep arrays and objects may nest.
    public var maximumDepth: Int
    /// Members in one object.
    public var maximumMembers: Int
    /// Elements in one array.
    public var maximumElements: Int
    /// Values in the whole document (every member value and array element).
    public var maximumNodes: Int
    /// Bytes of one member name as written (escapes included).
    public var maximumNameBytes: Int
    /// Characters of one number as written.
    public var maximumNumberBytes: Int

    /// Creates limits.
    public init(
        maximumDepth: Int,
        maximumMembers: Int,
        maximumElements: Int,
        maximumNodes: Int,
        maximumNameBytes: Int,
        maximumNumberBytes: Int
    ) {
        self.maximumDepth = maximumDepth
        self.maximumMembers = maximumMembers
        self.maximumElements = maximumElements
        self.maximumNodes = maximumNodes
        self.maximumNameBytes = maximumNameBytes
        self.maximumNumberBytes = maximumNumberBytes
    }

    /// Only the nesting bound (`JSONParser.maximumDepth`): what `JSONParser.parse` reads under.
    public static let nestingOnly = JSONLimits(
        maximumDepth: JSONParser.maximumDepth,
        maximumMembers: .max,
        maximumElements: .max,
        maximumNodes: .max,
        maximumNameBytes: .max,
        maximumNumberBytes: .max
    )
}
