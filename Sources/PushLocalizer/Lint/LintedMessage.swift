import ICUKit
import MessageFormat

/// One message of the catalog (a template's source text or one locale's translation of a field),
/// parsed once and shared by every rule.
///
/// A class: the rules pass tens of thousands of these around, and a template is a large value.
final class LintedMessage: Sendable {
    /// The template the message belongs to.
    let template: Template
    /// Which field it is.
    let field: MessageField
    /// The locale file's tag, or the source locale for template text.
    let locale: String
    /// Whether this is the template's own (source-locale) text.
    let isSource: Bool
    /// The text as written, for locations.
    let text: SourceText
    /// The syntax tree; nil when the message does not parse.
    let syntax: Message?
    /// The compiled message; nil when it does not parse or compile, or the locale is unreadable.
    let compiled: CompiledMessage?
    /// Every argument of the message, nested ones included (empty when it does not parse).
    let arguments: [Argument]

    /// The template key.
    var key: String { template.key }

    init(
        template: Template,
        field: MessageField,
        locale: String,
        isSource: Bool,
        text: SourceText,
        syntax: Message?,
        compiled: CompiledMessage?
    ) {
        self.template = template
        self.field = field
        self.locale = locale
        self.isSource = isSource
        self.text = text
        self.syntax = syntax
        self.compiled = compiled
        self.arguments = syntax?.allArguments ?? []
    }

    /// The file location of a UTF-8 offset inside the message.
    func location(at offset: Int) -> CatalogFileLocation {
        text.location(ofByteOffset: offset)
    }
}

extension Linter {
    /// Parses and compiles every message, reporting `syntax` and `select-missing-other`.
    func parseMessages(into sink: inout DiagnosticSink) -> [LintedMessage] {
        let sourceLocale = source.settings.sourceLocale
        var jobs: [ParseJob] = []
        for template in source.templates {
            for field in MessageField.allCases {
                guard let text = template.messages[field] else { continue }
                jobs.append(
                    ParseJob(
                        text: text,
                        template: template,
                        field: field,
                        locale: sourceLocale,
                        isSource: true,
                        compileLocale: sourceLocale
                    )
                )
            }
        }
        // Each locale file's jobs are listed on its own (on every core), then joined in file order.
        let localeJobs = source.locales.parallelMap { file in
            // An unreadable tag is `locale-tag`'s finding; its messages are still checked, in the
            // source locale, so that their own mistakes are not hidden behind the file name.
            let compileLocale = LocaleTags.canonicalize(file.tag) != nil ? file.tag : sourceLocale
            var fileJobs: [ParseJob] = []
            for key in file.keyOrder {
                guard let translation = file.translations[key], let template = templatesByKey[key] else {
                    continue
                }
                for field in MessageField.allCases {
                    guard let text = translation.messages[field], template.messages[field] != nil,
                        !text.text.isEmpty
                    else { continue }
                    fileJobs.append(
                        ParseJob(
                            text: text,
                            template: template,
                            field: field,
                            locale: file.tag,
                            isSource: false,
                            compileLocale: compileLocale
                        )
                    )
                }
            }
            return fileJobs
        }
        for fileJobs in localeJobs { jobs += fileJobs }
        // Compiling is most of lint's work and each message compiles on its own: every core
        // compiles, each into its own sink; the findings then join the shared sink in job order.
        let overrides = sink.overrides
        let results = jobs.parallelMap { job in
            var local = DiagnosticSink(overrides: overrides)
            let message = parse(
                job.text,
                template: job.template,
                field: job.field,
                locale: job.locale,
                isSource: job.isSource,
                compileLocale: job.compileLocale,
                into: &local
            )
            return (message, local.diagnostics)
        }
        for (_, diagnostics) in results { sink.absorb(diagnostics) }
        return results.map(\.0)
    }

    /// One message to compile.
    private struct ParseJob {
        let text: SourceText
        let template: Template
        let field: MessageField
        let locale: String
        let isSource: Bool
        let compileLocale: String
    }

    private func parse(
        _ text: SourceText,
        template: Template,
        field: MessageField,
        locale: String,
        isSource: Bool,
        compileLocale: String,
        into sink: inout DiagnosticSink
    ) -> LintedMessage {
        var syntax: Message?
        var compiled: CompiledMessage?
        do throws(MessageFormatError) {
            // Compiling parses; a message is parsed on its own only when its style is refused.
            compiled = try CompiledMessage(
                pattern: text.text,
                locale: compileLocale,
                argumentOrder: template.arguments.map(\.name)
            )
            syntax = compiled?.syntax
        } catch {
            switch error {
            case .syntax(let syntaxError):
                reportSyntaxError(
                    syntaxError,
                    in: text,
                    locale: locale,
                    key: template.key,
                    label: field.rawValue,
                    into: &sink
                )
            case .invalidStyle(_, _, _, let range):
                syntax = try? MessageParser.parse(text.text)
                // The style range starts right after the comma; point at the style itself.
                let bytes = Array(text.text.utf8)
                var start = range.start
                while start < min(range.end, bytes.count), WhitespaceScanner.isSpace(bytes[start]) { start += 1 }
                sink.report(
                    .syntax,
                    at: text.location(ofByteOffset: start),
                    locale: locale,
                    key: template.key,
                    "\(field.rawValue): \(error.description)"
                )
            default:
                syntax = try? MessageParser.parse(text.text)
            }
        }
        var text = text
        if let compiled {
            // Carried along, so that the budget rule's catalog does not compile the text again.
            text.precompiled = PrecompiledMessage(locale: compileLocale, message: compiled)
        }
        return LintedMessage(
            template: template,
            field: field,
            locale: locale,
            isSource: isSource,
            text: text,
            syntax: syntax,
            compiled: compiled
        )
    }

    /// `select-missing-other` for a missing `other` case, `syntax` for anything else; an
    /// apostrophe that swallowed the rest of the message is named too, since it is the likely cause.
    func reportSyntaxError(
        _ error: MessageSyntaxError,
        in text: SourceText,
        locale: String,
        key: String,
        label: String,
        into sink: inout DiagnosticSink
    ) {
        let location = text.location(ofByteOffset: error.byteOffset)
        if error.kind == .missingOther {
            sink.report(
                .selectMissingOther,
                at: location,
                locale: locale,
                key: key,
                "\(label): \(error.message)"
            )
            return
        }
        var message = "\(label): \(error.message)"
        if let expected = error.expected { message += " (expected \(expected))" }
        sink.report(.syntax, at: location, locale: locale, key: key, message)
        if error.kind == .unmatchedBrace {
            for offset in ApostropheScanner.elidedQuoteOffsets(in: text.text) {
                sink.report(
                    .apostrophe,
                    at: text.location(ofByteOffset: offset),
                    locale: locale,
                    key: key,
                    "\(label): this apostrophe starts quoted text that swallows the rest of the "
                        + "message; write ’ (U+2019) or '' for a literal apostrophe"
                )
            }
        }
    }
}
