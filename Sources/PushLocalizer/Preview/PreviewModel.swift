/// Every variant of one template's messages, per locale: what `pushloc preview` shows.
public struct TemplatePreview: Sendable, Hashable {
    /// The template key.
    public var key: String
    /// The template's note for translators.
    public var description: String?
    /// The example value of each declared argument, in declaration order.
    public var arguments: [PreviewArgument]
    /// One entry per locale previewed, in the order asked (the source locale first by default).
    public var locales: [LocalePreview]
    /// What differs on FCM and Web Push: a subtitle they do not show, a title Web Push lacks, an
    /// FCM `loc-key` message Android's strings cannot say (see `PreviewBuilder.platformNotes`).
    public var platformNotes: [String] = []
}

/// A declared argument and the example the preview used for it.
public struct PreviewArgument: Sendable, Hashable {
    /// The argument name.
    public var name: String
    /// Its declared type.
    public var type: ArgumentType
    /// Whether the budget fitter may trim it.
    public var truncate: Bool
    /// The example value as text (`"Alex"`, `1234.5`, `2026-11-22T10:00:00Z`).
    public var example: String
    /// Whether a source message selects on it (`plural`, `selectordinal`, `select`), so that the
    /// variants give it other values than the example.
    public var isVaried: Bool
}

/// One locale's messages of a template.
public struct LocalePreview: Sendable, Hashable {
    /// The locale tag, as the catalog spells it.
    public var locale: String
    /// The tag asked for when it is not one of the catalog's own and was negotiated to ``locale``
    /// (`de-AT` for `de`); nil otherwise.
    public var requested: String?
    /// Whether this is the source locale (text from `Templates/`).
    public var isSource: Bool
    /// Each field the template has, in payload order (title, subtitle, body).
    public var fields: [FieldPreview]
}

/// The variants of one field in one locale.
public struct FieldPreview: Sendable, Hashable {
    /// The field.
    public var field: MessageField
    /// The locale whose text users get when this locale does not translate the field (nil when
    /// it does).
    public var fallback: String?
    /// Why the message cannot be shown (it does not compile), if so.
    public var error: String?
    /// One per combination of plural, selectordinal and select cases; one when there are none.
    public var variants: [PreviewVariant]
    /// Cases that no value can reach in this locale: a category the locale does not use, or one
    /// whose every CLDR sample an `=N` case takes first (`like_count, plural: zero, shadowed by an =N case`).
    public var unreachableCases: [String]
    /// Whether there were more combinations than ``PreviewBuilder/variantLimit`` and some were left out.
    public var isTruncated: Bool
}

/// One rendering of a message.
public struct PreviewVariant: Sendable, Hashable {
    /// The value chosen for each selecting argument and the case it reaches.
    public var choices: [PreviewChoice]
    /// The formatted text; nil when formatting failed.
    public var text: String?
    /// The UTF-8 byte count of ``text`` (bidi isolation marks included).
    public var byteCount: Int
    /// Why formatting failed, if it did.
    public var error: String?
}

/// The value given to one `plural`, `selectordinal` or `select` argument in a variant.
public struct PreviewChoice: Sendable, Hashable {
    /// The argument name.
    public var argument: String
    /// The value as text (`2`, `1.5`, `female`).
    public var value: String
    /// What the value stands for: `=1`, a CLDR category (`few`), or a select keyword.
    public var selector: String
    /// The case of the message that formats it: the selector itself, or `other` when the message
    /// has no case for that category.
    public var matchedCase: String
}
