import Yams

extension YAMLNode {
    /// The node Yams composed, converted: values, styles, string tags and marks as Yams has them.
    init(_ node: Node) {
        switch node {
        case .scalar(let scalar):
            self = .scalar(Scalar(scalar))
        case .mapping(let mapping):
            self = .mapping(
                Mapping(pairs: mapping.map { (YAMLNode($0.key), YAMLNode($0.value)) }, location: Location(mapping.mark))
            )
        case .sequence(let sequence):
            self = .sequence(List(elements: sequence.map { YAMLNode($0) }, location: Location(sequence.mark)))
        case .alias(let alias):
            // `Yams.compose` never returns one (it resolves each alias to a copy of its anchored
            // node); should it, a reader sees the alias as written and reports it where a value was due.
            self = .scalar(
                Scalar(string: "*\(alias.anchor)", style: .plain, hasStringTag: false, location: Location(alias.mark))
            )
        }
    }
}

extension YAMLNode.Scalar {
    init(_ scalar: Node.Scalar) {
        self.init(
            string: scalar.string,
            style: ScalarStyle(scalar.style),
            hasStringTag: scalar.tag.description == "tag:yaml.org,2002:str" || scalar.tag.description == "!",
            location: YAMLNode.Location(scalar.mark)
        )
    }
}

extension YAMLNode.Location {
    /// Yams' mark; a node without one (Yams marks every node it composes) is placed at the start.
    init(_ mark: Mark?) {
        self.init(line: mark?.line ?? 1, column: mark?.column ?? 1)
    }
}

extension ScalarStyle {
    init(_ style: Node.Scalar.Style) {
        switch style {
        case .singleQuoted: self = .singleQuoted
        case .doubleQuoted: self = .doubleQuoted
        case .literal: self = .literal
        case .folded: self = .folded
        case .any, .plain: self = .plain
        }
    }
}
