extension TranslationCoverage {
    /// An aligned table, one row per locale:
    ///
    /// ```
    /// 11 templates, 22 fields; source locale en
    ///
    ///            templates                   fields
    /// locale     complete  partial  missing  translated  missing  identical  coverage
    /// ar               11        0        0          22        0          1    100.0%
    /// ```
    public var table: String {
        let header = ["locale", "complete", "partial", "missing", "translated", "missing", "identical", "coverage"]
        var rows = [header]
        for row in locales {
            rows.append([
                row.locale, String(row.completeTemplates), String(row.partialTemplates), String(row.missingTemplates),
                String(row.translatedFields), String(row.missingFields), String(row.identicalFields), row.percentText,
            ])
        }
        var widths = header.indices.map { column in rows.map { $0[column].unicodeScalars.count }.max() ?? 0 }
        widths = widths.map { $0 + 2 }
        func cell(_ text: String, _ column: Int) -> String {
            let padding = String(repeating: " ", count: max(0, widths[column] - text.unicodeScalars.count))
            return column == 0 ? text + padding : padding + text
        }
        var lines = [
            "\(Self.counted(templateCount, "template")), \(Self.counted(fieldCount, "field")); "
                + "source locale \(sourceLocale)",
            "",
        ]
        // Each group label starts above the first letter of its group's first column header.
        let templatesStart = widths[0] + widths[1] - header[1].count
        let fieldsStart = widths[0] + widths[1] + widths[2] + widths[3] + widths[4] - header[4].count
        var groups = String(repeating: " ", count: templatesStart) + "templates"
        groups += String(repeating: " ", count: max(1, fieldsStart - groups.count)) + "fields"
        lines.append(groups)
        for row in rows {
            lines.append(row.indices.map { cell(row[$0], $0) }.joined().trimmingTrailingSpaces())
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table, then each locale's untranslated templates and fields (a locale that misses
    /// nothing is not listed):
    ///
    /// ```
    /// missing translations
    ///
    /// de: 2 templates, 3 fields
    ///   event_reminder: body
    ///   game_invite: title, body
    /// ```
    public var tableWithMissing: String {
        var lines = ["", "missing translations"]
        let incomplete = locales.filter { !$0.missing.isEmpty }
        if incomplete.isEmpty { lines.append("none: every locale translates every field") }
        for row in incomplete {
            lines.append("")
            lines.append(
                "\(row.locale): \(Self.counted(row.missing.count, "template")), \(Self.counted(row.missingFields, "field"))"
            )
            for entry in row.missing {
                lines.append("  \(entry.key): " + entry.fields.map(\.rawValue).joined(separator: ", "))
            }
        }
        return table + lines.joined(separator: "\n") + "\n"
    }

    /// `{"sourceLocale", "templates", "fields", "locales": [{"locale", "templates": {"complete",
    /// "partial", "missing"}, "fields": {"translated", "missing", "identical"}, "coverage"}]}`,
    /// `coverage` being the translated share of fields, 0 to 1, in thousandths. With `listingMissing`,
    /// each locale also has `"missing": [{"key", "fields": ["title", …]}]`.
    public var json: String { json(listingMissing: false) }

    /// The JSON form; see ``json``.
    /// - Parameter listingMissing: whether each locale lists its untranslated templates and fields.
    public func json(listingMissing: Bool) -> String {
        let rows: [JSONValue] = locales.map { row in
            var members: [(key: String, value: JSONValue)] = [
                ("locale", .string(row.locale)),
                (
                    "templates",
                    .object([
                        ("complete", .integer(row.completeTemplates)),
                        ("partial", .integer(row.partialTemplates)),
                        ("missing", .integer(row.missingTemplates)),
                    ])
                ),
                (
                    "fields",
                    .object([
                        ("translated", .integer(row.translatedFields)),
                        ("missing", .integer(row.missingFields)),
                        ("identical", .integer(row.identicalFields)),
                    ])
                ),
                ("coverage", row.permille.map { .number(Self.fraction(permille: $0)) } ?? .null),
            ]
            if listingMissing {
                let missing: [JSONValue] = row.missing.map { entry in
                    .object([
                        ("key", .string(entry.key)),
                        ("fields", .array(entry.fields.map { .string($0.rawValue) })),
                    ])
                }
                members.append(("missing", .array(missing)))
            }
            return .object(members)
        }
        return PrettyJSON.text(
            .object([
                ("sourceLocale", .string(sourceLocale)),
                ("templates", .integer(templateCount)),
                ("fields", .integer(fieldCount)),
                ("locales", .array(rows)),
            ])
        )
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `1`, `0.5`, `0.123` for 1000, 500, 123 thousandths.
    private static func fraction(permille: Int) -> String {
        if permille == 1000 { return "1" }
        var digits = String(permille)
        digits = String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return digits.isEmpty ? "0" : "0." + digits
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
