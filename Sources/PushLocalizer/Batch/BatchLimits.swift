/// The bounds a batch line is read under. Each is checked while the line is read, before what
/// would cross it is kept, and a line over one is answered with `limit-exceeded` (the run goes
/// on). Together with the line length limit they keep a run's memory bounded whatever the input.
public enum BatchLimits {
    /// Structure: nesting, members per object, elements per array, values per line, the length
    /// of member names (argument names included) and of numbers.
    public static let json = JSONLimits(
        maximumDepth: 64,
        maximumMembers: 1_000,
        maximumElements: 1_000,
        maximumNodes: 10_000,
        maximumNameBytes: 256,
        maximumNumberBytes: 256
    )
    /// The `id` as written (it is echoed in the answer).
    public static let maximumIDBytes = 1_024
    /// Tags in `locales`.
    public static let maximumLocales = 100
    /// `key`, each locale tag, `mode`, `pushType`, `timeZone` and `overflow`, as written.
    public static let maximumShortStringBytes = 256
    /// An FCM `token`, `topic` or `condition` as written (FCM topic names go up to 900 characters).
    public static let maximumTargetBytes = 4_096
    /// `data` as written: it is merged into the payload, which is never larger than this.
    public static let maximumDataBytes = RenderRequest.maximumBudget
}
