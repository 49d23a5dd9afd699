import Foundation
import MessageFormat
import Testing

@testable import PushLocalizer

/// The platform seam: a shape decides where each part of the payload goes, and the composer and
/// the planner follow it without knowing any platform's keys. A made-up shape (nothing like APNs)
/// proves it: the expected payloads are written out by hand.
@Suite("Payload shape")
struct PayloadShapeTests {
    /// `{"notification":{…fields…},"data":{…custom data…},"kind":category}`, header `x-kind`.
    struct ToyShape: PayloadShape {
        func outline(of template: CompiledTemplate.Parts, mode: RenderMode) -> PayloadOutline {
            var head: [PayloadOutline.Member] = [
                .keyed(PayloadOutline.key("notification"), mode == .locKey ? .localizationKeys : .textFields),
                .keyed(PayloadOutline.key("data"), .object([.customData])),
            ]
            if let category = template.category { head.append(.keyed(PayloadOutline.key("kind"), .setting(category))) }
            head.append(.keyed(PayloadOutline.key("v"), .constant(Array("2".utf8))))
            return PayloadOutline(
                head: head,
                content: mode == .content ? .member(key: PayloadOutline.key("texts")) : nil
            )
        }

        func defaultBudget(pushType: PushType) -> Int { 1000 }

        func headers(
            of template: CompiledTemplate.Parts,
            pushType: PushType,
            renderTime: () -> Double,
            setting: (CompiledMessage) throws(RenderError) -> String
        ) throws(RenderError) -> [(name: String, value: String)] {
            [("x-kind", template.category.map { (try? setting($0)) ?? "" } ?? "")]
        }

        func fixedHeaders(of template: CompiledTemplate.Parts) -> [(name: String, value: String)]? { nil }

        let reservedRootKeys: Set<String> = ["notification"]
    }

    static let catalog: Catalog? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        return try? Catalog.load(from: root)
    }()

    /// `order_milestone` of the sample catalog, in the toy shape, planned as the catalog plans.
    static func toyTemplate() throws -> CompiledTemplate {
        let catalog = try #require(Self.catalog)
        let apns = try #require(catalog.templates["order_milestone"])
        let toy = CompiledTemplate(
            template: apns.template,
            messages: apns.messages.mapValues(\.all),
            category: apns.category,
            threadID: apns.threadID,
            sound: apns.sound,
            targetContentID: apns.targetContentID,
            collapseID: apns.collapseID,
            data: apns.data,
            sourceLocale: apns.sourceLocale,
            shape: ToyShape()
        )
        return toy.planned(isolation: catalog.settings.bidiIsolation, contentLocales: [])
    }

    static let expected =
        #"{"notification":{"title":"Thank you!","body":"Thanks for your 3rd order! "#
        + #"Here are some favorites picked for you."},"data":{"path":"socialapp://orders"},"kind":"ORDER","v":2}"#

    @Test func composerFollowsTheShape() throws {
        let toy = try Self.toyTemplate()
        let composer = PayloadComposer(
            compiled: toy,
            mode: .resolved,
            chain: ["en"],
            sourceLocale: "en",
            timeZone: nil,
            isolation: .auto
        )
        let payload = try composer.compose([.int(3)]).payload
        #expect(String(decoding: payload, as: UTF8.self) == Self.expected)
    }

    @Test func planWritesTheShapesBytes() throws {
        let toy = try Self.toyTemplate()
        let plan = try #require(toy.plans["en"])
        var payload: [UInt8] = []
        var noCounts: [Int] = []
        try plan.append([.int(3)], timeZone: nil, to: &payload, counting: &noCounts)
        #expect(String(decoding: payload, as: UTF8.self) == Self.expected)
    }

    @Test func contentEntriesGoUnderTheShapesKey() throws {
        let toy = try Self.toyTemplate()
        let composer = PayloadComposer(
            compiled: toy,
            mode: .content,
            chain: ["en"],
            sourceLocale: "en",
            timeZone: nil,
            isolation: .auto
        )
        var layout = PayloadComposer.Layout()
        layout.content = [PayloadComposer.ContentLocale(tag: "en", chain: ["en"])]
        let payload = String(decoding: try composer.compose([.int(1)], layout: layout).payload, as: UTF8.self)
        let fields =
            #"{"title":"Thank you!","body":"Thanks for your 1st order! Here are some favorites picked for you."}"#
        #expect(
            payload == #"{"notification":"# + fields + #","data":{"path":"socialapp://orders"},"kind":"ORDER","v":2,"#
                + #""texts":{"en":"# + fields + "}}"
        )
    }

    @Test func headersAndBudgetComeFromTheShape() throws {
        let toy = try Self.toyTemplate()
        #expect(toy.fixedHeaders == nil)
        let headers = try toy.shape.headers(
            of: toy.parts,
            pushType: .alert,
            renderTime: { 0 },
            setting: { (message) throws(RenderError) in try PayloadComposer.plainString(message, [], timeZone: nil) }
        )
        #expect(headers.map(\.name) == ["x-kind"] && headers.map(\.value) == ["ORDER"])
        #expect(toy.shape.defaultBudget(pushType: .voip) == 1000)
    }

    /// APNs, the shape every render uses today: the budget by push type, the reserved keys.
    @Test func apnsShape() {
        #expect(APNsShape().defaultBudget(pushType: .alert) == 4096)
        #expect(APNsShape().defaultBudget(pushType: .voip) == 5120)
        #expect(APNsShape().reservedRootKeys == ["aps", "localization_content"])
    }
}
