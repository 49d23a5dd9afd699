import MessageFormat

/// What a platform's payload holds and where, for one template in one mode: the composer walks it
/// to write (and to plan) every payload of the template. A platform decides the outline
/// (`PayloadShape`); the composer decides nothing about where things go.
///
/// The root is always an object. Content mode's per-locale entries, when the mode has them, come
/// last: a payload's head (everything before them) is planned once per chain, and the entries are
/// added or dropped one by one after it. They are a member of the root (APNs), of an object that
/// is the root's last member (Web Push's `data`), or the root itself (the document FCM carries
/// as a string).
struct PayloadOutline: Sendable {
    /// The root object's members before the content entries.
    let head: [Member]
    /// Where content mode's entries go; nil when the mode has none.
    let content: ContentPlacement?

    /// Where the content entries object is written.
    enum ContentPlacement: Sendable {
        /// The entries object is the whole payload (the head is then empty).
        case root
        /// A member of the root with this key (`"key":`, escaped), after the head.
        case member(key: [UInt8])
        /// A member with key `key` of an object that is the root's last member, under
        /// `parentKey`, after that object's `members`.
        case nested(parentKey: [UInt8], members: [Member], key: [UInt8])
    }

    init(head: [Member], content: ContentPlacement? = nil) {
        self.head = head
        self.content = content
    }

    /// How many bytes close the payload after the last content entry: the entries object's brace
    /// and every enclosing object's.
    var contentClosing: Int {
        switch content {
        case nil, .member?: 2
        case .root?: 1
        case .nested?: 3
        }
    }

    /// A member of an object in the outline.
    enum Member: Sendable {
        /// A key (`"key":`, escaped) and its value.
        case keyed([UInt8], Node)
        /// The template's custom `data` entries, each a member here.
        case customData
        /// One text field (`"key":` and its text) in the first locale of the render's chain that
        /// translates it; nothing when the template has no such field. The body may be cut
        /// (budget fitting's last step).
        case textField(MessageField, key: [UInt8])
        /// The negotiated locale's tag as a string value under `key`.
        case negotiatedLocale(key: [UInt8])
        /// `loc-key` mode's formatted arguments of every field, as string values without keys
        /// (a platform's counted text: see `FCMShape`).
        case localizationArgumentValues
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
