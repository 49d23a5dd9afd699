/// A request's per-user `badge` and `data`: pinned values, merged into the payload the template
/// renders. The template is rendered and fitted within the budget less the bytes they add (so
/// every fitting step works as without them, and never trims them), then they are written in:
/// `aps.badge` (replacing the template's badge), and the `data` keys at the end of the top-level
/// object. The report counts the whole payload against the request's whole budget.
extension Catalog {
    /// `render` of a request with a `badge` or `data`.
    func renderPinning(_ request: RenderRequest) throws(RenderError) -> RenderedNotification {
        let shape = try RenderShape(self, request: request)
        let compiled = shape.compiled
        let pinned = try PinnedValues(
            request,
            templateBadge: compiled.template.apns.badge,
            dataKeys: compiled.data.map(\.key),
            reservedKeys: compiled.shape.reservedRootKeys,
            dataObject: compiled.shape.requestDataObject(of: compiled.parts, mode: request.mode)
        )
        let budget = shape.budget
        let innerBudget = budget - pinned.addedBytes
        guard innerBudget > 0 else {
            throw RenderError(
                RenderError.Code.payloadTooLarge,
                "the request's badge and data add \(pinned.addedBytes) bytes, which leaves nothing of the "
                    + "\(budget)-byte budget for the notification"
            )
        }
        let inner = try RenderShape(
            compiled: compiled,
            mode: request.mode,
            budget: innerBudget,
            pushType: request.pushType,
            overflow: request.overflow
        )
        var notification: RenderedNotification
        do {
            notification = try render(request, shape: inner)
        } catch  where error.code == RenderError.Code.payloadTooLarge {
            throw RenderError(
                error.code,
                error.message + " (the request's badge and data take \(pinned.addedBytes) of the \(budget) bytes)"
            )
        }
        notification.payload = try pinned.merge(into: notification.payload)
        notification.report.bytes = notification.payload.count
        notification.report.budget = budget
        return notification
    }
}

/// The bytes a request's `badge` and `data` add to a payload, checked and written once.
struct PinnedValues {
    /// `"badge":n` (without a separator), when the request sets a badge.
    let badge: [UInt8]?
    /// The template's own `,"badge":n`, which `badge` replaces, when it has one.
    let templateBadge: [UInt8]?
    /// `,"key":value` for each `data` key, in order.
    let data: [UInt8]
    /// Where `data` goes: nil, the payload's root (APNs); else into the root's last member, the
    /// `data` object, which the payload has (true) or which is added for them (false).
    let dataObject: Bool?

