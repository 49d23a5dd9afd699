/// A template with every message compiled for every locale that translates it. A class, so that
/// the renderer passes one reference around instead of copying (and retaining) every field.
final class CompiledTemplate: Sendable {
    let template: Template
    /// Messages by locale tag (the source locale included) and field.
    let messages: [String: LocaleMessages]
    /// `apns` strings that may use `{args}`, compiled in the source locale.
    let category: CompiledMessage?
    let threadID: CompiledMessage?
    let sound: CompiledMessage?
    let targetContentID: CompiledMessage?
    let collapseID: CompiledMessage?
    /// Custom payload keys.
    let data: [CompiledDataEntry]
    /// The fields the template has (those its source locale defines), in payload order.
    let fields: [MessageField]
    /// What binding needs of each declared argument, in declaration order (a declaration's
    /// source location stays out of the loop).
    struct Binding: Sendable {
        let name: String
        let type: ArgumentType
        let truncate: Bool
        let maxBytes: Int?
    }

    let bindings: [Binding]
    /// Slots of the arguments the fitter may cut (declared `truncate` and text), in declaration order.
    let truncatableSlots: [Int]
    /// The arguments that are never cut.
    let pinnedNames: Set<String>
    /// Each declared argument's slot (its declaration index): where its value is in the array
    /// every message of the template formats from.
    private let slots: [String: Int]
    /// `loc-key` mode: each field's arguments, in the order the source message first uses them.
    let locArgumentNames: [MessageField: [String]]
    /// `resolved` payload plans by locale: for the source locale and every locale that translates
    /// every field (empty until `planned` adds them).
    let plans: StringTable<PayloadPlan>
    /// `content` entry plans by the content locale's ordinal (`ContentLocale.ordinal`): the
    /// object of each catalog locale written along the catalog's chain for its tag; empty until
    /// `planned` adds them.
    let contentPlans: [PayloadPlan?]
    /// Whether `contentPlans` holds a plan for every content locale.
    let plansEveryContentEntry: Bool
    /// `content` payload heads (everything before `localization_content`) by negotiated tag, for
    /// the catalog's chain of that tag.
    let contentHeadPlans: StringTable<ContentHeadPlan>
    /// FCM `resolved` messages planned by locale, for the locales `plans` has (empty for the
    /// other shapes, and until `planned` adds them): see `FCMMessage.plan`.
    let messagePlans: StringTable<FCMMessage.Plan>

    /// A `content` payload head planned for one chain.
    struct ContentHeadPlan: Sendable {
        let chain: [String]
        let plan: PayloadPlan
    }

    init(
        template: Template,
        messages: [String: [MessageField: CompiledMessage]],
        category: CompiledMessage?,
        threadID: CompiledMessage?,
        sound: CompiledMessage?,
        targetContentID: CompiledMessage?,
        collapseID: CompiledMessage?,
        data: [CompiledDataEntry],
        sourceLocale: String,
        rightToLeftLocales: Set<String> = [],
        plans: [String: PayloadPlan] = [:],
        contentPlans: [PayloadPlan?] = [],
        contentHeadPlans: [String: ContentHeadPlan] = [:],
        messagePlans: [String: FCMMessage.Plan] = [:],
        platformSettings: PlatformSettingMessages = PlatformSettingMessages(),
        shape: any PayloadShape = APNsShape()
    ) {
        self.messagePlans = StringTable(messagePlans.map { (key: $0.key, value: $0.value) })
        self.contentHeadPlans = StringTable(contentHeadPlans.map { (key: $0.key, value: $0.value) })
        self.plans = StringTable(plans.map { (key: $0.key, value: $0.value) })
        self.contentPlans = contentPlans
        plansEveryContentEntry = !contentPlans.isEmpty && contentPlans.allSatisfy { $0 != nil }
        self.template = template
        var compiledMessages: [String: LocaleMessages] = [:]
        for (locale, fields) in messages {
            compiledMessages[locale] = LocaleMessages(fields, rightToLeft: rightToLeftLocales.contains(locale))
        }
        self.messages = compiledMessages
        self.sourceLocale = sourceLocale
        var all = messages.values.flatMap(\.values)
        all += [category, threadID, sound, targetContentID, collapseID].compactMap { $0 }
        all += platformSettings.all
        all += data.flatMap(\.value.messages)
        truncatableArePlain = ArgumentUses.plainOnly(
            Set(template.arguments.filter(\.truncate).map(\.name)),
            in: all.map(\.syntax)
        )
        formatsTypeSafely = ArgumentUses.typeSafe(
            all.map(\.syntax),
            declared: Dictionary(template.arguments.map { ($0.name, $0.type) }) { first, _ in first }
        )
        let parts = Parts(
            template: template,
            category: category,
            threadID: threadID,
            sound: sound,
            targetContentID: targetContentID,
            collapseID: collapseID,
            platforms: platformSettings
        )
        self.parts = parts
        androidNotification = platformSettings.androidNotification
        self.shape = shape
        countsJSON = shape.countsJSON
        takesTemplateBudget = shape.takesTemplateBudget
        defaultBudget = shape.defaultBudget(pushType: template.apns.pushType)
        fixedHeaders = shape.fixedHeaders(of: parts)
        resolvedOutline = shape.outline(of: parts, mode: .resolved)
        contentOutline = shape.outline(of: parts, mode: .content)
        locKeyOutline = shape.outline(of: parts, mode: .locKey)
        self.category = category
        self.threadID = threadID
        self.sound = sound
        self.targetContentID = targetContentID
        self.collapseID = collapseID
        self.data = data
        self.fields = MessageField.allCases.filter { template.messages[$0] != nil }
        self.bindings = template.arguments.map {
            Binding(name: $0.name, type: $0.type, truncate: $0.truncate, maxBytes: $0.maxBytes)
        }
        self.truncatableSlots = template.arguments.indices.filter {
            template.arguments[$0].truncate && template.arguments[$0].type == .string
        }
        self.pinnedNames = Set(template.arguments.filter { !$0.truncate }.map(\.name))
        var slots: [String: Int] = [:]
        for (slot, argument) in template.arguments.enumerated() where slots[argument.name] == nil {
            slots[argument.name] = slot
        }
        self.slots = slots
        self.locArgumentNames = (messages[sourceLocale] ?? [:]).mapValues { $0.syntax.argumentUsages.map(\.name) }
    }

