extension RenderRequest {
    /// Checks that the request's mode and fields suit its platform.
    /// - Throws: `RenderError` `invalid-request` naming the field.
    func checkPlatformFields() throws(RenderError) {
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
        case .fcm:
            if badge != nil, mode == .data || mode == .content {
                throw Self.invalid(
                    "'badge' is a notification's count; an FCM data message has none (send it in 'data')"
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
