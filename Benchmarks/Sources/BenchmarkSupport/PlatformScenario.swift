import PushLocalizer

/// Scenario 2's renders for the other platforms: the same cases through `Catalog.render` with
/// `platform` FCM and Web Push, beside the APNs render, for ratios in the same run. FCM is measured
/// twice: as the catalog stands (the template has `apns` settings, so each message carries the APNs
/// payload of the same request: two renders) and with the template's `apns` map taken off (the
/// FCM message alone).
// @unchecked Sendable: a benchmark drives it from one thread at a time.
public final class PlatformScenario: @unchecked Sendable {
    let catalog: Catalog
    let withoutAPNs: Catalog
    let apns: [RenderRequest]
    let fcm: [RenderRequest]
    let webPush: [RenderRequest]

    /// The number of distinct cases the operations rotate through.
    public var caseCount: Int { apns.count }

    public init() throws {
        catalog = try Catalog.load(from: Fixtures.likesCatalog)
        var source = catalog.source
        for index in source.templates.indices {
            source.templates[index].apns = APNsSettings()
            source.templates[index].hasAPNsSettings = false
        }
        withoutAPNs = try Catalog(source: source)
        apns = Fixtures.cases.map {
            RenderRequest(
                key: Fixtures.likesKey,
                locales: [$0.locale],
                arguments: ["name": .string($0.name), "count": .number(String($0.count))]
            )
        }
        fcm = apns.map { request in
            var request = request
            request.platform = .fcm
            return request
        }
        webPush = apns.map { request in
            var request = request
            request.platform = .webpush
            return request
        }
        // Every platform's template set is compiled on its first request: not in the measured loops.
        _ = try render(.apns, 0)
        _ = try render(.fcm, 0)
        _ = try render(.webpush, 0)
        _ = try renderFCMAlone(0)
    }

    /// Renders case `index` for `platform`; returns the payload's byte count.
    @inline(__always)
    public func render(_ platform: Platform, _ index: Int) throws(RenderError) -> Int {
        switch platform {
        case .apns: try catalog.render(apns[index]).payload.count
        case .fcm: try catalog.render(fcm[index]).payload.count
        case .webpush: try catalog.render(webPush[index]).payload.count
        }
    }

    /// Renders case `index` as an FCM message of the template without `apns` settings.
    @inline(__always)
    public func renderFCMAlone(_ index: Int) throws(RenderError) -> Int {
        try withoutAPNs.render(fcm[index]).payload.count
    }
}
