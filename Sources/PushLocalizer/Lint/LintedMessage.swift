import ICUKit
import MessageFormat

/// One message of the catalog (a template's source text or one locale's translation of a field),
/// parsed once and shared by every rule.
///
/// A class: the rules pass tens of thousands of these around, and a template is a large value.
final class LintedMessage: Sendable {
    /// The template the message belongs to, shared by all of the template's messages.
    private let sharedTemplate: SharedTemplate
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

    /// The template the message belongs to.
    var template: Template { sharedTemplate.template }
    /// The template's declaration of the argument `name`.
    func declaration(named name: String) -> ArgumentDeclaration? {
        sharedTemplate.argument(named: name)
    }
    /// The template key.
    var key: String { sharedTemplate.template.key }

    init(
        template: SharedTemplate,
        field: MessageField,
        locale: String,
        isSource: Bool,
        text: SourceText,
        syntax: Message?,
        compiled: CompiledMessage?
    ) {
        self.sharedTemplate = template
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
        // A template is a large value: its messages share one copy of it.
        let templates = source.templates.map(SharedTemplate.init)
        let templateIndices = Dictionary(templates.indices.map { (templates[$0].template.key, $0) }) { first, _ in
            first
        }
        var jobs: [ParseJob] = []
        for (index, template) in templates.enumerated() {
            for field in MessageField.allCases where template.template.messages[field] != nil {
                jobs.append(ParseJob(file: ParseJob.templates, entry: index, field: field))
            }
        }
        // Each locale file's jobs are listed on its own (on every core), then joined in file order.
        // Jobs are small (indices): the texts and templates are looked up by the job's worker.
        let localeJobs = Array(source.locales.indices).parallelMap { fileIndex in
            let file = source.locales[fileIndex]
            var fileJobs: [ParseJob] = []
            for (position, key) in file.keyOrder.enumerated() {
                guard let translation = file.translations[key], let index = templateIndices[key] else { continue }
                for field in MessageField.allCases {
                    guard let text = translation.messages[field], templates[index].template.messages[field] != nil,
                        !text.text.isEmpty
                    else { continue }
                    fileJobs.append(ParseJob(file: fileIndex, entry: position, field: field))
                }
            }
            return fileJobs
        }
        jobs.reserveCapacity(jobs.count + localeJobs.reduce(0) { $0 + $1.count })
        for fileJobs in localeJobs { jobs += fileJobs }
        // An unreadable tag is `locale-tag`'s finding; its messages are still checked, in the
        // source locale, so that their own mistakes are not hidden behind the file name.
        let compileLocales = source.locales.map { LocaleTags.canonicalize($0.tag) != nil ? $0.tag : sourceLocale }
        // Compiling is most of lint's work and each message compiles on its own: every core
        // compiles, each into its own sink; the findings then join the shared sink in job order.
        let overrides = sink.overrides
        // Chunks of jobs, in order, each into its own list and sink: joined in chunk order, the
        // messages and findings are in job order, as a serial run would list them.
        let results = jobs.chunkedForCores().parallelMap { chunk -> ([LintedMessage], [Diagnostic]) in
            var local = DiagnosticSink(overrides: overrides)
            var messages: [LintedMessage] = []
            messages.reserveCapacity(chunk.count)
            for job in chunk {
                let template: SharedTemplate
                let text: SourceText?
                let locale: String
                let compileLocale: String
                if job.file == ParseJob.templates {
                    template = templates[job.entry]
                    text = template.template.messages[job.field]
                    (locale, compileLocale) = (sourceLocale, sourceLocale)
                } else {
                    let file = source.locales[job.file]
                    let key = file.keyOrder[job.entry]
                    guard let index = templateIndices[key] else { continue }
                    template = templates[index]
                    text = file.translations[key]?.messages[job.field]
                    (locale, compileLocale) = (file.tag, compileLocales[job.file])
                }
                guard let text else { continue }
                messages.append(
                    parse(
                        text,
                        template: template,
                        field: job.field,
                        locale: locale,
                        isSource: job.file == ParseJob.templates,
                        compileLocale: compileLocale,
                        into: &local
                    )
                )
            }
            return (messages, local.diagnostics)
        }
        var messages: [LintedMessage] = []
        messages.reserveCapacity(jobs.count)
        for (chunkMessages, diagnostics) in results {
            sink.absorb(diagnostics)
            messages += chunkMessages
        }
        return messages
    }

    /// One message to compile: the source text of a template's field, or a locale file's
    /// translation of it, by position.
    private struct ParseJob {
        /// `templates` for the template's own text, else the index of the locale file.
        let file: Int
        /// The template's index, or the key's index in the locale file's key order.
        let entry: Int
        let field: MessageField

        static let templates = -1
    }

    private func parse(
        _ text: SourceText,
        template shared: SharedTemplate,
        field: MessageField,
        locale: String,
        isSource: Bool,
        compileLocale: String,
        into sink: inout DiagnosticSink
    ) -> LintedMessage {
        let key = shared.template.key
        var syntax: Message?
        var compiled: CompiledMessage?
        do throws(MessageFormatError) {
            // Compiling parses; a message is parsed on its own only when its style is refused.
            compiled = try CompiledMessage(
                pattern: text.text,
                locale: compileLocale,
                argumentOrder: shared.argumentNames
            )
            syntax = compiled?.syntax
        } catch {
            switch error {
            case .syntax(let syntaxError):
                reportSyntaxError(
                    syntaxError,
                    in: text,
                    locale: locale,
                    key: key,
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
                    key: key,
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
            template: shared,
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

/// One template, held once for all of its messages.
final class SharedTemplate: Sendable {
    let template: Template
    /// The declared argument names, in order: every message's slot order.
    let argumentNames: [String]

    init(_ template: Template) {
        self.template = template
        self.argumentNames = template.arguments.map(\.name)
    }

    /// The declaration of the argument `name`, read in place (the template is a large value).
    func argument(named name: String) -> ArgumentDeclaration? {
        template.arguments.first { $0.name == name }
    }
}
