import AppleFormats
import Foundation
import ICUKit
import MessageFormat

/// An independent model of what Apple's formatting prints for a String Catalog localization:
/// printf-style substitution, plural variations chosen by the locale's CLDR category (from ICU's
/// plural rules), and Apple's `zero` case for the number 0 whatever the locale's rules say.
enum AppleOracle {
    /// A test argument.
    enum Value {
        case text(String)
        case number(Double)
    }

    /// Locales whose decimal separator is a comma: ICU prints `1,5` where printf prints `1.5`
    /// (the named exception: Apple's `String(format:)` ignores the locale).
    static let commaDecimalLocales: Set<String> = [
        "bg", "ca-ES", "cs", "da", "de", "el", "es", "es-ES", "et", "fi", "fr", "hr", "hu", "id", "it", "lt", "lv",
        "nb", "nl", "pl", "pl-PL", "pt", "pt-BR", "ro", "ru", "sk", "sl", "sv", "tr", "uk", "vi",
    ]

    /// Test arguments for `string`: `number` at every number position, `«S<n>»` at every text
    /// position; by position for the oracle and by name for the ICU message.
    static func arguments(
        _ string: ImportedString,
        number: Double
    ) -> (values: [Int: Value], named: [String: ArgumentValue]) {
        var values: [Int: Value] = [:]
        var named: [String: ArgumentValue] = [:]
        for (index, type) in string.argumentTypes.enumerated() {
            if type == .number {
                values[index + 1] = .number(number)
                named[string.argumentNames[index]] = argument(number)
            } else {
                values[index + 1] = .text("«S\(index + 1)»")
                named[string.argumentNames[index]] = .string("«S\(index + 1)»")
            }
        }
        return (values, named)
    }

    /// A number as an ICU argument: whole numbers as integers, others as decimal text.
    static func argument(_ number: Double) -> ArgumentValue {
        number == number.rounded() ? .int(Int64(number)) : .decimal(String(number))
    }

    /// The text Apple prints for a localization (a JSON object of a String Catalog).
    static func format(
        _ localization: [String: Any],
        locale: String,
        pluralPosition: Int,
        values: [Int: Value]
    ) -> String? {
        let substitutions = localization["substitutions"] as? [String: [String: Any]] ?? [:]
        guard let chosen = choose(localization, locale: locale, value: values[pluralPosition]) else { return nil }
        return printf(chosen, locale: locale, values: values, substitutions: substitutions, argValue: nil)
    }

    /// The string unit value a variation tree picks.
    static func choose(_ node: [String: Any], locale: String, value: Value?) -> String? {
        if let variations = node["variations"] as? [String: Any] {
            if let device = variations["device"] as? [String: [String: Any]] {
                guard let picked = device["iphone"] ?? device["other"] else { return nil }
                return choose(picked, locale: locale, value: value)
            }
            if let plural = variations["plural"] as? [String: [String: Any]] {
                guard let picked = plural[category(locale: locale, value: value, available: Set(plural.keys))] else {
                    return nil
                }
                return choose(picked, locale: locale, value: value)
            }
            return nil
        }
        return (node["stringUnit"] as? [String: Any])?["value"] as? String
    }

    /// Apple's choice: `zero` for 0 when the strings have it, else the CLDR category when the
    /// strings have it, else `other`.
    static func category(locale: String, value: Value?, available: Set<String>) -> String {
        guard case .number(let number)? = value else { return "other" }
        if number == 0, available.contains("zero") { return "zero" }
        let rules = try? ICUPluralRules(locale: locale, type: .cardinal)
        let text = number == number.rounded() ? String(Int(number)) : String(number)
        let category = rules?.category(ofDecimal: text).rawValue ?? "other"
        return available.contains(category) ? category : "other"
    }

    private static let specifier = try! NSRegularExpression(
        pattern: "%(?:(\\d+)\\$)?(?:#@([^@]+)@|arg|([-+#0']*)(\\d+)?(?:\\.(\\d+))?(hh|h|ll|l|q|z|t|j)?([@dDiuUfFsS%]))"
    )

    /// printf-style substitution of `values` (by 1-based position) into `format`.
    static func printf(
        _ format: String,
        locale: String,
        values: [Int: Value],
        substitutions: [String: [String: Any]],
        argValue: (position: Int, specifier: String)?
    ) -> String {
        let text = format as NSString
        var output = ""
        var last = 0
        var implicit = 0
        for match in specifier.matches(in: format, range: NSRange(location: 0, length: text.length)) {
            output += text.substring(with: NSRange(location: last, length: match.range.location - last))
            last = match.range.location + match.range.length
            func group(_ index: Int) -> String? {
                let range = match.range(at: index)
                return range.location == NSNotFound ? nil : text.substring(with: range)
            }
            let whole = text.substring(with: match.range)
            if whole == "%%" {
                output += "%"
                continue
            }
            if whole == "%arg", let argValue {
                output += printf(
                    "%" + argValue.specifier,
                    locale: locale,
                    values: [1: values[argValue.position] ?? .text("?")],
                    substitutions: [:],
                    argValue: nil
                )
                continue
            }
            let explicit = group(1).flatMap { Int($0) }
            if let name = group(2) {
                let substitution = substitutions[name] ?? [:]
                let position: Int
                if let number = substitution["argNum"] as? Int ?? explicit {
                    position = number
                } else {
                    implicit += 1
                    position = implicit
                }
                let specifier = substitution["formatSpecifier"] as? String ?? "lld"
                let plural =
                    (substitution["variations"] as? [String: Any])?["plural"] as? [String: [String: Any]] ?? [:]
                let key = category(locale: locale, value: values[position], available: Set(plural.keys))
                let chosen = plural[key].flatMap { choose($0, locale: locale, value: values[position]) } ?? ""
                output += printf(
                    chosen,
                    locale: locale,
                    values: values,
                    substitutions: substitutions,
                    argValue: (position, specifier)
                )
                continue
            }
            let conversion = group(7) ?? "@"
            let position: Int
            if let explicit {
                position = explicit
            } else if let argValue, conversion != "@" {
                position = argValue.position
            } else {
                implicit += 1
                position = implicit
            }
            let value =
                argValue != nil && explicit == nil && conversion != "@" && position == argValue!.position
                ? values[argValue!.position] : values[position]
            output += render(value, conversion: conversion, precision: group(5).flatMap { Int($0) }, locale: locale)
        }
        output += text.substring(from: last)
        return output
    }

    private static func render(_ value: Value?, conversion: String, precision: Int?, locale: String) -> String {
        guard let value else { return "(missing)" }
        switch (value, conversion) {
        case (.text(let text), _): return text
        case (.number(let number), "f"), (.number(let number), "F"):
            return decimal(String(format: "%.\(precision ?? 6)f", number), locale: locale)
        case (.number(let number), "@"), (.number(let number), _):
            if number == number.rounded() { return String(Int64(number)) }
            return decimal(String(number), locale: locale)
        }
    }

    private static func decimal(_ text: String, locale: String) -> String {
        commaDecimalLocales.contains(locale) ? text.replacingOccurrences(of: ".", with: ",") : text
    }
}
