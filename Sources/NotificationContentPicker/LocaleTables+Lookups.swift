// The tables of LocaleTables.swift (generated: Scripts/locale_tables.py) read into lookups once.

extension LocaleTables {
    /// Maximized tags of the languages with ICU locale data: language → (script, region).
    static let likely: [String: (script: String, region: String)] = {
        var table: [String: (script: String, region: String)] = [:]
        for tag in words(languages) {
            let parts = tag.split(separator: "-").map(String.init)
            guard parts.count == 3 else { continue }
            table[parts[0]] = (parts[1], parts[2])
        }
        return table
    }()

    /// "language-REGION" → script, where the region implies a script other than the language's.
    static let scriptForRegion: [String: String] = {
        var table: [String: String] = [:]
        for tag in words(regionScripts) {
            let parts = tag.split(separator: "-").map(String.init)
            guard parts.count == 3 else { continue }
            table[parts[0] + "-" + parts[2]] = parts[1]
        }
        return table
    }()

    /// "language-Script" → region, where the script implies a region other than the language's.
    static let regionForScript: [String: String] = {
        var table: [String: String] = [:]
        for tag in words(scriptRegions) {
            let parts = tag.split(separator: "-").map(String.init)
            guard parts.count == 3 else { continue }
            table[parts[0] + "-" + parts[1]] = parts[2]
        }
        return table
    }()

    /// Deprecated or overlong language code → replacement subtags (`sh` → `sr-Latn`).
    static let languageAlias: [String: [String]] = pairs(languageAliases).mapValues {
        $0.split(separator: "-").map(String.init)
    }

    /// Deprecated region code → replacement (`UK` → `GB`).
    static let territoryAlias: [String: String] = pairs(territoryAliases)

    /// Lookup form → CLDR parent (`es-MX` → `es-419`), for the parents that truncation would miss.
    static let parent: [String: String] = {
        var table: [String: String] = [:]
        var current: String?
        // "parent: child child …", the list wrapped over several lines.
        for word in words(parents) {
            if word.hasSuffix(":") {
                current = String(word.dropLast())
            } else if let current {
                table[word] = current
            }
        }
        return table
    }()

    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    private static func pairs(_ text: String) -> [String: String] {
        var table: [String: String] = [:]
        for word in words(text) {
            let halves = word.split(separator: ">", maxSplits: 1)
            if halves.count == 2 { table[String(halves[0])] = String(halves[1]) }
        }
        return table
    }
}
