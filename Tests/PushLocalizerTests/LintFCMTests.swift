import Testing

@testable import PushLocalizer

/// One template per line group, `fcm: { collapse-key: <key> }` on its third line (value at column 24).
private func collapseKeyTemplates(_ keys: [String]) -> String {
    keys.enumerated().map { index, key in "t\(index):\n  body: x\n  fcm: { collapse-key: \(key) }\n" }.joined()
}

@Suite("Lint: fcm and webpush rules")
struct LintFCMTests {
    static let cases: [LintRuleCase] = [
        LintRuleCase(
            "fcm-reserved-key: a warning in a catalog that sets no fcm field; only the reserved keys",
            [
                "Templates/t.yaml": """
                t:
                  body: x
                  data:
                    from: a
                    message_type: b
                    google.sent: c
                    gcm.n: d
                    notification: e
                    fromage: f
                    googleId: g
                    meta: { from: h }

                """
            ],
            [
                ExpectedDiagnostic(.fcmReservedKey, .warning, "Templates/t.yaml", 4, 5),
                ExpectedDiagnostic(.fcmReservedKey, .warning, "Templates/t.yaml", 5, 5),
                ExpectedDiagnostic(.fcmReservedKey, .warning, "Templates/t.yaml", 6, 5),
                ExpectedDiagnostic(.fcmReservedKey, .warning, "Templates/t.yaml", 7, 5),
            ]
        ),
        LintRuleCase(
            "fcm-reserved-key: an error once any template sets an fcm field",
            [
                "Templates/a.yaml": "t:\n  body: x\n  data:\n    from: a\n",
                "Templates/b.yaml": "u:\n  body: y\n  fcm: { priority: high }\n",
            ],
            [ExpectedDiagnostic(.fcmReservedKey, .error, "Templates/a.yaml", 4, 5)]
        ),
        LintRuleCase(
            "fcm-ttl: over 28 days, not at 28 days",
            ["Templates/t.yaml": "t:\n  body: x\n  fcm:\n    ttl: 2419201\nu:\n  body: y\n  fcm:\n    ttl: 2419200\n"],
            [ExpectedDiagnostic(.fcmTTL, .warning, "Templates/t.yaml", 4, 10)]
        ),
        LintRuleCase(
            "fcm-collapse-keys: five distinct keys; every template past the first four is reported",
            ["Templates/t.yaml": collapseKeyTemplates(["k1", "k2", "k1", "k3", "k4", "k5", "k5", "k2"])],
            [
                ExpectedDiagnostic(.fcmCollapseKeys, .warning, "Templates/t.yaml", 18, 24),
                ExpectedDiagnostic(.fcmCollapseKeys, .warning, "Templates/t.yaml", 21, 24),
            ]
        ),
        LintRuleCase(
            "fcm-collapse-keys: four distinct keys, however often used",
            ["Templates/t.yaml": collapseKeyTemplates(["k1", "k2", "k3", "k4", "k4", "k1", "k2"])],
            []
        ),
        LintRuleCase(
            "fcm-collapse-keys: counted across files, in file order",
            [
                "Templates/a.yaml": collapseKeyTemplates(["k1", "k2", "k3"]),
                "Templates/b.yaml": collapseKeyTemplates(["k4", "k5"]).replacingOccurrences(of: "t", with: "u"),
            ],
            [ExpectedDiagnostic(.fcmCollapseKeys, .warning, "Templates/b.yaml", 6, 24)]
        ),
        LintRuleCase(
            "fcm-color: not #rrggbb; a color with arguments is left to the render",
            [
                "Templates/t.yaml": """
                t:
                  args:
                    c: { type: string }
                  body: "{c}"
                  fcm:
                    color: "#12345"
                u:
                  body: x
                  fcm: { color: red }
                v:
                  body: x
                  fcm: { color: "#1a73E8" }
                w:
                  args:
                    c: { type: string }
                  body: x
                  fcm: { color: "{c}" }

                """
            ],
            [
                ExpectedDiagnostic(.fcmColor, .error, "Templates/t.yaml", 6, 12),
                ExpectedDiagnostic(.fcmColor, .error, "Templates/t.yaml", 9, 17),
            ]
        ),
        LintRuleCase(
            "{args} in fcm and webpush strings: unknown-argument, argument-type and syntax, as in apns strings",
            [
                "Templates/t.yaml": """
                t:
                  args:
                    n: { type: number }
                    s: { type: string }
                  body: "{n} {s}"
                  fcm: { tag: "{unknown}" }
                  webpush: { badge: "{s, plural, other {x}}", icon: "{n" }

                """
            ],
            [
                ExpectedDiagnostic(.unknownArgument, .error, "Templates/t.yaml", 6, 17),
                ExpectedDiagnostic(.argumentType, .error, "Templates/t.yaml", 7, 23),
                ExpectedDiagnostic(.syntax, .error, "Templates/t.yaml", 7, 54),
            ]
        ),
        LintRuleCase(
            "unused-argument: an argument used only in a webpush string is used",
            ["Templates/t.yaml": "t:\n  args:\n    id: { type: string }\n  body: x\n  webpush: { tag: \"{id}\" }\n"],
            []
        ),
        LintRuleCase(
            "severity from pushloc.yaml: fcm-ttl made an error, fcm-color turned off",
            [
                "pushloc.yaml": "source-locale: en\nlint:\n  rules:\n    fcm-ttl: error\n    fcm-color: off\n",
                "Templates/t.yaml": "t:\n  body: x\n  fcm: { ttl: 9999999, color: blue }\n",
            ],
            [ExpectedDiagnostic(.fcmTTL, .error, "Templates/t.yaml", 3, 15)]
        ),
    ]

