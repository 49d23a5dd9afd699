/// The page's style sheet. Each surface's text column, font families, sizes, weights and line
/// limits are those the estimator was given, so that the browser sets the text as the estimator
/// did: greedy filling at line-break opportunities (`white-space: pre-wrap`, trailing spaces
/// hang), overlong words broken anywhere (`overflow-wrap: anywhere`), no letter spacing, kerning
/// and ligatures left at the font's defaults, an explicit line height.
enum PreviewPageStyle {
    /// The line height of a font size: 1.3 times, rounded to a whole pixel.
    static func lineHeight(_ size: Double) -> Double {
        (size * 1.3).rounded()
    }

    static func css(_ settings: DisplaySettings) -> String {
        var css = base
        for surface in DisplaySurface.allCases {
            let layout = settings.layout(of: surface)
            let families = settings.fonts(of: surface).map(HTMLText.cssFamily).joined(separator: ", ")
            let name = ".s-\(surface.rawValue)"
            css += """
                \(name) .text { width: \(HTMLText.css(layout.width))px; font-family: \(families); }
                \(name) .title, \(name) .subtitle { font-size: \(HTMLText.css(layout.titleSize))px; \
                font-weight: \(layout.titleWeight); line-height: \(HTMLText.css(lineHeight(layout.titleSize)))px; \
                -webkit-line-clamp: \(layout.titleLines); }
                \(name) .body { font-size: \(HTMLText.css(layout.bodySize))px; font-weight: \(layout.bodyWeight); \
                line-height: \(HTMLText.css(lineHeight(layout.bodySize)))px; -webkit-line-clamp: \(layout.bodyLines); }

                """
        }
        return css
    }

    private static let base = """
        body { margin: 0; padding: 24px; background: #e9ecf2; color: #1c1c1e; \
        font: 14px/1.4 "Noto Sans", "Inter"; }
        header { max-width: 1100px; }
        h1 { font-size: 24px; margin: 0 0 8px; }
        h2 { font-size: 18px; margin: 32px 0 4px; }
        .estimate { background: #fff4ce; border: 1px solid #e0c060; padding: 8px 12px; border-radius: 8px; }
        table.surfaces { border-collapse: collapse; margin: 8px 0; }
        table.surfaces td, table.surfaces th { border: 1px solid #c8ccd4; padding: 2px 8px; text-align: left; }
        .description { color: #555; max-width: 1100px; }
        .row { display: flex; gap: 16px; align-items: flex-start; padding: 12px 0; border-top: 1px solid #c8ccd4; }
        .facts { width: 230px; flex: none; font-size: 12px; overflow-wrap: anywhere; }
        .facts .label { font-weight: 700; font-size: 14px; }
        .facts .error { color: #b00020; }
        .cards { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        figure { margin: 0; }
        figcaption { font-size: 11px; color: #444; margin-top: 4px; max-width: 340px; }
        figcaption .cut { color: #b00020; font-weight: 700; }
        .card { position: relative; }
        .text { display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; white-space: pre-wrap; \
        overflow-wrap: anywhere; word-break: normal; line-break: strict; letter-spacing: normal; \
        word-spacing: normal; font-kerning: auto; font-variant-ligatures: normal; font-style: normal; \
        text-transform: none; text-align: start; text-indent: 0; margin: 0; padding: 0; \
        font-synthesis: weight style; }
        .card .text.measure { display: block; -webkit-line-clamp: none; position: absolute; visibility: hidden; \
        left: 0; top: 0; }
        .ios { display: flex; gap: 10px; padding: 12px 14px; border-radius: 22px; \
        background: rgba(245, 245, 250, 0.92); box-shadow: 0 1px 3px rgba(0, 0, 0, 0.15); }
        .ios .icon { width: 38px; height: 38px; flex: none; border-radius: 9px; \
        background: linear-gradient(135deg, #5ac8fa, #007aff); }
        .ios .meta { display: flex; justify-content: space-between; font: 12px/16px "Noto Sans"; color: #6e6e73; }
        .android { padding: 12px 16px; border-radius: 16px; background: #fff; \
        box-shadow: 0 1px 3px rgba(0, 0, 0, 0.2); }
        .android .meta { display: flex; gap: 6px; align-items: center; font: 12px/16px "Noto Sans"; \
        color: #5f6368; margin-bottom: 4px; }
        .android .icon { width: 18px; height: 18px; border-radius: 50%; background: #1a73e8; }
        .surface-name { font-size: 11px; color: #444; margin-bottom: 2px; }

        """
}
