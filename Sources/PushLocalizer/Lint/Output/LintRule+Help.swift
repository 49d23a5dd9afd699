extension LintRule {
    /// The rule's id in PascalCase (`PluralMissingCategory`), SARIF's `name`.
    public var displayName: String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// What the rule checks and why it matters, for SARIF's `fullDescription`.
    public var details: String {
        switch self {
        case .syntax:
            "A message, or a catalog file around it, cannot be read: invalid YAML, a wrong structure, "
                + "an unknown field, or ICU MessageFormat that does not parse. Nothing can be rendered from it."
        case .missingTranslation:
            "A locale file lacks a template, or a field (title, subtitle, body) of one. Users of that "
                + "locale get the text of the next locale in their fallback chain instead."
        case .obsoleteKey:
            "A locale file translates a key that no template defines, or a field the template does not "
                + "have. The text is never used; it is usually left over from a renamed or removed template."
        case .unknownArgument:
            "A message uses {name} for an argument the template's args do not declare. Rendering fails "
                + "for every request, because no request can supply it."
        case .missingArgument:
            "A translation leaves out an argument that the source message uses, so its users lose "
                + "information (a name, a count) that the source shows."
        case .argumentType:
            "An argument is used against its declared type: a string in plural, selectordinal or "
                + "number, a number or date in select, a date as a number, or a number as a date."
        case .pluralMissingCategory:
            "A plural or selectordinal lacks a CLDR category that the locale uses, so some numbers fall "
                + "into `other` with the wrong grammar. Exact =N cases and offset do not replace a category."
        case .pluralUnknownCategory:
            "A plural or selectordinal has a case for a category the locale never selects (for example "
                + "`few` in English). ICU accepts it and never uses it: the branch is dead text."
        case .selectMissingOther:
            "A plural, selectordinal or select has no `other` case. ICU requires one: the message "
                + "fails for every value that no other case matches."
        case .untranslated:
            "A translation is identical to the source text. It may be right (a brand name, a word shared "
                + "by both languages) or a copy that was never translated."
        case .whitespace:
            "A message starts or ends with white space, or holds doubled spaces, which notification "
                + "banners show as ragged text."
        case .invalidCharacter:
            "A message holds a bidirectional control character, U+FFFD (a decoding error left in the "
                + "text) or a C0 control character; these break display or hide text."
        case .apostrophe:
            "An ASCII apostrophe starts ICU quoting and swallows the text up to the next apostrophe, "
                + "arguments and braces included, so they are printed literally."
        case .budget:
            "In the worst case the template's fixed text, pinned arguments and longest numbers and dates "
                + "leave too few bytes of the APNs budget for its truncatable arguments."
        case .collapseID:
            "The apns-collapse-id header can be longer than the 64 bytes APNs accepts; the push is refused."
        case .localeTag:
            "A Locales/ file name is not a valid BCP 47 language tag, so no user's languages can select it."
        case .duplicateKey:
            "A key is defined twice, in one file or across template files. Only the first definition is "
                + "used; the second is silently ignored."
        case .sourceLocaleFile:
            "A Locales/ file exists for the source locale. The source locale's text lives in Templates/; "
                + "the file is ignored."
        case .unusedArgument:
            "A template's args declare an argument that no message (in any locale), apns string or data "
                + "string uses. Every request must still send it, and it never reaches the user: usually a "
                + "leftover from an edit, or a message that forgot it."
        case .locKeyIncompatible:
            "A template with loc-keys has a message that uses plural, select, selectordinal, a date or a "
                + "number style. In loc-key mode the app formats its own string with loc-args, which fill "
                + "only %@ and %n$@; `pushloc export` refuses such templates."
        case .appleFormat:
            "A message holds Apple format syntax that ICU MessageFormat prints as is: a printf specifier "
                + "(%d, %1$@), two or more implicit-order %@ that translators cannot reorder, or a lowercase "
                + "\\u escape, which Apple's .strings reads as the letter u."
        case .fcmReservedKey:
            "A top-level data key is one that FCM reserves for itself: from, message_type, or a key starting "
                + "with google. or gcm. FCM refuses a message whose data holds one, so the template cannot be sent "
                + "to Android. An error in a catalog whose templates set fcm fields, a warning otherwise."
        case .fcmTTL:
            "The fcm ttl is more than 2,419,200 seconds (28 days), the longest FCM keeps a message for a device "
                + "that is offline: the message expires earlier than the catalog says."
        case .fcmCollapseKeys:
            "The catalog's templates use more than four distinct fcm collapse keys. FCM stores at most four "
                + "collapsible messages per device while it is offline and does not say which it keeps."
        case .fcmColor:
            "The fcm color is not a # followed by six hexadecimal digits, the only form Android's notification "
                + "color takes; FCM refuses the message."
        case .displayTruncation:
            "With the same arguments, the source text of a title or body fits the iOS lock screen (1 title line, "
                + "4 body lines by default) and the translation does not: the estimator, set with the fonts and "
                + "widths of pushloc.yaml's display section, cuts it. Off unless pushloc.yaml turns it on."
        }
    }

    /// How to fix a finding, for SARIF's `help` and people reading the log.
    public var help: String {
        let fix: String
        switch self {
        case .syntax: fix = "Fix the YAML or the message at the reported position; the message names what was expected."
        case .missingTranslation: fix = "Add the translation to the locale file, or accept the fallback."
        case .obsoleteKey: fix = "Delete the entry, or rename it to the template key it translates."
        case .unknownArgument: fix = "Use one of the template's declared arguments, or declare the argument in args."
        case .missingArgument: fix = "Put the argument back into the translation."
        case .argumentType: fix = "Change the argument's declared type, or use it as its type allows."
        case .pluralMissingCategory: fix = "Add a case for every category the message names as missing."
        case .pluralUnknownCategory: fix = "Remove the case, or use an exact =N case if a particular number was meant."
        case .selectMissingOther: fix = "Add an `other` case."
        case .untranslated: fix = "Translate the text, or turn the rule off for this catalog if the copy is intended."
        case .whitespace: fix = "Remove the leading, trailing or doubled white space."
        case .invalidCharacter: fix = "Delete the character; the renderer isolates arguments itself where needed."
        case .apostrophe: fix = "Use a typographic apostrophe (’), or double the ASCII one ('')."
        case .budget:
            fix = "Shorten the fixed text, lower max-bytes of pinned arguments, or raise the template's budget."
        case .collapseID: fix = "Shorten the collapse-id or the arguments it uses."
        case .localeTag: fix = "Rename the file to a BCP 47 tag such as pt-BR.yaml or zh-Hant.yaml."
        case .duplicateKey: fix = "Remove or rename one of the definitions."
        case .sourceLocaleFile: fix = "Move its text into the templates and delete the file."
        case .unusedArgument: fix = "Use the argument in the message that needs it, or remove it from args."
        case .locKeyIncompatible:
            fix = "Remove the loc-keys entry (render the text on the server), or use only plain {name} arguments."
        case .appleFormat:
            fix = "Write {name} or {name, number, ...} instead; write the character itself instead of \\u."
        case .fcmReservedKey: fix = "Rename the data key (sender instead of from, for example)."
        case .fcmTTL: fix = "Lower the ttl to 2419200 seconds or less."
        case .fcmCollapseKeys: fix = "Share collapse keys between templates so that at most four remain."
        case .fcmColor: fix = "Write the color as #rrggbb, e.g. #1A73E8."
        case .displayTruncation: fix = "Shorten the translation, or move detail from the title to the body."
        }
        return fix + " Severity is set in pushloc.yaml: lint: { rules: { \(id): error | warning | off } }."
    }
}
