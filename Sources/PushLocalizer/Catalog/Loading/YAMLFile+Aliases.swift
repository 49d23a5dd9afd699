/// Where a file reuses a value through a YAML alias (`args: *common`).
///
/// Yams gives a value reached through an alias the marks of its anchor, so an error inside it
/// would point at the anchor alone: the place that is wrong may be the alias, used where the
/// anchored value does not fit. Each error inside an aliased value names the aliases too.
struct AliasUses: Sendable {
    /// One anchored value and the places that reuse it.
    struct Reuse: Sendable {
        /// The first and last positions of the anchored value (line, column; original coordinates).
        var start: (line: Int, column: Int)
        var end: (line: Int, column: Int)
        /// Where each alias of it is written.
        var uses: [(line: Int, column: Int)]
    }

    private(set) var reuses: [Reuse] = []

    static let none = AliasUses()

    /// Finds the aliased values of `root`: a map value that starts before its key, or a list item
    /// that starts before the list, is a copy made by an alias.
    init(root: YAMLNode?, source: SourceFile) {
        guard let root, Self.mayHoldAliases(source) else { return }
        visit(root, source: source)
    }

    private init() {}

    /// Anchors are marked with `&`; a file without one has no alias to find.
    private static func mayHoldAliases(_ source: SourceFile) -> Bool {
        source.scalars.contains("&")
    }

    private mutating func visit(_ node: YAMLNode, source: SourceFile) {
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                if value.location < key.location {
                    record(value, usedAfter: key.location, source: source)
                } else {
                    visit(value, source: source)
                }
            }
        case .sequence(let list):
            for element in list {
                if element.location < list.location {
                    record(element, usedAfter: list.location, source: source)
                } else {
                    visit(element, source: source)
                }
            }
        case .scalar:
            break
        }
    }

    private mutating func record(_ value: YAMLNode, usedAfter place: YAMLNode.Location, source: SourceFile) {
        guard let use = Self.aliasStar(after: place, in: source) else { return }
        let start = value.location
        let end = Self.lastLocation(in: value)
        if let index = reuses.firstIndex(where: { $0.start == (start.line, start.column) }) {
            reuses[index].uses.append(use)
        } else {
            reuses.append(Reuse(start: (start.line, start.column), end: (end.line, end.column), uses: [use]))
        }
    }

    /// The aliases whose anchored value holds `location` (original coordinates).
    func uses(covering line: Int, _ column: Int) -> [(line: Int, column: Int)] {
        reuses.filter {
            ($0.start.line, $0.start.column) <= (line, column) && (line, column) <= ($0.end.line, $0.end.column)
        }
        .flatMap(\.uses)
    }

    private static func lastLocation(in node: YAMLNode) -> YAMLNode.Location {
        var last = node.location
        func visit(_ node: YAMLNode) {
            last = max(last, node.location)
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    visit(key)
                    visit(value)
                }
            case .sequence(let list): list.forEach(visit)
            case .scalar: break
            }
        }
        visit(node)
        return last
    }

    /// The position of the first `*` after `place` that starts an alias (after a space, `[`, `,`,
    /// `:` or `-`, or at the start of a line).
    private static func aliasStar(after place: YAMLNode.Location, in source: SourceFile) -> (line: Int, column: Int)? {
        guard let start = source.index(line: place.line, column: place.column) else { return nil }
        var index = start
        while index < source.scalars.count {
            if source.scalars[index] == "*" {
                let previous: Unicode.Scalar = index > 0 ? source.scalars[index - 1] : "\n"
                if " \t[,:-\n\r".unicodeScalars.contains(previous) {
                    let line = source.lineStarts.lastIndex { $0 <= index } ?? 0
                    return (line + 1, index - source.lineStarts[line] + 1)
                }
            }
            index += 1
        }
        return nil
    }
}
