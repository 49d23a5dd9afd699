/// Reads `display` of `pushloc.yaml`: the fonts of each platform and the layout of each surface,
/// every field optional (a surface's unset fields keep their defaults).
extension SettingsReader {
    static let displayFields = ["fonts", "surfaces"]
    static let fontFields = ["ios", "android"]
    static let surfaceFields = [
        "width", "title-size", "title-weight", "title-lines", "body-size", "body-weight", "body-lines",
    ]

    mutating func display(_ node: YAMLNode) -> DisplaySettings {
        var settings = DisplaySettings()
        guard
            let fields = reader.fields(
                of: node,
                known: Self.displayFields,
                requirement: "'display' must be a map",
                naming: "display setting"
            )
        else { return settings }
        if let fontsNode = fields["fonts"]?.value,
            let fonts = reader.fields(
                of: fontsNode,
                known: Self.fontFields,
                requirement: "'display.fonts' must be a map of platform to font families",
                naming: "display.fonts platform"
            )
        {
            if let node = fonts["ios"]?.value,
                let families = fontFamilies(node, field: "display.fonts.ios")
            {
                settings.iosFonts = families
            }
            if let node = fonts["android"]?.value, let families = fontFamilies(node, field: "display.fonts.android") {
                settings.androidFonts = families
            }
        }
        if let surfacesNode = fields["surfaces"]?.value,
            let surfaces = reader.fields(
                of: surfacesNode,
                known: DisplaySurface.allCases.map(\.rawValue),
                requirement: "'display.surfaces' must be a map of surface to layout",
                naming: "surface"
            )
        {
            for surface in DisplaySurface.allCases {
                guard let node = surfaces[surface.rawValue]?.value else { continue }
                settings.layouts[surface] = layout(node, of: surface)
            }
        }
        return settings
    }

    /// A non-empty list of non-empty family names (a single name is a list of one).
    private mutating func fontFamilies(_ node: YAMLNode, field: String) -> [String]? {
        let items: [YAMLNode]
        switch node {
        case .sequence(let sequence): items = Array(sequence)
        case .scalar: items = [node]
        case .mapping: items = []
        }
        var families: [String] = []
        for item in items {
            guard case .scalar(let scalar) = item, !reader.isNull(item),
                !scalar.string.trimmingSpaces.isEmpty
            else {
                reader.report(
                    CatalogError.Code.invalidValue,
                    "'\(field)' must list font family names, found \(reader.describe(item))",
                    at: item
                )
                return nil
            }
            families.append(scalar.string.trimmingSpaces)
        }
        guard !families.isEmpty else {
            reader.report(
                CatalogError.Code.invalidValue,
                "'\(field)' must list font family names, found \(reader.describe(node))",
                at: node
            )
            return nil
        }
        return families
    }

    private mutating func layout(_ node: YAMLNode, of surface: DisplaySurface) -> SurfaceLayout {
        var layout = SurfaceLayout.defaultLayout(of: surface)
        let prefix = "display.surfaces.\(surface.rawValue)"
        guard
            let fields = reader.fields(
                of: node,
                known: Self.surfaceFields,
                requirement: "'\(prefix)' must be a map",
                naming: "\(surface.rawValue) setting"
            )
        else { return layout }
        if let node = fields["width"]?.value, let width = pixels(node, in: 40...2000, field: "\(prefix).width") {
            layout.width = width
        }
        if let node = fields["title-size"]?.value, let size = pixels(node, in: 4...200, field: "\(prefix).title-size") {
            layout.titleSize = size
        }
        if let node = fields["body-size"]?.value, let size = pixels(node, in: 4...200, field: "\(prefix).body-size") {
            layout.bodySize = size
        }
        if let node = fields["title-weight"]?.value, let weight = weight(node, field: "\(prefix).title-weight") {
            layout.titleWeight = weight
        }
        if let node = fields["body-weight"]?.value, let weight = weight(node, field: "\(prefix).body-weight") {
            layout.bodyWeight = weight
        }
        if let node = fields["title-lines"]?.value,
            let lines = reader.integer(
                node,
                in: 1...50,
                field: "\(prefix).title-lines",
                requirement: "a whole number of lines from 1 to 50"
            )
        {
            layout.titleLines = lines
        }
        if let node = fields["body-lines"]?.value,
            let lines = reader.integer(
                node,
                in: 1...50,
                field: "\(prefix).body-lines",
                requirement: "a whole number of lines from 1 to 50"
            )
        {
            layout.bodyLines = lines
        }
        return layout
    }

    /// A number of CSS pixels in `range` (a whole or decimal number).
    private mutating func pixels(_ node: YAMLNode, in range: ClosedRange<Double>, field: String) -> Double? {
        switch reader.value(of: node) {
        case .integer(let value)? where range.contains(Double(value)): return Double(value)
        case .number(let value)? where range.contains(value): return value
        default:
            reader.report(
                CatalogError.Code.invalidValue,
                "'\(field)' must be a number of CSS pixels from \(Int(range.lowerBound)) to "
                    + "\(Int(range.upperBound)), found \(reader.describe(node))",
                at: node
            )
            return nil
        }
    }

    /// A CSS font weight: a whole number from 1 to 1000.
    private mutating func weight(_ node: YAMLNode, field: String) -> Int? {
        reader.integer(
            node,
            in: 1...1000,
            field: field,
            requirement: "a CSS font weight from 1 to 1000 (400 regular, 700 bold)"
        )
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
