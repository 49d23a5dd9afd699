import MessageFormat

extension Linter {
    /// `loc-key-incompatible`: a message of a field with a `loc-keys` entry that uses plural,
    /// select, selectordinal, dates or number styles.
    func checkLocKeyCompatibility(of message: LintedMessage, into sink: inout DiagnosticSink) {
        guard let appleKey = message.template.locKeys[message.field], let syntax = message.syntax,
            let problem = LocKeyCompatibility.problem(in: syntax)
        else { return }
        sink.report(
            .locKeyIncompatible,
            at: message.location(at: problem.offset),
            locale: message.locale,
            key: message.key,
            "\(message.field.rawValue) (loc-key '\(appleKey)'): \(problem.reason)"
        )
    }

    /// `apple-format`: Apple format syntax left in an ICU message: printf specifiers, two or more
    /// implicit-order `%@`, and a lowercase `\u` escape (Apple's `.strings` reads it as `u`).
    func checkAppleFormat(of message: LintedMessage, into sink: inout DiagnosticSink) {
        let field = message.field.rawValue
        for finding in AppleFormatScanner.findings(in: message.text.text) {
            sink.report(
                .appleFormat,
                at: message.location(at: finding.offset),
                locale: message.locale,
                key: message.key,
                "\(field): \(finding.description)"
            )
        }
    }
}

/// Finds Apple format syntax in message text.
enum AppleFormatScanner {
    /// One finding: UTF-8 offset and a sentence.
    struct Finding: Equatable {
        var offset: Int
        var description: String
    }

    private static let conversions = Set("@dDiuUxXoOfFeEgGaAcCsSp".utf8)
    private static let lengths = Set("hlqzjtL".utf8)

    /// The findings in `text`, in order.
    static func findings(in text: String) -> [Finding] {
        let bytes = Array(text.utf8)
        var findings: [Finding] = []
        var implicitObjects: [Int] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 5 < bytes.count + 1, index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "u"), index + 6 <= bytes.count,
                bytes[(index + 2)..<(index + 6)].allSatisfy({ isHex($0) })
            {
                findings.append(
                    Finding(
                        offset: index,
                        description:
                            "'\\u\(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self))' is not an escape in Apple's .strings (it reads as the letter u); write the character itself, or \\U with a capital U"
                    )
                )
                index += 6
                continue
            }
            guard byte == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "%") {
                index += 2
                continue
            }
            var scan = index + 1
            var positional = false
            let digitsStart = scan
            while scan < bytes.count, (0x30...0x39).contains(bytes[scan]) { scan += 1 }
            if scan > digitsStart, scan < bytes.count, bytes[scan] == UInt8(ascii: "$") {
                positional = true
                scan += 1
            } else {
                scan = digitsStart
            }
            if scan + 1 < bytes.count, bytes[scan] == UInt8(ascii: "#"), bytes[scan + 1] == UInt8(ascii: "@") {
                findings.append(
                    Finding(
                        offset: index,
                        description: "a '%#@…@' substitution is Apple format syntax; use a {name, plural, …} argument"
                    )
                )
                index = scan + 2
                continue
            }
            while scan < bytes.count, "-+#0'".utf8.contains(bytes[scan]) { scan += 1 }
            while scan < bytes.count, (0x30...0x39).contains(bytes[scan]) { scan += 1 }
            if scan < bytes.count, bytes[scan] == UInt8(ascii: ".") {
                scan += 1
                while scan < bytes.count, (0x30...0x39).contains(bytes[scan]) { scan += 1 }
            }
            var lengthCount = 0
            while scan < bytes.count, lengths.contains(bytes[scan]), lengthCount < 2 {
                scan += 1
                lengthCount += 1
            }
            // A letter right after must not continue a word ("50%off" is text; "%done" is not
            // matched because 'o' is a conversion only when followed by a non-letter).
            guard scan < bytes.count, conversions.contains(bytes[scan]),
                scan + 1 >= bytes.count || !isLetter(bytes[scan + 1]) || bytes[scan] == UInt8(ascii: "@")
            else {
                index += 1
                continue
            }
            let specifier = String(decoding: bytes[index...scan], as: UTF8.self)
            if bytes[scan] == UInt8(ascii: "@") && !positional {
                implicitObjects.append(index)
            } else {
                findings.append(
                    Finding(
                        offset: index,
                        description:
                            "printf specifier '\(specifier)' in an ICU message prints as is; use {name} or {name, number, …}"
                    )
                )
            }
            index = scan + 1
        }
        if implicitObjects.count >= 2 {
            findings.append(
                Finding(
                    offset: implicitObjects[0],
                    description:
                        "\(implicitObjects.count) implicit-order '%@': translators cannot reorder them; use %1$@, %2$@ (or {name} in ICU messages)"
                )
            )
        } else if let only = implicitObjects.first {
            findings.append(
                Finding(offset: only, description: "printf specifier '%@' in an ICU message prints as is; use {name}")
            )
        }
        return findings.sorted { $0.offset < $1.offset }
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