    /// The planned entry of a content locale that follows the catalog's chain for its tag.
    func contentPlan(_ locale: PayloadComposer.ContentLocale) -> PayloadPlan? {
        contentPlan(ordinal: locale.ordinal)
    }

    /// The plan of the content entry with `ordinal` (see `contentPlan(_:)`).
    @inline(__always)
    func contentPlan(ordinal: Int?) -> PayloadPlan? {
        guard let ordinal, contentPlans.indices.contains(ordinal) else { return nil }
        return contentPlans[ordinal]
    }

    /// The slot of a declared argument. A template declares a handful of arguments: comparing
    /// their names (short strings compare as two words) is cheaper than hashing one.
    func slot(of name: String) -> Int? {
        guard bindings.count <= 8 else { return slots[name] }
        // The first declaration of a name, as `slots` holds it.
        for (slot, binding) in bindings.enumerated() where binding.name == name { return slot }
        return nil
    }

    /// The catalog's source locale.
    let sourceLocale: String
    /// Whether every truncatable argument appears only as plain `{name}` in every message (see
    /// `ArgumentUses.plainOnly`), so that fitting may measure the payload with them empty.
    let truncatableArePlain: Bool
    /// Whether every message formats whatever bound values it gets (see `ArgumentUses.typeSafe`).
    let formatsTypeSafely: Bool
    /// The template and its compiled settings: what a payload shape reads.
    struct Parts: Sendable {
        let template: Template
        let category: CompiledMessage?
        let threadID: CompiledMessage?
        let sound: CompiledMessage?
        let targetContentID: CompiledMessage?
        let collapseID: CompiledMessage?
        /// The `fcm` and `webpush` strings.
        let platforms: PlatformSettingMessages
    }

    let parts: Parts
    /// The `fcm` strings of FCM's `android.notification`, with their keys (worked out once).
    let androidNotification: [(key: StaticString, message: CompiledMessage)]
    /// The platform's payload shape (see `PayloadShape`).
    let shape: any PayloadShape
    /// The shape's `countsJSON` and `takesTemplateBudget`, read once: reading the shape through
    /// its existential on each render copies it (and retains what it holds).
    let countsJSON: Bool
    let takesTemplateBudget: Bool
    /// The shape's default budget for the template's own push type, read once as well.
    let defaultBudget: Int
    /// The headers for the template's own push type when none depends on the render.
    let fixedHeaders: [(name: String, value: String)]?
    private let resolvedOutline: PayloadOutline
    private let contentOutline: PayloadOutline
    private let locKeyOutline: PayloadOutline

    /// The payload's outline in `mode`, as the shape made it when the catalog loaded.
    func outline(_ mode: RenderMode) -> PayloadOutline {
        switch mode {
        case .resolved: resolvedOutline
        case .content, .data: contentOutline
        case .locKey: locKeyOutline
        }
    }

