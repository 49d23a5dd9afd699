import Foundation
import PushLocalizer
import Testing

/// One invalid catalog and the exact errors it must produce. Lines and columns are counted by
/// hand from the YAML below (1-based, columns in Unicode scalars).
struct CatalogErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var files: [String: String]
    var expected: [String]
    var testDescription: String { name }

    init(_ name: String, _ files: [String: String], _ expected: String...) {
        self.name = name
        self.files = files
        self.expected = expected
    }

    /// A case with one template file.
    static func template(_ name: String, _ yaml: String, _ expected: String...) -> CatalogErrorCase {
        var errorCase = CatalogErrorCase(name, ["Templates/a.yaml": yaml])
        errorCase.expected = expected
        return errorCase
    }

    /// A case with a valid template and one `pushloc.yaml`.
    static func settings(_ name: String, _ yaml: String, _ expected: String...) -> CatalogErrorCase {
        var errorCase = CatalogErrorCase(name, ["Templates/a.yaml": "t:\n  body: x\n", "pushloc.yaml": yaml])
        errorCase.expected = expected
        return errorCase
    }

    /// A case with a valid template and one locale file `Locales/fr.yaml`.
    static func locale(_ name: String, _ yaml: String, _ expected: String...) -> CatalogErrorCase {
        var errorCase = CatalogErrorCase(name, ["Templates/a.yaml": "t:\n  body: x\n", "Locales/fr.yaml": yaml])
        errorCase.expected = expected
        return errorCase
    }
}

/// The error descriptions of loading `files`, or [] when they load.
func catalogErrors(_ files: [String: String]) -> [String] {
    do {
        _ = try CatalogSource.parse(files: files)
        return []
    } catch {
        return error.errors.map(\.description)
    }
}

private let apnsHeader = "greeting:\n  body: x\n  apns:\n"

