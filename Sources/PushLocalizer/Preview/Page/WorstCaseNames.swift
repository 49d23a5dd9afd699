import ICUKit

/// Names that stress a card: a long one in the locale's own script, and one of the other writing
/// direction, so that the preview shows a name that is cut and a name that does not decide the
/// paragraph's direction.
enum WorstCaseNames {
    /// A long personal name in the script `locale` is written in (Latin when not known).
    static func longName(for locale: String) -> String {
        switch script(of: locale) {
        case "Arab": "عبد الرحمن بن عبد العزيز آل الشيخ"
        case "Hebr": "אלכסנדרה בת־שבע רוזנבלום־כהן"
        case "Cyrl": "Александра Константиновна Преображенская"
        case "Grek": "Αλεξάνδρα Κωνσταντινοπούλου-Παπαδημητρίου"
        case "Deva": "अलेक्ज़ेंडर रामचंद्रन कृष्णमूर्ति"
        case "Thai": "อเล็กซานดรา ศรีสุวรรณภูมิ"
        case "Jpan": "長谷川アレクサンドラめぐみ"
        case "Kore": "남궁알렉산드라민서"
        case "Hant": "歐陽司馬慕容上官娜娜"
        case "Hans": "欧阳司马慕容上官娜娜"
        default: "Maximiliana Alexandra von Hohenberg-Castellanos"
        }
    }

    /// A name of the other direction: Arabic in a left-to-right locale, Latin in a right-to-left one.
    static func otherDirectionName(for locale: String) -> String {
        ScriptDirection.isRightToLeft(locale) ? "Alexander Smith" : "محمد عبد الله"
    }

    /// `name` repeated (space-separated) until it is longer than `maxBytes`, so that the render
    /// cuts it there; the name itself when there is no limit.
    static func filling(_ name: String, beyond maxBytes: Int?) -> String {
        guard let maxBytes else { return name }
        var text = name
        while text.utf8.count <= maxBytes { text += " " + name }
        return text
    }

    /// The ISO 15924 script of `locale`'s likely subtags (`Arab` for `ar`, `Hant` for `zh-TW`).
    private static func script(of locale: String) -> String {
        guard let maximized = LocaleTags.maximize(locale) else { return "Latn" }
        let parts = maximized.split(separator: "-").map(String.init)
        return parts.first { $0.count == 4 && $0.first?.isUppercase == true } ?? "Latn"
    }
}
