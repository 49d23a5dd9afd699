import MessageFormat

/// What a platform's payload holds and where, for one template in one mode: the composer walks it
/// to write (and to plan) every payload of the template. A platform decides the outline
/// (`PayloadShape`); the composer decides nothing about where things go.
///
/// The root is always an object. Content mode's per-locale entries, when the mode has them, come
/// last in the root under `contentKey`: a payload's head (everything before them) is planned once
/// per chain, and the entries are added or dropped one by one after it.
struct PayloadOutline: Sendable {
    /// The root object's members before the content entries.
    let head: [Member]
    /// The root key of the content entries (`"key":`, escaped), or nil when the mode has none.
    let contentKey: [UInt8]?

    /// A member of an object in the outline.
    enum Member: Sendable {
        /// A key (`"key":`, escaped) and its value.
        case keyed([UInt8], Node)
        /// The template's custom `data` entries, each a member here.
        case customData
    }

    /// A value in the outline.
    indirect enum Node: Sendable {
        /// An object with these members, in order.
        case object([Member])
        /// The template's text fields (`{"title":…,"body":…}`), each in the first locale of the
        /// render's chain that translates it; the body may be cut (budget fitting's last step).
        case textFields
        /// The app-side keys of the text fields and their arguments formatted on the server
        /// (`loc-key` mode).
        case localizationKeys
        /// A string formatted from a template setting with the request's arguments, never
        /// bidi-isolated (ids, sounds, categories must stay exact).
        case setting(CompiledMessage)
        /// A value fixed when the catalog loads, as its JSON text.
        case constant([UInt8])
    }

    /// The JSON text of `key` as a member's key (`"key":`).
    static func key(_ key: String) -> [UInt8] {
        JSONWriter.keyText(key)
    }
}
