extension Linter {
    /// `display-truncation` (off unless `pushloc.yaml` turns it on, and only with an estimator): a
    /// translated title or body that the iOS lock screen cuts where the source text, formatted with
    /// the same arguments, fits. The variants are those of `pushloc preview` in the translation's
    /// locale (its CLDR sample numbers, select keywords and made-up examples); the source text is
    /// formatted with the same values. One finding per translated field, at the translation, for
    /// its first variant that is cut.
    func checkDisplayTruncation(with estimator: any LineWrapEstimating, into sink: inout DiagnosticSink) {
        let builder = PreviewBuilder(source: source)
        let display = source.settings.display
        let sourceLocale = source.settings.sourceLocale
        for template in source.templates {
            for localeFile in source.locales {
                guard let translation = localeFile.translations[template.key],
                    let translated = try? builder.preview(key: template.key, locales: [localeFile.tag]),
                    let locale = translated.locales.first
                else { continue }
                for field in locale.fields where field.field != .subtitle && field.fallback == nil {
                    guard let location = translation.messages[field.field]?.location else { continue }
                    let style =
                        field.field == .body
                        ? display.bodyStyle(of: .iosLockScreen) : display.titleStyle(of: .iosLockScreen)
                    for variant in field.variants {
                        guard let text = variant.text,
                            let cut = try? estimator.wrap(text, locale: localeFile.tag, style: style), cut.isCut,
                            let sourceText = sourceText(
                                of: template,
                                field: field.field,
                                choices: variant.choices,
                                builder: builder
                            ),
                            let whole = try? estimator.wrap(sourceText, locale: sourceLocale, style: style),
                            !whole.isCut
                        else { continue }
                        let cases = variant.choices.map { "\($0.argument)=\($0.value)" }.joined(separator: ", ")
                        sink.report(
                            .displayTruncation,
                            at: location,
                            locale: localeFile.tag,
                            key: template.key,
                            "\(field.field.rawValue) is cut on the iOS lock screen after \(cut.shownCharacters) of "
                                + "\(cut.characterCount) characters (\(cut.lineCount) lines, \(style.maxLines) shown; "
                                + "estimated), where the \(sourceLocale) text fits in \(whole.lineCount)"
                                + (cases.isEmpty ? "" : " (\(cases))")
                        )
                        break
                    }
                }
            }
        }
    }

    /// The source text of `field` formatted with the values of `choices` (other arguments as
    /// `pushloc preview` makes them up).
    private func sourceText(
        of template: Template,
        field: MessageField,
        choices: [PreviewChoice],
        builder: PreviewBuilder
    ) -> String? {
        var values: [String: JSONValue] = [:]
        for choice in choices {
            switch template.argument(named: choice.argument)?.type {
            case .number?: values[choice.argument] = .number(choice.value)
            case .string?: values[choice.argument] = .string(choice.value)
            case .date?, nil: continue
            }
        }
        let preview = try? builder.preview(
            key: template.key,
            locales: [source.settings.sourceLocale],
            arguments: values
        )
        return preview?.locales.first?.fields.first { $0.field == field }?.variants.first?.text
    }
}