let templateErrorCases: [CatalogErrorCase] = [
    .template(
        "YAML syntax: mapping value in a plain scalar",
        "greeting:\n  body: a: b\n",
        "Templates/a.yaml:2:10: error: invalid YAML: mapping values are not allowed in this context"
    ),
    .template(
        "template file is a list",
        "- a\n- b\n",
        "Templates/a.yaml:1:1: error: a template file must be a map of template key to template, found a list"
    ),
    .template(
        "template is a string",
        "greeting: Hello\n",
        "Templates/a.yaml:1:11: error: template 'greeting' must be a map of fields, found 'Hello'"
    ),
    .template(
        "template key with a space",
        "new follower:\n  body: x\n",
        "Templates/a.yaml:1:1: error: invalid template key 'new follower': use only letters, digits, '.', '_' and '-'"
    ),
    .template(
        "template key is a list",
        "[a, b]:\n  body: x\n",
        "Templates/a.yaml:1:1: error: a key must be a string, found a list"
    ),
    .template(
        "unknown template field",
        "greeting:\n  titel: Hi\n  body: x\n",
        "Templates/a.yaml:2:3: error: unknown template field 'titel'; known: apns, args, body, budget, data, "
            + "description, fcm, loc-keys, subtitle, title, webpush"
    ),
    .template(
        "field given twice",
        "greeting:\n  body: a\n  body: b\n",
        "Templates/a.yaml:3:3: error: 'body' is given twice (first at 2:3)"
    ),
    .template(
        "no title and no body",
        "greeting:\n  description: Hi\n",
        "Templates/a.yaml:1:1: error: template 'greeting' needs a 'title' or a 'body'"
    ),
    .template(
        "body is a map",
        "greeting:\n  body:\n    text: Hi\n",
        "Templates/a.yaml:3:5: error: 'body' must be a message string, found a map"
    ),
    .template(
        "args is a list",
        "greeting:\n  args: [a, b]\n  body: x\n",
        "Templates/a.yaml:2:9: error: 'args' must be a map of argument name to declaration, found a list"
    ),
    .template(
        "argument name with a hyphen",
        "greeting:\n  args:\n    user-name: { type: string }\n  body: x\n",
        "Templates/a.yaml:3:5: error: invalid argument name 'user-name': use letters, digits and '_', "
            + "not starting with a digit"
    ),
    .template(
        "unknown argument type",
        "greeting:\n  args:\n    n: { type: int }\n  body: x\n",
        "Templates/a.yaml:3:16: error: unknown argument type 'int' for 'n'; use string, number or date"
    ),
    .template(
        "boolean is not a type",
        "greeting:\n  args:\n    flag: { type: boolean }\n  body: x\n",
        "Templates/a.yaml:3:19: error: 'boolean' is not an argument type: declare 'flag' as a string and use select"
    ),
    .template(
        "truncate is not a boolean (YAML 1.2: yes is a string)",
        "greeting:\n  args:\n    name: { truncate: yes }\n  body: x\n",
        "Templates/a.yaml:3:23: error: 'truncate' must be true or false, found 'yes'"
    ),
    .template(
        "max-bytes zero",
        "greeting:\n  args:\n    name: { max-bytes: 0 }\n  body: x\n",
        "Templates/a.yaml:3:24: error: 'max-bytes' must be a positive integer, found '0'"
    ),
    .template(
        "truncate on a number",
        "greeting:\n  args:\n    count: { type: number, truncate: true }\n  body: x\n",
        "Templates/a.yaml:3:28: error: 'truncate' applies only to string arguments; 'count' is a number"
    ),
    .template(
        "relevance-score above 1",
        apnsHeader + "    relevance-score: 1.5\n",
        "Templates/a.yaml:4:22: error: 'relevance-score' must be a number from 0 to 1, found '1.5'"
    ),
    .template(
        "interruption-level unknown",
        apnsHeader + "    interruption-level: urgent\n",
        "Templates/a.yaml:4:25: error: 'interruption-level' must be passive, active, time-sensitive or critical, "
            + "found 'urgent'"
    ),
    .template(
        "priority 3",
        apnsHeader + "    priority: 3\n",
        "Templates/a.yaml:4:15: error: 'priority' must be 10, 5 or 1, found '3'"
    ),
    .template(
        "push-type unknown",
        apnsHeader + "    push-type: push\n",
        "Templates/a.yaml:4:16: error: 'push-type' must be alert, background, voip, location, complication, "
            + "fileprovider, mdm, liveactivity, pushtotalk, widgets or controls, found 'push'"
    ),
    .template(
        "expiration negative",
        apnsHeader + "    expiration: -1\n",
        "Templates/a.yaml:4:17: error: 'expiration' must be a non-negative integer (seconds), found '-1'"
    ),
    .template(
        "badge negative",
        apnsHeader + "    badge: -3\n",
        "Templates/a.yaml:4:12: error: 'badge' must be a non-negative integer, found '-3'"
    ),
    .template(
        "collapse-id of 65 bytes",
        apnsHeader + "    collapse-id: " + String(repeating: "a", count: 65) + "\n",
        "Templates/a.yaml:4:18: error: 'collapse-id' is 65 bytes; APNs allows at most 64"
    ),
    .template(
        "collapse-id of 33 two-byte characters",
        apnsHeader + "    collapse-id: \"" + String(repeating: "é", count: 33) + "\"\n",
        "Templates/a.yaml:4:18: error: 'collapse-id' is 66 bytes; APNs allows at most 64"
    ),
    .template(
        "unknown apns field",
        apnsHeader + "    content-available: 1\n",
        "Templates/a.yaml:4:5: error: unknown apns field 'content-available'; known: badge, category, collapse-id, "
            + "expiration, interruption-level, priority, push-type, relevance-score, sound, target-content-id, "
            + "thread-id"
    ),
    .template(
        "apns string field is a list",
        apnsHeader + "    sound: [a]\n",
        "Templates/a.yaml:4:12: error: 'sound' must be a string, found a list"
    ),
    .template(
        "budget above 5120",
        "greeting:\n  body: x\n  budget: 6000\n",
        "Templates/a.yaml:3:11: error: 'budget' must be a positive integer of at most 5120 bytes, found '6000'"
    ),
    .template(
        "budget not a number",
        "greeting:\n  body: x\n  budget: lots\n",
        "Templates/a.yaml:3:11: error: 'budget' must be a positive integer of at most 5120 bytes, found 'lots'"
    ),
    .template(
        "budget quoted",
        "greeting:\n  body: x\n  budget: \"4000\"\n",
        "Templates/a.yaml:3:11: error: 'budget' must be a positive integer of at most 5120 bytes, "
            + "found the string '4000'"
    ),
    .template(
        "loc-keys unknown field",
        "greeting:\n  body: x\n  loc-keys:\n    text: GREETING\n",
        "Templates/a.yaml:4:5: error: unknown loc-keys field 'text'; known: body, subtitle, title"
    ),
    .template(
        "loc-keys value is a list",
        "greeting:\n  body: x\n  loc-keys:\n    title: [A]\n",
        "Templates/a.yaml:4:12: error: loc-keys 'title' must be a non-empty string, found a list"
    ),
    .template(
        "data key aps is reserved",
        "greeting:\n  body: x\n  data:\n    aps: 1\n",
        "Templates/a.yaml:4:5: error: data key 'aps' is reserved: the 'aps' dictionary is built from the template's "
            + "messages and 'apns'"
    ),
    .template(
        "data number infinite",
        "greeting:\n  body: x\n  data:\n    ratio: .inf\n",
        "Templates/a.yaml:4:12: error: '.inf' is not a JSON number"
    ),
    .template(
        "data key repeated in a flow map (column after a renamed key)",
        "t:\n  body: x\n  data: {k: 1, k: 2}\n",
        "Templates/a.yaml:3:16: error: data key 'k' is given twice (first at 3:10)"
    ),
]

