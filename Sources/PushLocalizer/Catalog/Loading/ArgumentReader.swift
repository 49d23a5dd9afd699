/// Reads a template's `args` map.
struct ArgumentReader {
    var reader: NodeReader

    static let declarationFields = ["type", "truncate", "max-bytes"]

    /// The declarations in file order. A declaration may be a map (`{ type: number }`), just a type
    /// (`count: number`) or empty (`user_id:`, a string).
    mutating func readArguments(_ node: YAMLNode) -> [ArgumentDeclaration] {
        guard
            let entries = reader.entries(of: node, requirement: "'args' must be a map of argument name to declaration")
        else { return [] }
        var declarations: [ArgumentDeclaration] = []
        for entry in entries {
            if let first = declarations.first(where: { $0.name == entry.key }) {
                reader.report(
                    CatalogError.Code.duplicateKey,
                    "argument '\(entry.key)' is declared twice "
                        + "(first at \(first.location.line):\(first.location.column))",
                    at: entry.location
                )
                continue
            }
            guard Self.isValidName(entry.key) else {
                reader.report(
                    CatalogError.Code.invalidValue,
                    "invalid argument name '\(entry.key)': use letters, digits and '_', not starting with a digit",
                    at: entry.location
                )
                continue
            }
            if let declaration = readDeclaration(entry) { declarations.append(declaration) }
        }
        return declarations
    }

    /// An ASCII identifier: what ICU accepts as a named argument and JSON callers can type.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
        }
    }

    private mutating func readDeclaration(_ entry: MappingEntry) -> ArgumentDeclaration? {
        var declaration = ArgumentDeclaration(name: entry.key, location: entry.location)
        if case .scalar = entry.value {
            if !reader.isNull(entry.value) {
                // An invalid type is reported; the argument stays declared (as text), so that
                // lint's partial catalog does not also report every use of it as undeclared.
                if let type = readType(entry.value, argument: entry.key) { declaration.type = type }
            }
            return declaration
        }
        guard
            let fields = reader.fields(
                of: entry.value,
                known: Self.declarationFields,
                requirement: "argument '\(entry.key)' must be a type or a map like { type: string }",
                naming: "argument field"
            )
        else { return declaration }
        var valid = true
        if let node = fields["type"]?.value {
            if let type = readType(node, argument: entry.key) { declaration.type = type } else { valid = false }
        }
        if let node = fields["truncate"]?.value {
            if case .bool(let flag)? = reader.value(of: node) {
                declaration.truncate = flag
            } else {
                reader.report(
                    CatalogError.Code.invalidValue,
                    "'truncate' must be true or false, found \(reader.describe(node))",
                    at: node
                )
                valid = false
            }
        }
        if let node = fields["max-bytes"]?.value {
            declaration.maxBytes = reader.integer(
                node,
                in: 1...Int64(Int32.max),
                field: "max-bytes",
                requirement: "a positive integer"
            )
            valid = valid && declaration.maxBytes != nil
        }
        if valid, declaration.type != .string {
            // Trimming a formatted number or date would print a different value, not a shorter one.
            for name in ["truncate", "max-bytes"]
            where fields[name] != nil
                && !(name == "truncate" && !declaration.truncate)
            {
                reader.report(
                    CatalogError.Code.invalidValue,
                    "'\(name)' applies only to string arguments; '\(entry.key)' is a \(declaration.type.rawValue)",
                    at: fields[name]?.location ?? entry.location
                )
                valid = false
            }
        }
        // Invalid attributes are reported; the argument stays declared (see above).
        if !valid { declaration.truncate = false }
        return declaration
    }

    private mutating func readType(_ node: YAMLNode, argument: String) -> ArgumentType? {
        guard case .scalar(let scalar) = node else {
            reader.report(
                CatalogError.Code.invalidValue,
                "the type of '\(argument)' must be string, number or date, found \(reader.describe(node))",
                at: node
            )
            return nil
        }
        if let type = ArgumentType(rawValue: scalar.string) { return type }
        if scalar.string == "boolean" || scalar.string == "bool" {
            reader.report(
                CatalogError.Code.invalidValue,
                "'\(scalar.string)' is not an argument type: declare '\(argument)' as a string and use select",
                at: node
            )
        } else {
            reader.report(
                CatalogError.Code.invalidValue,
                "unknown argument type '\(scalar.string)' for '\(argument)'; use string, number or date",
                at: node
            )
        }
        return nil
    }
}
