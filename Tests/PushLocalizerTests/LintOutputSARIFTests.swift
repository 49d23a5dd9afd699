import Foundation
import PushLocalizer
import Testing

/// SARIF 2.1.0 output, parsed with Foundation and checked for what GitHub code scanning reads
/// ("SARIF support for code scanning": `$schema`, `version`, `runs[].tool.driver.name`, rule
/// metadata, `results[].ruleId`, `message.text`, `locations[].physicalLocation` with
/// `artifactLocation.uri` and `region.startLine`).
@Suite("Lint output: SARIF")
struct LintOutputSARIFTests {
    private func sarif(
        _ options: LintOutputOptions = LintOutputOptions(sourceRootURI: "file:///repo/")
    ) throws
        -> [String: Any]
    {
        let text = LintOutputFormatTests.report.formatted(as: .sarif, options: options)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func run(_ log: [String: Any]) throws -> [String: Any] {
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        return try #require(runs.first)
    }

    @Test func topLevel() throws {
        let log = try sarif()
        #expect(log["version"] as? String == "2.1.0")
        let schema = try #require(log["$schema"] as? String)
        #expect(schema.hasPrefix("https://") && schema.hasSuffix("sarif-schema-2.1.0.json"))
    }

    @Test func driverListsEveryRuleWithMetadata() throws {
        let run = try run(try sarif())
        let tool = try #require(run["tool"] as? [String: Any])
        let driver = try #require(tool["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "pushloc")
        #expect((driver["informationUri"] as? String)?.hasPrefix("https://") == true)
        #expect((driver["version"] as? String)?.isEmpty == false)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        // Eighteen core rules, unused-argument, the Apple formats' loc-key-incompatible and apple-format,
        // four FCM rules and display-truncation.
        #expect(rules.count == 26)
        #expect(rules.compactMap { $0["id"] as? String } == LintRule.allCases.map(\.id))
        for rule in rules {
            for key in ["shortDescription", "fullDescription", "help"] {
                let text = (rule[key] as? [String: Any])?["text"] as? String
                #expect(text?.isEmpty == false, "rule \(rule["id"] ?? "?") has no \(key).text")
            }
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            let id = rule["id"] as? String
            // untranslated, whitespace, unused-argument, apple-format, fcm-reserved-key, fcm-ttl,
            // fcm-collapse-keys and display-truncation are warnings, everything else errors;
            // display-truncation alone is off until a catalog turns it on.
            let warnings = [
                "untranslated", "whitespace", "unused-argument", "apple-format", "fcm-reserved-key", "fcm-ttl",
                "fcm-collapse-keys", "display-truncation",
            ]
            #expect(level == (warnings.contains(id ?? "") ? "warning" : "error"))
            let enabled = (rule["defaultConfiguration"] as? [String: Any])?["enabled"] as? Bool
            #expect(enabled == (id == "display-truncation" ? false : nil))
        }
    }

    @Test func resultsPointAtTheirRuleAndPlace() throws {
        let run = try run(try sarif())
        let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
        let rules = try #require(driver?["rules"] as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 3)
        let first = results[0]
        #expect(first["ruleId"] as? String == "plural-missing-category")
        #expect(first["level"] as? String == "error")
        #expect((first["message"] as? [String: Any])?["text"] as? String == "plural 'n' lacks categories few, many")
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        #expect(results[1]["level"] as? String == "warning")
        let locations = try #require(first["locations"] as? [[String: Any]])
        let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
        let artifact = try #require(physical["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "Locales/ru.yaml")
        #expect(artifact["uriBaseId"] as? String == "SRCROOT")
        let region = try #require(physical["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 2)
        #expect(region["startColumn"] as? Int == 10)
        // Our columns count code points; SARIF's default unit is UTF-16 code units.
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let bases = try #require(run["originalUriBaseIds"] as? [String: Any])
        #expect((bases["SRCROOT"] as? [String: Any])?["uri"] as? String == "file:///repo/")
    }

    @Test func urisArePercentEncodedAndPrefixed() throws {
        let run = try run(try sarif(LintOutputOptions(pathPrefix: "my catalog", sourceRootURI: "file:///repo/")))
        let results = try #require(run["results"] as? [[String: Any]])
        let artifact =
            (((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                "artifactLocation"
            ] as? [String: Any])
        #expect(artifact?["uri"] as? String == "my%20catalog/Locales/ru.yaml")
    }

    @Test func aFileOutsideTheWorkingDirectoryGetsAnAbsoluteURI() throws {
        let run = try run(try sarif(LintOutputOptions(pathPrefix: "/tmp/cat", sourceRootURI: "file:///repo/")))
        let results = try #require(run["results"] as? [[String: Any]])
        let artifact =
            (((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                "artifactLocation"
            ] as? [String: Any])
        #expect(artifact?["uri"] as? String == "file:///tmp/cat/Locales/ru.yaml")
        #expect(artifact?["uriBaseId"] == nil)
    }

    @Test func aCleanRunHasNoResults() throws {
        let text = LintReport(diagnostics: []).formatted(as: .sarif, options: LintOutputOptions())
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let results = try #require(try run(log)["results"] as? [Any])
        #expect(results.isEmpty)
    }
}
