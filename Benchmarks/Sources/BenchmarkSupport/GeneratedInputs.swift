import Foundation

/// Inputs written on demand: the batch file of scenario 5 and the large catalog of scenario 6.
public enum GeneratedInputs {
    /// The 39 translated locales of the generated catalog (with the source locale, 40).
    static let catalogLocales = [
        "ar", "bg", "bn", "cs", "da", "de", "el", "es", "es-419", "et", "fa", "fi", "fr", "he", "hi", "hr", "hu",
        "id", "it", "ja", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sl", "sr",
        "sv", "th", "tr", "uk", "zh-Hans",
    ]

    /// Writes `lines` JSON Lines requests for `pushloc batch` over the benchmarks' catalog, rotating
    /// through the same locales, names and counts as scenario 2.
    /// - Throws: when the file cannot be written.
    public static func writeBatchInput(lines: Int, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw ReferenceError(message: "cannot write \(path)") }
        defer { try? handle.close() }
        let cases = Fixtures.cases
        let prefixes = cases.map { item in
            ",\"key\":\"\(Fixtures.likesKey)\",\"locales\":[\"\(item.locale)\"],\"args\":{\"name\":"
                + jsonString(item.name) + ",\"count\":\(item.count)}}\n"
        }
        var chunk = ""
        chunk.reserveCapacity(1 << 20)
        for line in 0..<lines {
            chunk += "{\"id\":\(line)"
            chunk += prefixes[line % prefixes.count]
            if chunk.utf8.count >= 1 << 20 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: Data(chunk.utf8))
    }

    /// Writes scenario 5's memory check: `lines` ordinary requests with three requests between
    /// them whose name is just under 4 MiB of UTF-8 (the longest line `pushloc batch` takes is 4 MiB).
    /// - Throws: when the file cannot be written.
    public static func writeLongLineInput(lines: Int, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw ReferenceError(message: "cannot write \(path)") }
        defer { try? handle.close() }
        let long = String(repeating: "ż", count: 2_090_000)
        for part in 0..<3 {
            var chunk = ""
            for line in 0..<lines / 3 {
                chunk += "{\"id\":\(line),\"key\":\"\(Fixtures.likesKey)\",\"locales\":[\"ru\"],"
                chunk += "\"args\":{\"name\":\"Ann\",\"count\":\(line)}}\n"
            }
            chunk += "{\"id\":\"long-\(part)\",\"key\":\"\(Fixtures.likesKey)\",\"locales\":[\"en\"],"
            chunk += "\"args\":{\"name\":\"\(long)\",\"count\":3}}\n"
            try handle.write(contentsOf: Data(chunk.utf8))
        }
    }

    /// Writes a catalog of `templates` templates translated into 39 locales (40 with the source)
    /// under `root`, replacing what is there.
    /// - Throws: when a file cannot be written.
    public static func writeCatalog(templates: Int = 1_000, to root: String) throws {
        let manager = FileManager.default
        try? manager.removeItem(atPath: root)
        try manager.createDirectory(atPath: root + "/Templates", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: root + "/Locales", withIntermediateDirectories: true)
        try "source-locale: en\n".write(toFile: root + "/pushloc.yaml", atomically: true, encoding: .utf8)
        let perFile = 100
        for file in stride(from: 0, to: templates, by: perFile) {
            var text = "# Generated for the catalog-load benchmark.\n"
            for number in file..<min(file + perFile, templates) {
                text += """
                    item_update_\(number):
                      description: Generated template \(number).
                      args:
                        user_name: { type: string, truncate: true }
                        item_count: { type: number }
                        item_id: { type: string }
                      title: "Update \(number) for {user_name}"
                      body: "{user_name} has {item_count, plural, =0 {no new items} =1 {one new item} other {# new items}} in list \(number)"
                      apns:
                        category: CATEGORY_\(number % 17)
                        thread-id: "list-{item_id}"
                        sound: default
                        relevance-score: 0.5
                      data:
                        path: "app://items/{item_id}"

                    """
            }
            try text.write(toFile: root + "/Templates/group\(file / perFile).yaml", atomically: true, encoding: .utf8)
        }
        for tag in catalogLocales {
            var text = ""
            for number in 0..<templates {
                text += """
                    item_update_\(number):
                      title: "[\(tag)] Aktualisierung \(number) für {user_name}"
                      body: "[\(tag)] {user_name}: {item_count, plural, =0 {keine neuen Einträge} =1 {ein neuer Eintrag} other {# neue Einträge}} in Liste \(number)"

                    """
            }
            try text.write(toFile: root + "/Locales/\(tag).yaml", atomically: true, encoding: .utf8)
        }
    }

    /// A JSON string literal: escapes `"`, `\` and C0 controls only.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
