extension TemplatePreview {
    /// Readable text: the template, its example arguments, then per locale and field one line per
    /// variant with the selected cases, the UTF-8 byte count and the text. Line breaks inside a
    /// message are shown as `↵` so that each variant stays on one line.
    ///
    /// ```
    /// photo_liked
    ///   args: liker_name = "Alex" (string, truncate), like_count (number, varied below), photo_id = "1234" (string)
    ///
    /// ru
    ///   body
    ///     like_count=1 [=1]      58 B  Пользователю Alex понравилось ваше фото
    ///     like_count=4 [few]     …
    /// ```
    public var text: String {
        var lines: [String] = [key]
        if let description, !description.isEmpty { lines.append("  " + Self.oneLine(description)) }
        if !arguments.isEmpty {
            let list = arguments.map { argument in
                let truncate = argument.truncate ? ", truncate" : ""
                if argument.isVaried { return "\(argument.name) (\(argument.type.rawValue), varied below)" }
                return "\(argument.name) = \(argument.example) (\(argument.type.rawValue)\(truncate))"
            }
            lines.append("  args: " + list.joined(separator: ", "))
        }
        for note in platformNotes { lines.append("  " + note) }
        for locale in locales {
            lines.append("")
            let notes = (locale.isSource ? ["source"] : []) + (locale.requested.map { ["for \($0)"] } ?? [])
            lines.append(notes.isEmpty ? locale.locale : "\(locale.locale) (\(notes.joined(separator: ", ")))")
            for field in locale.fields { lines += Self.lines(of: field) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func lines(of field: FieldPreview) -> [String] {
        let name = field.field.rawValue
        if let fallback = field.fallback { return ["  \(name): not translated; users get the \(fallback) text"] }
        if let error = field.error { return ["  \(name): error: \(error)"] }
        var lines = ["  \(name)"]
        let labels = field.variants.map(label(of:))
        let labelWidth = labels.map(\.unicodeScalars.count).max() ?? 0
        let byteWidth = field.variants.map { String($0.byteCount).count }.max() ?? 0
        for (variant, label) in zip(field.variants, labels) {
            let labelPadding = String(repeating: " ", count: labelWidth - label.unicodeScalars.count)
            let bytes = String(variant.byteCount)
            let bytePadding = String(repeating: " ", count: byteWidth - bytes.count)
            let body = variant.text.map(oneLine) ?? "error: \(variant.error ?? "")"
            let prefix = label.isEmpty ? "    " : "    \(label)\(labelPadding)  "
            lines.append("\(prefix)\(bytePadding)\(bytes) B  \(body)")
        }
        if field.isTruncated {
            lines.append("    … more combinations not shown (at most \(PreviewBuilder.variantLimit))")
        }
        for unreachable in field.unreachableCases {
            lines.append("    unreachable case (\(unreachable))")
        }
        return lines
    }

    /// `like_count=2 [one]`, `like_count=4 [few → other]`, `user_gender=female`.
    private static func label(of variant: PreviewVariant) -> String {
        variant.choices.map { choice in
            var text = "\(choice.argument)=\(choice.value)"
            if choice.selector != choice.value || choice.matchedCase != choice.selector {
                let target = choice.matchedCase == choice.selector ? "" : " → \(choice.matchedCase)"
                text += " [\(choice.selector)\(target)]"
            }
            return text
        }.joined(separator: ", ")
    }

    private static func oneLine(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": output += "↵"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// JSON: `{"key", "description", "arguments": [{"name", "type", "truncate", "example", "varied"}],
    /// "platformNotes": ["…"], "locales": [{"locale", "requested", "source", "fields": [{"field", "fallback", "error", "variants":
    /// [{"choices": [{"argument", "value", "selector", "case"}], "text", "bytes", "error"}],
    /// "unreachableCases", "truncated"}]}]}`; `example` is the value as text (strings quoted).
    public var json: String {
        let arguments: [JSONValue] = self.arguments.map { argument in
            .object([
                ("name", .string(argument.name)),
                ("type", .string(argument.type.rawValue)),
                ("truncate", .bool(argument.truncate)),
                ("example", .string(argument.example)),
                ("varied", .bool(argument.isVaried)),
            ])
        }
        let locales: [JSONValue] = self.locales.map { locale in
            .object([
                ("locale", .string(locale.locale)),
                ("requested", .optionalString(locale.requested)),
                ("source", .bool(locale.isSource)),
                ("fields", .array(locale.fields.map(Self.json(of:)))),
            ])
        }
        return PrettyJSON.text(
            .object([
                ("key", .string(key)),
                ("description", .optionalString(description)),
                ("arguments", .array(arguments)),
                ("platformNotes", .array(platformNotes.map(JSONValue.string))),
                ("locales", .array(locales)),
            ])
        )
    }

    private static func json(of field: FieldPreview) -> JSONValue {
        let variants: [JSONValue] = field.variants.map { variant in
            let choices: [JSONValue] = variant.choices.map { choice in
                .object([
                    ("argument", .string(choice.argument)),
                    ("value", .string(choice.value)),
                    ("selector", .string(choice.selector)),
                    ("case", .string(choice.matchedCase)),
                ])
            }
            return .object([
                ("choices", .array(choices)),
                ("text", .optionalString(variant.text)),
                ("bytes", .integer(variant.byteCount)),
                ("error", .optionalString(variant.error)),
            ])
        }
        return .object([
            ("field", .string(field.field.rawValue)),
            ("fallback", .optionalString(field.fallback)),
            ("error", .optionalString(field.error)),
            ("variants", .array(variants)),
            ("unreachableCases", .array(field.unreachableCases.map(JSONValue.string))),
            ("truncated", .bool(field.isTruncated)),
        ])
    }
}