    /// This template with a `resolved` payload plan for every locale that translates every
    /// field, and a `content` entry plan for every optional content locale, made by composing
    /// this template in planning mode.
    /// - Parameters:
    ///   - isolation: the catalog's bidi isolation setting.
    ///   - contentLocales: the catalog's content locales in ordinal order, with their chains.
    func planned(isolation: BidiIsolation, contentLocales: [PayloadComposer.ContentLocale]) -> CompiledTemplate {
        let plansContent = shape.outline(of: parts, mode: .content).content != nil
        var plans: [String: PayloadPlan] = [:]
        for (locale, localeMessages) in messages where fields.allSatisfy({ localeMessages[$0] != nil }) {
            let composer = PayloadComposer(
                compiled: self,
                mode: .resolved,
                chain: [locale],
                sourceLocale: sourceLocale,
                timeZone: nil,
                isolation: isolation
            )
            plans[locale] = composer.plan()
        }
        // A shape whose budget counts text has its message written around that text (FCM's):
        // that message is planned too.
        var messagePlans: [String: FCMMessage.Plan] = [:]
        if !countsJSON {
            for locale in plans.keys {
                messagePlans[locale] = FCMMessage.plan(self, locale: locale, isolation: isolation)
            }
        }
        var contentPlans = [PayloadPlan?](repeating: nil, count: contentLocales.count)
        let composer = PayloadComposer(
            compiled: self,
            mode: .content,
            chain: [sourceLocale],
            sourceLocale: sourceLocale,
            timeZone: nil,
            isolation: isolation
        )
        var contentHeadPlans: [String: ContentHeadPlan] = [:]
        for locale in contentLocales where plansContent {
            if let ordinal = locale.ordinal, contentPlans.indices.contains(ordinal) {
                contentPlans[ordinal] = composer.contentObjectPlan(locale)
            }
            let head = PayloadComposer(
                compiled: self,
                mode: .content,
                chain: locale.chain,
                sourceLocale: sourceLocale,
                timeZone: nil,
                isolation: isolation
            )
            contentHeadPlans[locale.tag] = head.contentHeadPlan().map { ContentHeadPlan(chain: locale.chain, plan: $0) }
        }
        return copy(
            shape: shape,
            plans: plans,
            contentPlans: contentPlans,
            contentHeadPlans: contentHeadPlans,
            messagePlans: messagePlans
        )
    }

    /// This template for another platform's payload shape, without plans (`planned` makes them).
    func reshaped(_ shape: any PayloadShape) -> CompiledTemplate {
        copy(shape: shape)
    }

    /// This template's messages and settings with `shape` and these plans.
    private func copy(
        shape: any PayloadShape,
        plans: [String: PayloadPlan] = [:],
        contentPlans: [PayloadPlan?] = [],
        contentHeadPlans: [String: ContentHeadPlan] = [:],
        messagePlans: [String: FCMMessage.Plan] = [:]
    ) -> CompiledTemplate {
        CompiledTemplate(
            template: template,
            messages: messages.mapValues(\.all),
            category: category,
            threadID: threadID,
            sound: sound,
            targetContentID: targetContentID,
            collapseID: collapseID,
            data: data,
            sourceLocale: sourceLocale,
            rightToLeftLocales: Set(messages.filter(\.value.rightToLeft).keys),
            plans: plans,
            contentPlans: contentPlans,
            contentHeadPlans: contentHeadPlans,
            messagePlans: messagePlans,
            platformSettings: parts.platforms,
            shape: shape
        )
    }

    /// The first locale of `chain` that translates `field`, its message, and whether that
    /// locale writes right to left.
    func message(
        for field: MessageField,
        along chain: [String]
    ) -> (locale: String, message: CompiledMessage, rightToLeft: Bool)? {
        for locale in chain {
            if let messages = messages[locale], let message = messages[field] {
                return (locale, message, messages.rightToLeft)
            }
        }
        return nil
    }
}

/// A compiled custom `data` value.
indirect enum CompiledValue: Sendable {
    case string(CompiledMessage)
    case literal(JSONValue)
    case array([CompiledValue])
    case object([CompiledDataEntry])
}

extension CompiledValue {
    /// The messages in this value.
    var messages: [CompiledMessage] {
        switch self {
        case .string(let message): [message]
        case .literal: []
        case .array(let items): items.flatMap(\.messages)
        case .object(let entries): entries.flatMap(\.value.messages)
        }
    }
}

/// A compiled custom `data` key.
struct CompiledDataEntry: Sendable {
    let key: String
    let value: CompiledValue
}

/// One locale's compiled messages, a field each (looked up without hashing the field).
struct LocaleMessages: Sendable {
    var title: CompiledMessage?
    var subtitle: CompiledMessage?
    var body: CompiledMessage?
    /// Whether the locale writes right to left (its text arguments may be bidi-isolated).
    var rightToLeft: Bool

    init(_ messages: [MessageField: CompiledMessage], rightToLeft: Bool) {
        title = messages[.title]
        subtitle = messages[.subtitle]
        body = messages[.body]
        self.rightToLeft = rightToLeft
    }

    /// The messages by field.
    var all: [MessageField: CompiledMessage] {
        var all: [MessageField: CompiledMessage] = [:]
        for field in MessageField.allCases { all[field] = self[field] }
        return all
    }

    subscript(field: MessageField) -> CompiledMessage? {
        switch field {
        case .title: title
        case .subtitle: subtitle
        case .body: body
        }
    }
}
