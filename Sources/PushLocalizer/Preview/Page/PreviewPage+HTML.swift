extension PreviewPage {
    /// The page as one self-contained HTML document: no scripts, styles, fonts or images from
    /// elsewhere (fonts by family name only, the app icon drawn in CSS), every catalog text escaped.
    ///
    /// Each card is a `figure.card` with `data-surface`, `dir` (the estimator's paragraph direction
    /// of the body), `lang` and `data-lines` (the estimator's line count of the body with no line
    /// limit). Each field is an element `.text` (`.title`, `.subtitle`, `.body`) with its own `dir`,
    /// `lang`, `data-lines`, `data-max-lines`, `data-characters` and `data-shown-characters`. An
    /// inline script writes the browser's own line counts into `data-measured-lines` (see
    /// ``PreviewPageScript``).
    /// - Parameter title: the document's title.
    /// - Returns: the HTML.
    public func html(title: String = "pushloc preview") -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(HTMLText.escaped(title))</title>
            <style>
            \(PreviewPageStyle.css(settings))</style>
            </head>
            <body>

            """
        html += header(title: title)
        var key: String?
        for row in rows {
            if row.key != key {
                if key != nil { html += "</section>\n" }
                key = row.key
                html += "<section class=\"template\" data-key=\"\(HTMLText.escaped(row.key))\">\n"
                html += "<h2>\(HTMLText.escaped(row.key))</h2>\n"
            }
            html += Self.html(of: row)
        }
        if key != nil { html += "</section>\n" }
        html += "<script>\n\(PreviewPageScript.source)\n</script>\n</body>\n</html>\n"
        return html
    }

    private func header(title: String) -> String {
        var html = "<header>\n<h1>\(HTMLText.escaped(title))</h1>\n"
        html += """
            <p class="estimate"><strong>An estimate.</strong> These cards are drawn with stand-in fonts \
            and the widths, sizes and line limits of pushloc.yaml&#39;s <code>display</code> settings, not \
            by iOS or Android: a phone&#39;s own fonts, text size setting and screen width change where \
            text wraps and is cut. Each payload is the real APNs payload of the arguments shown.</p>
            <p>\(rows.count) argument sets, \(cardCount) cards.</p>
            <table class="surfaces"><tr><th>surface</th><th>text width</th><th>title</th><th>body</th>\
            <th>fonts</th></tr>

            """
        for surface in DisplaySurface.allCases {
            let layout = settings.layout(of: surface)
            let fonts = settings.fonts(of: surface).joined(separator: ", ")
            html += "<tr><td>\(surface.rawValue)</td><td>\(HTMLText.css(layout.width)) px</td>"
            html += "<td>\(HTMLText.css(layout.titleSize)) px, weight \(layout.titleWeight), \(layout.titleLines) line"
            html += layout.titleLines == 1 ? "" : "s"
            html += "</td><td>\(HTMLText.css(layout.bodySize)) px, weight \(layout.bodyWeight), "
            html += "\(layout.bodyLines) line\(layout.bodyLines == 1 ? "" : "s")</td>"
            html += "<td>\(HTMLText.escaped(fonts))</td></tr>\n"
        }
        return html + "</table>\n</header>\n"
    }

    private static func html(of row: PreviewRow) -> String {
        let variant = HTMLText.escaped(row.variant)
        var html = "<div class=\"row\" data-key=\"\(HTMLText.escaped(row.key))\" "
        html += "data-locale=\"\(HTMLText.escaped(row.locale))\" data-kind=\"\(row.kind.rawValue)\" "
        html += "data-variant=\"\(variant)\">\n<div class=\"facts\">\n"
        let asked = row.requested.map { " (for \(HTMLText.escaped($0)))" } ?? ""
        html += "<div class=\"label\">\(HTMLText.escaped(row.locale))\(asked)</div>\n"
        html += "<div class=\"kind\">\(kindText(row.kind))\(variant.isEmpty ? "" : ": \(variant)")</div>\n"
        if let bytes = row.payloadBytes, let budget = row.budget {
            html += "<div class=\"bytes\">payload \(bytes) / \(budget) bytes</div>\n"
        }
        if !row.fieldLocales.isEmpty {
            let locales = row.fieldLocales.map { entry in
                let fallback = entry.locale == row.locale ? "" : " (fallback)"
                return "\(entry.field.rawValue): \(HTMLText.escaped(entry.locale))\(fallback)"
            }
            html += "<div class=\"locales\">\(locales.joined(separator: "<br>"))</div>\n"
        }
        for trimmed in row.trimmed { html += "<div class=\"trimmed\">trimmed \(HTMLText.escaped(trimmed))</div>\n" }
        let arguments = row.arguments.map { "\(HTMLText.escaped($0.name)) = \(HTMLText.escaped($0.value))" }
        if !arguments.isEmpty { html += "<div class=\"args\">\(arguments.joined(separator: "<br>"))</div>\n" }
        if let error = row.error { html += "<div class=\"error\">not rendered: \(HTMLText.escaped(error))</div>\n" }
        html += "</div>\n<div class=\"cards\">\n"
        for card in row.cards { html += self.html(of: card) }
        return html + "</div>\n</div>\n"
    }

    private static func kindText(_ kind: PreviewRowKind) -> String {
        switch kind {
        case .sample: "sample"
        case .longNames: "worst case, long names"
        case .rightToLeftName: "worst case, right-to-left name"
        case .leftToRightName: "worst case, left-to-right name"
        }
    }

    private static func html(of card: PreviewCard) -> String {
        let platform = card.surface.isAndroid ? "android" : "ios"
        let lang = card.texts.last { $0.field == .body }?.locale ?? card.texts.first?.locale ?? ""
        var html = "<figure>\n<div class=\"surface-name\">\(card.surface.rawValue)</div>\n"
        html += "<div class=\"card \(platform) s-\(card.surface.rawValue)\" data-surface=\"\(card.surface.rawValue)\" "
        html +=
            "dir=\"\(card.direction.rawValue)\" lang=\"\(HTMLText.escaped(lang))\" data-lines=\"\(card.lineCount)\" "
        html += "data-verdict=\"\(card.firstCut == nil ? "fits" : "cut")\">\n"
        if card.surface.isAndroid {
            html += "<div class=\"content\"><div class=\"meta\"><span class=\"icon\"></span>"
            html += "<span class=\"app\">App</span><span>· now</span></div>\n"
        } else {
            html += "<div class=\"icon\"></div><div class=\"content\">"
            html += "<div class=\"meta\"><span class=\"app\">App</span><span>now</span></div>\n"
        }
        for text in card.texts {
            html += "<div class=\"text \(text.field.rawValue)\" data-field=\"\(text.field.rawValue)\" "
            html += "dir=\"\(text.wrap.direction.rawValue)\" lang=\"\(HTMLText.escaped(text.locale))\" "
            html += "data-lines=\"\(text.wrap.lineCount)\" data-max-lines=\"\(text.style.maxLines)\" "
            html += "data-characters=\"\(text.wrap.characterCount)\" "
            html += "data-shown-characters=\"\(text.wrap.shownCharacters)\">"
            html += HTMLText.escaped(text.text) + "</div>\n"
        }
        html += "</div>\n</div>\n"
        let verdict = HTMLText.escaped(card.verdict)
        html += "<figcaption>\(card.firstCut == nil ? verdict : "<span class=\"cut\">\(verdict)</span>")</figcaption>\n"
        return html + "</figure>\n"
    }
}