let otherFileErrorCases: [CatalogErrorCase] = [
    .settings(
        "unknown setting",
        "overflw: drop\n",
        "pushloc.yaml:1:1: error: unknown setting 'overflw'; known: bidi-isolation, display, ellipsis, lint, "
            + "locale-priority, overflow, source-locale"
    ),
    .settings(
        "overflow value",
        "overflow: cut\n",
        "pushloc.yaml:1:11: error: 'overflow' must be drop or trim, found 'cut'"
    ),
    .settings(
        "bidi-isolation value",
        "bidi-isolation: yes\n",
        "pushloc.yaml:1:17: error: 'bidi-isolation' must be auto, always or never, found 'yes'"
    ),
    .settings(
        "locale-priority not a list",
        "locale-priority: en\n",
        "pushloc.yaml:1:18: error: 'locale-priority' must be a list of locale tags, found 'en'"
    ),
    .settings(
        "source-locale a list",
        "source-locale: [en]\n",
        "pushloc.yaml:1:16: error: 'source-locale' must be a locale tag, found a list"
    ),
    .settings(
        "lint rule severity",
        "lint:\n  rules:\n    untranslated: false\n",
        "pushloc.yaml:3:19: error: lint rule 'untranslated' must be error, warning or off, found 'false'"
    ),
    .settings(
        "unknown lint rule",
        "lint:\n  rules:\n    untranslatd: off\n",
        "pushloc.yaml:3:5: error: unknown lint rule 'untranslatd'; known: apostrophe, apple-format, argument-type, "
            + "budget, collapse-id, display-truncation, duplicate-key, fcm-collapse-keys, fcm-color, fcm-reserved-key, fcm-ttl, "
            + "invalid-character, loc-key-incompatible, locale-tag, "
            + "missing-argument, missing-translation, obsolete-key, plural-missing-category, plural-unknown-category, "
            + "select-missing-other, source-locale-file, syntax, unknown-argument, untranslated, unused-argument, "
            + "whitespace"
    ),
    .settings(
        "settings file is a list",
        "- en\n",
        "pushloc.yaml:1:1: error: pushloc.yaml must be a map of settings, found a list"
    ),
    .locale(
        "locale file is a list",
        "- a\n",
        "Locales/fr.yaml:1:1: error: a locale file must be a map of template key to messages, found a list"
    ),
    .locale(
        "translation is a string",
        "greeting: Bonjour\n",
        "Locales/fr.yaml:1:11: error: translation 'greeting' must be a map of title, subtitle and body, "
            + "found 'Bonjour'"
    ),
    .locale(
        "translation has a description",
        "greeting:\n  description: Bonjour\n",
        "Locales/fr.yaml:2:3: error: unknown translation field 'description'; known: body, subtitle, title"
    ),
    .locale(
        "translated title is a list",
        "greeting:\n  title: [x]\n",
        "Locales/fr.yaml:2:10: error: 'title' must be a message string, found a list"
    ),
    .locale(
        "unterminated quoted scalar",
        "greeting:\n  title: \"Bonjour\n",
        // Reported where the quote opens, not where the file ends.
        "Locales/fr.yaml:2:10: error: invalid YAML: the \" opened here is never closed (the file ends inside the "
            + "quoted text); hint: close it at the end of the value; inside '…' write an apostrophe as '', inside \"…\" write \\\""
    ),
    CatalogErrorCase(
        "same locale in .yaml and .yml",
        ["Templates/a.yaml": "t:\n  body: x\n", "Locales/fr.yaml": "t:\n  body: y\n", "Locales/fr.yml": "{}\n"],
        "Locales/fr.yml:1:1: error: locale 'fr' is already defined by Locales/fr.yaml"
    ),
    CatalogErrorCase(
        "errors of every file, sorted by file then position",
        [
            "Templates/b.yaml": "b:\n  body: x\n  budget: 0\n",
            "Templates/a.yaml": "a:\n  titel: x\n  body: y\n  apns: { priority: 7 }\n",
            "Locales/de.yaml": "a:\n  body: [x]\n",
            "pushloc.yaml": "overflow: never\n",
        ],
        "Locales/de.yaml:2:9: error: 'body' must be a message string, found a list",
        "Templates/a.yaml:2:3: error: unknown template field 'titel'; known: apns, args, body, budget, data, "
            + "description, fcm, loc-keys, subtitle, title, webpush",
        "Templates/a.yaml:4:21: error: 'priority' must be 10, 5 or 1, found '7'",
        "Templates/b.yaml:3:11: error: 'budget' must be a positive integer of at most 5120 bytes, found '0'",
        "pushloc.yaml:1:11: error: 'overflow' must be drop or trim, found 'never'"
    ),
]

