/// A node of a catalog file, as the readers see it: values, how scalars were written, and where
/// each node starts.
///
/// The readers do not use Yams' `Node` because ``PlainYAMLComposer`` builds nodes itself, and
/// Yams keeps the initializer of the location type in its nodes (`Mark`) internal: a node of our
/// own, with a location of our own, is the only way to build one without relying on how Yams lays
/// out its types. Nodes Yams composes are converted (`YAMLNode+Yams.swift`).
enum YAMLNode {
    case scalar(Scalar)
    case mapping(Mapping)
    case sequence(List)

    /// A position in the text as libyaml counts it: 1-based line, and 1-based column counted in
    /// Unicode scalars.
    struct Location: Hashable, Comparable {
        var line: Int
        var column: Int

        static func < (lhs: Location, rhs: Location) -> Bool {
            (lhs.line, lhs.column) < (rhs.line, rhs.column)
        }
    }

    struct Scalar {
        /// The value, after unquoting, unescaping and folding.
        var string: String
        var style: ScalarStyle
        /// Whether the scalar's tag is `str`: a quoted or block scalar, or a plain one tagged `!!str`
        /// or `!` (a string whatever it looks like: `!!str 12`).
        var hasStringTag: Bool
        /// Where the scalar starts: its first character, opening quote or block indicator (or its
        /// anchor or tag).
        var location: Location
    }

    struct Mapping: Sequence {
        var pairs: [(key: YAMLNode, value: YAMLNode)]
        var location: Location

        var count: Int { pairs.count }

        func makeIterator() -> IndexingIterator<[(key: YAMLNode, value: YAMLNode)]> {
            pairs.makeIterator()
        }
    }

    struct List: Sequence {
        var elements: [YAMLNode]
        var location: Location

        func makeIterator() -> IndexingIterator<[YAMLNode]> {
            elements.makeIterator()
        }
    }

    /// Where the node starts.
    var location: Location {
        switch self {
        case .scalar(let scalar): scalar.location
        case .mapping(let mapping): mapping.location
        case .sequence(let list): list.location
        }
    }
}
