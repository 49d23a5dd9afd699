/// An error reported by ICU through the CICU seam: an unparsable skeleton or pattern, an unknown
/// locale or time zone, or an ICU failure.
public struct ICUError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A short human-readable reason, e.g. `invalid number skeleton 'foo': U_NUMBER_SKELETON_SYNTAX_ERROR`.
    public var message: String

    /// Creates an error with a reason.
    /// - Parameter message: What went wrong, with the offending input.
    public init(message: String) {
        self.message = message
    }

    /// The reason, as printed to users.
    public var description: String { message }
}
