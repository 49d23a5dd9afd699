extension RenderRequest {
    /// Checks that the request's mode and fields suit its platform. Inlined into the render: the
    /// usual request (APNs, in one of its own modes, without an FCM target) passes in a few
    /// compares, and only a request that breaks a rule, or one for another platform, makes a call.
    /// - Throws: `RenderError` `invalid-request` naming the field.
    @inline(__always)
    func checkPlatformFields() throws(RenderError) {
        switch platform {
        case .apns:
            if mode == .data { throw Self.dataModeOnAPNs() }
        case .webpush: try checkWebPushFields()
        case .fcm: try checkFCMFields()
        }
        if target != nil, platform != .fcm { throw Self.targetOffFCM(platform) }
    }

    private func checkWebPushFields() throws(RenderError) {
        if mode == .locKey || mode == .data {
            throw Self.invalid("Web Push renders 'resolved' or 'content', not '\(mode.rawValue)'")
        }
        if badge != nil {
            throw Self.invalid("'badge' is an APNs and FCM count; Web Push has none (send it in 'data')")
        }
        if let budget, budget > WebPushShape.defaultBudget {
            throw Self.invalid(
                "a Web Push budget is at most \(WebPushShape.defaultBudget) bytes, the plaintext one encrypted "
                    + "4096-byte record carries; got \(budget)"
            )
        }
    }

    private func checkFCMFields() throws(RenderError) {
        if badge != nil, mode == .data || mode == .content {
            throw Self.invalid("'badge' is a notification's count; an FCM data message has none (send it in 'data')")
        }
        if case .topic(let topic)? = target, !FCMSettings.isValidTopic(topic) {
            throw Self.invalid(
                "'topic' must be a topic name of letters, digits and -_.~% without '/topics/', got '\(topic)'"
            )
        }
    }

    @inline(never)
    private static func dataModeOnAPNs() -> RenderError {
        invalid("mode 'data' is for FCM data messages; APNs's counterpart is 'content'")
    }

    @inline(never)
    private static func targetOffFCM(_ platform: Platform) -> RenderError {
        invalid("'token', 'topic' and 'condition' are FCM targets; this request renders \(platform.rawValue)")
    }

    private static func invalid(_ message: String) -> RenderError {
        RenderError(RenderError.Code.invalidRequest, message)
    }
}
