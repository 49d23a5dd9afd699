/// Why a notification could not be rendered. `code` is stable and appears in `batch` output.
public struct RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable error code (see `RenderError.Code`).
    public var code: String
    /// A sentence for people.
    public var message: String

    /// Creates an error.
    public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// The error codes.
    public enum Code {
        /// No template has the requested key.
        public static let unknownKey = "unknown-key"
        /// A declared argument was not given.
        public static let missingArgument = "missing-argument"
        /// An argument the template does not declare was given.
        public static let unknownArgument = "unknown-argument"
        /// An argument's value does not fit its declared type.
        public static let argumentType = "argument-type"
        /// A pinned argument is longer than its `max-bytes`.
        public static let argumentTooLong = "argument-too-long"
        /// No usable locale tag was given.
        public static let invalidLocale = "invalid-locale"
        /// The time zone is not an IANA id.
        public static let invalidTimeZone = "invalid-time-zone"
        /// The request's budget, push type or mode is invalid.
        public static let invalidRequest = "invalid-request"
        /// The rendered `apns-collapse-id` is longer than 64 bytes.
        public static let collapseID = "collapse-id"
        /// Even with every step of budget fitting the payload does not fit.
        public static let payloadTooLarge = "payloadTooLarge"
        /// An FCM `loc-key` render of a template whose text Android's strings cannot express
        /// (plural, select, dates, number styles).
        public static let locKeyIncompatible = "loc-key-incompatible"
        /// A Web Push `Topic` header that is longer than 32 characters or not URL-safe base64.
        public static let webPushTopic = "webpush-topic"
        /// A batch line is over one of `BatchLimits` (too many members, elements or values, too
        /// deep, or an over-long `id`, name, tag or `data`).
        public static let limitExceeded = "limit-exceeded"
        /// A message failed to format (should have been caught at load).
        public static let formatFailed = "format-failed"
    }
}