    @Test(arguments: cases)
    func rule(_ ruleCase: LintRuleCase) throws {
        try ruleCase.verify()
    }

    @Test func messagesNameTheFieldAndTheLimit() throws {
        let yaml =
            collapseKeyTemplates(["k1", "k2", "k3", "k4", "k5"])
            + "u:\n  body: x\n  fcm: { ttl: 3000000, color: \"#FFF\" }\n  data: { google.id: x, from: y }\n"
        let report = try LintFixture.lint(["Templates/t.yaml": yaml])
        #expect(
            report.diagnostics.map { "\($0.location): \($0.rule.id): \($0.message)" } == [
                "Templates/t.yaml:15:24: fcm-collapse-keys: fcm.collapse-key 'k5' is past the catalog's first 4 "
                    + "collapse keys ('k1', 'k2', 'k3', 'k4'); FCM keeps at most 4 per device and does not say which",
                "Templates/t.yaml:18:15: fcm-ttl: fcm.ttl is 3000000 seconds; FCM keeps a message at most 2419200 "
                    + "seconds (28 days)",
                "Templates/t.yaml:18:31: fcm-color: fcm.color '#FFF' is not a color FCM takes: write #rrggbb "
                    + "(six hexadecimal digits)",
                "Templates/t.yaml:19:11: fcm-reserved-key: data key 'google.id' starts with 'google.', which FCM "
                    + "reserves; FCM refuses a message whose data uses it",
                "Templates/t.yaml:19:25: fcm-reserved-key: data key 'from' is a key FCM reserves; FCM refuses a "
                    + "message whose data uses it",
            ]
        )
        // The catalog sets fcm fields, so reserved keys are errors.
        #expect(report.diagnostics.filter { $0.rule == .fcmReservedKey }.allSatisfy { $0.severity == .error })
    }

    @Test func unknownArgumentNamesTheField() throws {
        let report = try LintFixture.lint(["Templates/t.yaml": "t:\n  body: x\n  webpush: { tag: \"{who}\" }\n"])
        #expect(
            report.diagnostics.map(\.message) == [
                "webpush.tag: argument 'who' is not declared in the args of template 't'"
            ]
        )
    }

    @Test(arguments: ["#000000", "#1A73E8", "#abcdef"])
    func colorsFCMTakes(_ color: String) {
        #expect(Linter.isHexColor(color))
    }

    @Test(arguments: ["", "#", "000000", "#00000", "#0000000", "#GGGGGG", "#12345 ", "red", "#１２３４５６"])
    func colorsFCMRefuses(_ color: String) {
        #expect(!Linter.isHexColor(color))
    }
}
