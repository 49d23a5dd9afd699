/// The phone surfaces the preview page draws and `display-truncation` checks (`display` in
/// `pushloc.yaml`): each surface's layout and the fonts of each platform. The defaults are
/// estimates, not Apple's or Google's figures (docs/catalog-format.md).
public struct DisplaySettings: Sendable, Hashable {
    /// The layout of each surface; every surface has one.
    public var layouts: [DisplaySurface: SurfaceLayout]
    /// The font families of iOS surfaces, in order of preference (`display.fonts.ios`): Inter,
    /// then Noto Sans, stand-ins for SF Pro.
    public var iosFonts: [String]
    /// The font families of Android surfaces (`display.fonts.android`): Noto Sans, a stand-in for Roboto.
    public var androidFonts: [String]

    /// The default iOS fonts.
    public static let defaultIOSFonts = ["Inter", "Noto Sans"]
    /// The default Android fonts.
    public static let defaultAndroidFonts = ["Noto Sans"]

    /// Creates settings; the defaults are those of a catalog whose `pushloc.yaml` has no `display`.
    /// - Parameters:
    ///   - layouts: layouts by surface; a surface left out has its default layout.
    ///   - iosFonts: the iOS font families.
    ///   - androidFonts: the Android font families.
    public init(
        layouts: [DisplaySurface: SurfaceLayout] = [:],
        iosFonts: [String] = DisplaySettings.defaultIOSFonts,
        androidFonts: [String] = DisplaySettings.defaultAndroidFonts
    ) {
        var all: [DisplaySurface: SurfaceLayout] = [:]
        for surface in DisplaySurface.allCases {
            all[surface] = layouts[surface] ?? SurfaceLayout.defaultLayout(of: surface)
        }
        self.layouts = all
        self.iosFonts = iosFonts
        self.androidFonts = androidFonts
    }

    /// The layout of `surface`.
    /// - Parameter surface: a surface.
    /// - Returns: its layout (the default one unless set).
    public func layout(of surface: DisplaySurface) -> SurfaceLayout {
        layouts[surface] ?? SurfaceLayout.defaultLayout(of: surface)
    }

    /// The font families of `surface`'s platform.
    /// - Parameter surface: a surface.
    /// - Returns: the families in order of preference.
    public func fonts(of surface: DisplaySurface) -> [String] {
        surface.isAndroid ? androidFonts : iosFonts
    }

    /// How `surface` sets the title (the subtitle too, on iOS).
    /// - Parameter surface: a surface.
    /// - Returns: the style to estimate the title with.
    public func titleStyle(of surface: DisplaySurface) -> DisplayTextStyle {
        let layout = layout(of: surface)
        return DisplayTextStyle(
            fontFamilies: fonts(of: surface),
            fontSize: layout.titleSize,
            fontWeight: layout.titleWeight,
            width: layout.width,
            maxLines: layout.titleLines
        )
    }

    /// How `surface` sets the body.
    /// - Parameter surface: a surface.
    /// - Returns: the style to estimate the body with.
    public func bodyStyle(of surface: DisplaySurface) -> DisplayTextStyle {
        let layout = layout(of: surface)
        return DisplayTextStyle(
            fontFamilies: fonts(of: surface),
            fontSize: layout.bodySize,
            fontWeight: layout.bodyWeight,
            width: layout.width,
            maxLines: layout.bodyLines
        )
    }
}
