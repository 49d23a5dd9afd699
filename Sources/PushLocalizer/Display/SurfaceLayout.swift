/// How one surface sets a notification: the text column's width, and the size, weight and line
/// limit of the title and of the body (`display.surfaces.<surface>` in `pushloc.yaml`).
public struct SurfaceLayout: Sendable, Hashable {
    /// The width of the text column in CSS pixels.
    public var width: Double
    /// The title's font size in CSS pixels.
    public var titleSize: Double
    /// The title's CSS weight.
    public var titleWeight: Int
    /// The lines of title shown.
    public var titleLines: Int
    /// The body's font size in CSS pixels.
    public var bodySize: Double
    /// The body's CSS weight.
    public var bodyWeight: Int
    /// The lines of body shown.
    public var bodyLines: Int

    /// Creates a layout.
    /// - Parameters:
    ///   - width: the text column's width in CSS pixels.
    ///   - titleSize: the title's size in CSS pixels.
    ///   - titleWeight: the title's CSS weight.
    ///   - titleLines: the title lines shown.
    ///   - bodySize: the body's size in CSS pixels.
    ///   - bodyWeight: the body's CSS weight.
    ///   - bodyLines: the body lines shown.
    public init(
        width: Double,
        titleSize: Double,
        titleWeight: Int,
        titleLines: Int,
        bodySize: Double,
        bodyWeight: Int,
        bodyLines: Int
    ) {
        self.width = width
        self.titleSize = titleSize
        self.titleWeight = titleWeight
        self.titleLines = titleLines
        self.bodySize = bodySize
        self.bodyWeight = bodyWeight
        self.bodyLines = bodyLines
    }

    /// The default layout of `surface`: estimates of an iPhone (393 points wide) and of a Pixel-sized
    /// Android phone (412 dp wide) in portrait, documented in docs/catalog-format.md.
    public static func defaultLayout(of surface: DisplaySurface) -> SurfaceLayout {
        switch surface {
        case .iosLockScreen: iPhone(width: 300, bodyLines: 4)
        case .iosBanner: iPhone(width: 300, bodyLines: 2)
        case .iosExpanded: iPhone(width: 340, bodyLines: 7)
        case .androidCollapsed: android(bodyLines: 1)
        case .androidExpanded: android(bodyLines: 8)
        }
    }

    /// An iPhone surface: 15 px text, a semibold title on one line.
    private static func iPhone(width: Double, bodyLines: Int) -> SurfaceLayout {
        SurfaceLayout(
            width: width,
            titleSize: 15,
            titleWeight: 600,
            titleLines: 1,
            bodySize: 15,
            bodyWeight: 400,
            bodyLines: bodyLines
        )
    }

    /// An Android surface: a 280 px column of 14 px text, a medium-weight title on one line.
    private static func android(bodyLines: Int) -> SurfaceLayout {
        SurfaceLayout(
            width: 280,
            titleSize: 14,
            titleWeight: 500,
            titleLines: 1,
            bodySize: 14,
            bodyWeight: 400,
            bodyLines: bodyLines
        )
    }
}