    /// Checks `request`'s badge and data against the template (its badge and `data` keys) and
    /// the root keys the payload's shape writes itself.
    init(
        _ request: RenderRequest,
        templateBadge: Int?,
        dataKeys: [String],
        reservedKeys: Set<String>,
        dataObject: Bool? = nil
    ) throws(RenderError) {
        self.dataObject = dataObject
        if let count = request.badge {
            guard count >= 0, count <= RenderRequest.maximumBadge else {
                throw RenderError(
                    RenderError.Code.invalidRequest,
                    "badge must be a whole number from 0 to \(RenderRequest.maximumBadge), got \(count)"
                )
            }
            var text = Array(#""badge":"#.utf8)
            JSONWriter.appendInteger(Int64(count), to: &text)
            badge = text
            self.templateBadge = templateBadge.map { (own: Int) -> [UInt8] in
                var text = Array(#","badge":"#.utf8)
                JSONWriter.appendInteger(Int64(own), to: &text)
                return text
            }
        } else {
            badge = nil
            self.templateBadge = nil
        }
        let entries = try Self.checkedData(
            request.data,
            refusing: { key in
                reservedKeys.contains(key) ? "is reserved for the notification" : nil
            },
            templateKeys: dataKeys,
            template: "the template '\(request.key)'"
        )
        var writer = JSONWriter(reservingCapacity: 256)
        writer.beginObject()
        for (key, value) in entries {
            writer.key(key)
            writer.value(value)
        }
        writer.endObject()
        // `{"k":v,…}` without its braces, after a comma.
        data = entries.isEmpty ? [] : [UInt8(ascii: ",")] + writer.bytes.dropFirst().dropLast()
    }

    /// A request's `data` checked, every platform alike: the last value of a repeated key, at the
    /// place of its first; a key `refusing` gives a reason for, or one of the template's own data
    /// keys, is `invalid-request`.
    /// - Parameters:
    ///   - refusing: why a key may not be used (nil: it may).
    ///   - template: how the message names the template.
    static func checkedData(
        _ data: [(key: String, value: JSONValue)],
        refusing: (String) -> String?,
        templateKeys: [String],
        template: String
    ) throws(RenderError) -> [(key: String, value: JSONValue)] {
        var values: [String: JSONValue] = [:]
        var order: [String] = []
        for (key, value) in data {
            if let reason = refusing(key) {
                throw RenderError(RenderError.Code.invalidRequest, "data key '\(key)' \(reason)")
            }
            if templateKeys.contains(key) {
                throw RenderError(RenderError.Code.invalidRequest, "data key '\(key)' is already set by \(template)")
            }
            if values.updateValue(value, forKey: key) == nil { order.append(key) }
        }
        return order.map { (key: $0, value: values[$0] ?? .null) }
    }

    /// What merging adds to a payload's length (negative when a shorter badge replaces the
    /// template's).
    var addedBytes: Int {
        let badgeBytes = badge.map { $0.count + 1 - (templateBadge?.count ?? 0) } ?? 0
        // `,"data":{` and `}` around the members (whose first comma then goes).
        let wrapper = dataObject == false && !data.isEmpty ? Self.dataOpening.count : 0
        return badgeBytes + data.count + wrapper
    }

    private static let dataOpening = Array(#","data":{}"#.utf8)

    private static let head = APNsShape.payloadStart

    /// `payload` (as the template renders it: `{"aps":{…},…}`) with the badge and data written in.
    func merge(into payload: [UInt8]) throws(RenderError) -> [UInt8] {
        if let dataObject { return mergeData(into: payload, hasDataObject: dataObject) }
        guard payload.starts(with: Self.head), payload.last == UInt8(ascii: "}") else {
            throw RenderError(RenderError.Code.formatFailed, "the payload does not start with an aps object")
        }
        var merged: [UInt8] = []
        merged.reserveCapacity(payload.count + addedBytes)
        var rest = payload[...]
        if let badge {
            merged += Self.head
            rest = rest.dropFirst(Self.head.count)
            merged += badge
            merged.append(UInt8(ascii: ","))
            if let templateBadge {
                // A `"` not after a backslash is outside every string, and no key before the
                // template's badge is "badge" (the alert's keys are fixed): the first match is it.
                guard let found = Self.firstRange(of: templateBadge, in: rest) else {
                    throw RenderError(RenderError.Code.formatFailed, "the template's badge is not in its payload")
                }
                merged += rest[..<found.lowerBound]
                rest = rest[found.upperBound...]
            }
        }
        merged += rest.dropLast()
        merged += data
        merged.append(UInt8(ascii: "}"))
        return merged
    }

    /// `payload` with the data members written at the end of its `data` object, the root's last
    /// member (added when `hasDataObject` is false).
    private func mergeData(into payload: [UInt8], hasDataObject: Bool) -> [UInt8] {
        guard !data.isEmpty, payload.count >= 2 else { return payload }
        var merged: [UInt8] = []
        merged.reserveCapacity(payload.count + addedBytes)
        if hasDataObject {
            merged += payload.dropLast(2)
            // An empty data object takes the members without their first comma.
            merged += merged.last == UInt8(ascii: "{") ? data.dropFirst() : data[...]
            merged += payload.suffix(2)
        } else {
            merged += payload.dropLast()
            merged += Self.dataOpening.dropLast()
            merged += data.dropFirst()
            merged.append(UInt8(ascii: "}"))
            merged += payload.suffix(1)
        }
        return merged
    }

    private static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        var start = haystack.startIndex
        while start + needle.count <= haystack.endIndex {
            if haystack[start] == needle[0], haystack[start..<start + needle.count].elementsEqual(needle) {
                // Not a prefix of a longer number (`,"badge":12` when looking for `…:1`).
                let end = start + needle.count
                if end == haystack.endIndex || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(haystack[end]) {
                    return start..<end
                }
            }
            start += 1
        }
        return nil
    }
}
