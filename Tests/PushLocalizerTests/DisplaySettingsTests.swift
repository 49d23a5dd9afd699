import PushLocalizer
import Testing

/// `display` in `pushloc.yaml`: defaults (docs/catalog-format.md), overrides, and errors with
/// their places.
@Suite("Display settings")
struct DisplaySettingsTests {
    static func settings(_ yaml: String) throws -> DisplaySettings {
        try CatalogSource.parse(files: ["Templates/a.yaml": "t:\n  body: x\n", "pushloc.yaml": yaml]).settings.display
    }

    @Test func defaultsAreTheDocumentedOnes() throws {
        let display = try CatalogSource.parse(files: ["Templates/a.yaml": "t:\n  body: x\n"]).settings.display
        #expect(display.iosFonts == ["Inter", "Noto Sans"])
        #expect(display.androidFonts == ["Noto Sans"])
        #expect(
            display.bodyStyle(of: .iosLockScreen)
                == DisplayTextStyle(
                    fontFamilies: ["Inter", "Noto Sans"],
                    fontSize: 15,
                    fontWeight: 400,
                    width: 300,
                    maxLines: 4
                )
        )
        #expect(
            display.titleStyle(of: .iosLockScreen)
                == DisplayTextStyle(
                    fontFamilies: ["Inter", "Noto Sans"],
                    fontSize: 15,
                    fontWeight: 600,
                    width: 300,
                    maxLines: 1
                )
        )
        let lines = DisplaySurface.allCases.map {
            "\(display.layout(of: $0).titleLines)/\(display.layout(of: $0).bodyLines)"
        }
        #expect(lines == ["1/4", "1/2", "1/7", "1/1", "1/8"])
        #expect(DisplaySurface.allCases.map { display.layout(of: $0).width } == [300, 300, 340, 280, 280])
        #expect(
            display.bodyStyle(of: .androidExpanded)
                == DisplayTextStyle(fontFamilies: ["Noto Sans"], fontSize: 14, fontWeight: 400, width: 280, maxLines: 8)
        )
        #expect(display.titleStyle(of: .androidCollapsed).fontWeight == 500)
    }

    @Test func setFieldsOverrideAndTheRestKeepDefaults() throws {
        let display = try Self.settings(
            """
            display:
              fonts:
                ios: SF Pro Text
                android: [Roboto, Noto Sans]
              surfaces:
                ios-lock-screen: { width: 320.5, body-lines: 3 }
                android-collapsed:
                  title-size: 16
                  title-weight: 700

            """
        )
        #expect(display.iosFonts == ["SF Pro Text"])
        #expect(display.androidFonts == ["Roboto", "Noto Sans"])
        #expect(
            display.bodyStyle(of: .iosLockScreen)
                == DisplayTextStyle(
                    fontFamilies: ["SF Pro Text"],
                    fontSize: 15,
                    fontWeight: 400,
                    width: 320.5,
                    maxLines: 3
                )
        )
        #expect(
            display.titleStyle(of: .androidCollapsed)
                == DisplayTextStyle(
                    fontFamilies: ["Roboto", "Noto Sans"],
                    fontSize: 16,
                    fontWeight: 700,
                    width: 280,
                    maxLines: 1
                )
        )
        #expect(display.layout(of: .iosBanner) == SurfaceLayout.defaultLayout(of: .iosBanner))
    }

    @Test(
        arguments: [
            (
                "display:\n  surfaces:\n    ios_lock_screen: { width: 300 }\n",
                "pushloc.yaml:3:5: error: unknown surface 'ios_lock_screen'; did you mean 'ios-lock-screen'? known: "
                    + "android-collapsed, android-expanded, ios-banner, ios-expanded, ios-lock-screen"
            ),
            (
                "display:\n  surfaces:\n    ios-banner: { width: wide }\n",
                "pushloc.yaml:3:26: error: 'display.surfaces.ios-banner.width' must be a number of CSS pixels from 40 "
                    + "to 2000, found 'wide'"
            ),
            (
                "display:\n  surfaces:\n    ios-banner: { body-lines: 0 }\n",
                "pushloc.yaml:3:31: error: 'display.surfaces.ios-banner.body-lines' must be a whole number of lines "
                    + "from 1 to 50, found '0'"
            ),
            (
                "display:\n  surfaces:\n    ios-banner: { bodyLines: 3 }\n",
                "pushloc.yaml:3:19: error: unknown ios-banner setting 'bodyLines'; did you mean 'body-lines'? known: "
                    + "body-lines, body-size, body-weight, title-lines, title-size, title-weight, width"
            ),
            (
                "display:\n  fonts:\n    ios: []\n",
                "pushloc.yaml:3:10: error: 'display.fonts.ios' must list font family names, found a list"
            ),
            (
                "display:\n  fonts:\n    web: [Inter]\n",
                "pushloc.yaml:3:5: error: unknown display.fonts platform 'web'; known: android, ios"
            ),
            (
                "display: 12\n",
                "pushloc.yaml:1:10: error: 'display' must be a map, found '12'"
            ),
        ]
    )
    func errorsNameTheirPlace(yaml: String, expected: String) {
        #expect(catalogErrors(["Templates/a.yaml": "t:\n  body: x\n", "pushloc.yaml": yaml]) == [expected])
    }
}
