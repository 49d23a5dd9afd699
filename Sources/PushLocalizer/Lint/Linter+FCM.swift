extension Linter {
    /// The `data` keys FCM keeps for itself (HTTP v1 `Message.data`): a message that uses one is
    /// refused. `notification` is not among them: the docs once listed it, but FCM accepts it.
    static let fcmReservedDataKeys: Set<String> = ["from", "message_type"]
    /// Prefixes of the `data` keys FCM keeps for itself.
    static let fcmReservedDataKeyPrefixes = ["google.", "gcm."]
    /// How many collapse keys FCM keeps per device.
    static let fcmCollapseKeyLimit = 4

    /// `fcm-reserved-key`, `fcm-ttl`, `fcm-collapse-keys` and `fcm-color`. Every template can be
    /// rendered for FCM, so every template is checked, with or without an `fcm` map.
    func checkFCM(into sink: inout DiagnosticSink) {
        // A catalog that sets fcm fields is sent to FCM: a reserved key then fails every send.
        let targetsFCM = source.templates.contains { $0.fcm != FCMSettings() }
        for template in source.templates {
            checkReservedDataKeys(of: template, severity: targetsFCM ? .error : .warning, into: &sink)
            if let ttl = template.fcm.ttl, ttl > FCMSettings.maximumTTL {
                sink.report(
                    .fcmTTL,
                    at: template.fcm.ttlLocation ?? template.location,
                    locale: nil,
                    key: template.key,
                    "fcm.ttl is \(ttl) seconds; FCM keeps a message at most \(FCMSettings.maximumTTL) seconds "
                        + "(28 days)"
                )
            }
            if let color = template.fcm.color, !color.text.contains("{"), !Self.isHexColor(color.text) {
                sink.report(
                    .fcmColor,
                    at: color.location,
                    locale: nil,
                    key: template.key,
                    "fcm.color '\(color.text)' is not a color FCM takes: write #rrggbb (six hexadecimal digits)"
                )
            }
        }
        checkCollapseKeys(into: &sink)
    }

    private func checkReservedDataKeys(of template: Template, severity: Severity, into sink: inout DiagnosticSink) {
        for entry in template.data {
            let reason: String
            if Self.fcmReservedDataKeys.contains(entry.key) {
                reason = "is a key FCM reserves"
            } else if let prefix = Self.fcmReservedDataKeyPrefixes.first(where: entry.key.hasPrefix) {
                reason = "starts with '\(prefix)', which FCM reserves"
            } else {
                continue
            }
            sink.report(
                .fcmReservedKey,
                at: entry.location,
                locale: nil,
                key: template.key,
                "data key '\(entry.key)' \(reason); FCM refuses a message whose data uses it",
                defaultSeverity: severity
            )
        }
    }

    /// `fcm-collapse-keys`: the collapse keys in the order they are written (file, line,
    /// column); every template whose key is not one of the first four distinct ones is reported.
    /// A key with `{args}` counts once, as written: lint cannot know the values it takes.
    private func checkCollapseKeys(into sink: inout DiagnosticSink) {
        let uses = source.templates.compactMap { template in template.fcm.collapseKey.map { (template.key, $0) } }
            .sorted { $0.1.location < $1.1.location }
        var kept: [String] = []
        for (_, text) in uses where !kept.contains(text.text) && kept.count < Self.fcmCollapseKeyLimit {
            kept.append(text.text)
        }
        let keptList = kept.map { "'\($0)'" }.joined(separator: ", ")
        for (key, text) in uses where !kept.contains(text.text) {
            sink.report(
                .fcmCollapseKeys,
                at: text.location,
                locale: nil,
                key: key,
                "fcm.collapse-key '\(text.text)' is past the catalog's first \(Self.fcmCollapseKeyLimit) collapse "
                    + "keys (\(keptList)); FCM keeps at most \(Self.fcmCollapseKeyLimit) per device and does not "
                    + "say which"
            )
        }
    }

    /// `#` and six hexadecimal digits.
    static func isHexColor(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.count == 7 && scalars[0] == "#" && scalars.dropFirst().allSatisfy(\.properties.isASCIIHexDigit)
    }
}
