extension RenderRequest {
    /// Checks that the request's mode and fields suit its platform.
    /// - Throws: `RenderError` `invalid-request` naming the field.
    @inline(__always)
    func checkPlatformFields() throws(RenderError) {
        // The usual request, an APNs render in any of its modes without an FCM target, is settled
        // here without a call.
        if platform == .apns, mode != .data, target == nil { return }
        try checkEachPlatformField()
    }

    /// `checkPlatformFields`, every platform's rules.
    private func checkEachPlatformField() throws(RenderError) {
        switch platform {
        case .apns:
            if mode == .data {
                throw Self.invalid("mode 'data' is for FCM data messages; APNs's counterpart is 'content'")
            }
        case .webpush:
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
        case .fcm:
            if badge != nil, mode == .data || mode == .content {
                throw Self.invalid(
                    "'badge' is a notification's count; an FCM data message has none (send it in 'data')"
                )
            }
            if case .topic(let topic)? = target, !FCMSettings.isValidTopic(topic) {
                throw Self.invalid(
                    "'topic' must be a topic name of letters, digits and -_.~% without '/topics/', got '\(topic)'"
                )
            }
        }
        if target != nil, platform != .fcm {
            throw Self.invalid(
                "'token', 'topic' and 'condition' are FCM targets; this request renders \(platform.rawValue)"
            )
        }
    }

    private static func invalid(_ message: String) -> RenderError {
        RenderError(RenderError.Code.invalidRequest, message)
    }
}
