/// Picks a notification's title, subtitle and body from `localization_content` for the app's
/// languages, in an app's Notification Service Extension.
///
/// The server's `content` render mode (docs/content-mode.md) sends every included locale's text next to
/// `aps.alert` (the text of the locale the server negotiated) and `"mutable-content": 1`:
///
/// ```json
/// {"aps": {"alert": {"title": "…", "body": "…"}, "mutable-content": 1},
///  "localization_content": {
///    "en": {"title": "New follower", "body": "Ana started following you"},
///    "en-GB": "en",
///    "pl": {"title": "Nowy obserwujący", "body": "Ana zaczęła Cię obserwować"}}}
/// ```
///
/// `localization_content` is an object whose keys are BCP 47 tags. A value is either an object
/// with optional string fields `title`, `subtitle` and `body` (at least one), or a string naming
/// another key of the same object whose text is identical (`"en-GB": "en"`). An alias takes one
/// hop only: an alias to a missing key, to another alias or to a malformed object is ignored, as is
/// any other malformed entry. Unknown fields inside an object are ignored.
///
/// Matching follows the server's rules (docs/negotiation.md) for the tags present: tags are
/// canonicalized (`pt_BR`, `iw` → `he`, `no` → `nb`, `sh` → `sr-Latn`, `zh-TW` → `zh-Hant-TW`), maximized with
/// likely subtags, and matched through CLDR parent locales without ever crossing scripts:
/// `es-MX` gets `es-419` before `es`, `en-AU` gets `en-GB` before `en`, `pt-AO` gets `pt-PT`,
/// `zh-HK` gets `zh-Hant-HK` then `zh-Hant`, and `sr-Latn` never gets `sr`. The locale data is
/// embedded (ICU 72 / CLDR 42 tables for the 217 languages with CLDR locale data), so the module
/// needs Foundation only and behaves the same on every platform.
public enum NotificationContentPicker {
    /// Picks the best locale's text for the app's languages (most preferred first), with the same
    /// matching rules the server uses for the tags present; falls back to the original
    /// `aps.alert` when nothing matches or the content is malformed.
    ///
    /// The first language that any usable `localization_content` entry serves wins; later
    /// languages are only tried when no entry serves the earlier ones. Never traps, whatever the
    /// payload holds.
    /// - Parameters:
    ///   - userInfo: The notification's payload (`UNNotificationContent.userInfo`).
    ///   - preferredLanguages: The app's languages, most preferred first (for example an in-app
    ///     choice, else `Locale.preferredLanguages`). Underscores, any case and Accept-Language
    ///     weights (`en;q=0.8`) are accepted; junk entries are skipped.
    /// - Returns: The chosen entry's text and key, or the `aps.alert` text with a nil `locale`.
    public static func pick(userInfo: [AnyHashable: Any], preferredLanguages: [String]) -> PickedContent {
        let content = LocalizationContent(userInfo: userInfo)
        // A JSON object has no order: sorted keys make the choice between two spellings of one
        // locale (`en-GB`, `en_GB`) deterministic.
        let matcher = LocaleMatcher(available: content.entries.keys.sorted())
        if let tag = matcher.bestMatch(for: preferredLanguages), let text = content.entries[tag] {
            return PickedContent(title: text.title, subtitle: text.subtitle, body: text.body, locale: tag)
        }
        let alert = LocalizationContent.alert(userInfo: userInfo)
        return PickedContent(title: alert.title, subtitle: alert.subtitle, body: alert.body, locale: nil)
    }
}