@Suite("Catalog errors")
struct CatalogErrorTests {
    @Test(arguments: templateErrorCases)
    func templateFileErrors(_ errorCase: CatalogErrorCase) {
        #expect(catalogErrors(errorCase.files) == errorCase.expected)
    }

    @Test(arguments: otherFileErrorCases)
    func settingsAndLocaleFileErrors(_ errorCase: CatalogErrorCase) {
        #expect(catalogErrors(errorCase.files) == errorCase.expected)
    }

    @Test func errorCodes() throws {
        let files = [
            "Templates/a.yaml":
                "a:\n  titel: x\n  body: y\n  apns: { priority: 7, collapse-id: "
                + String(repeating: "x", count: 70) + " }\n",
            "Templates/b.yaml": "b: [\n",
        ]
        let error = #expect(throws: CatalogLoadError.self) { try CatalogSource.parse(files: files) }
        #expect(error?.errors.map(\.code) == ["unknown-field", "invalid-value", "collapse-id", "yaml-syntax"])
    }

    @Test func collapseIDWithArgumentsOrQuotedApostrophesIsMeasuredAtRender() {
        let long = String(repeating: "a", count: 70)
        #expect(catalogErrors(["Templates/a.yaml": apnsHeader + "    collapse-id: \"{user_id}\(long)\"\n"]) == [])
        // ICU prints '' as one apostrophe: 64 bytes sent although 65 are written.
        let apostrophes = String(repeating: "a", count: 62) + "''"
        #expect(catalogErrors(["Templates/a.yaml": apnsHeader + "    collapse-id: \"\(apostrophes)\"\n"]) == [])
        #expect(
            catalogErrors([
                "Templates/a.yaml": apnsHeader + "    collapse-id: " + String(repeating: "b", count: 64) + "\n"
            ]) == []
        )
    }

    @Test func missingDirectoriesAreReportedWithoutLocation() throws {
        let catalog = try TemporaryCatalog(["Templates/a.yaml": "t:\n  body: x\n"], directories: ["Templates"])
        defer { catalog.remove() }
        let error = #expect(throws: CatalogLoadError.self) { try CatalogSource.load(from: catalog.root) }
        #expect(error?.errors.map(\.description) == ["error: catalog root '\(catalog.root)' has no Locales/ directory"])
        #expect(error?.errors.first?.code == "missing-directory")
    }

    @Test func missingRootIsReported() {
        let root = "/nonexistent/pushloc-catalog"
        let error = #expect(throws: CatalogLoadError.self) { try CatalogSource.load(from: root) }
        #expect(error?.errors.map(\.description) == ["error: catalog root '\(root)' is not a directory"])
    }

    @Test func invalidUTF8IsReportedAndOtherFilesStillChecked() throws {
        let catalog = try TemporaryCatalog(
            ["Templates/good.yaml": "t:\n  bdy: x\n"],
            rawFiles: ["Templates/bad.yaml": Array("t: ".utf8) + [0xC3, 0x28]]
        )
        defer { catalog.remove() }
        let error = #expect(throws: CatalogLoadError.self) { try CatalogSource.load(from: catalog.root) }
        #expect(
            error?.errors.map(\.description) == [
                "Templates/bad.yaml:1:4: error: the file is not valid UTF-8: byte 0xC3 at byte offset 3 cannot start "
                    + "or continue a character (save the file as UTF-8)",
                "Templates/good.yaml:1:1: error: template 't' needs a 'title' or a 'body'",
                "Templates/good.yaml:2:3: error: unknown template field 'bdy'; known: apns, args, body, budget, data, "
                    + "description, fcm, loc-keys, subtitle, title, webpush",
            ]
        )
    }

    @Test func loadErrorDescriptionIsOneLinePerError() {
        let error = CatalogLoadError(errors: [
            CatalogError(
                location: CatalogFileLocation(file: "b.yaml", line: 1, column: 2),
                code: "x",
                message: "second"
            ),
            CatalogError(location: nil, code: "y", message: "first"),
        ])
        #expect(error.description == "error: first\nb.yaml:1:2: error: second")
    }
}
