import MessageFormat

/// A push platform's payload shape: the seam where platforms differ. The planner, the writer and
/// the fitter are the same for every platform; a shape says what they cannot know.
///
/// - The outline: what the payload holds and where (`PayloadOutline`), per template and mode,
///   decided when the catalog loads.
/// - The budget a payload is fitted to when the request and the template name none.
/// - The headers that go with a payload, and which of them are the same for every render.
/// - The root keys a request's own `data` may not use (the shape writes them).
///
/// APNs is the one shape today (`APNsShape`). Another platform is one more conforming type and its
/// tests; its outline may put the text fields and the custom data anywhere, under any keys.
protocol PayloadShape: Sendable {
    /// The outline of `template`'s payload in `mode`.
    func outline(of template: CompiledTemplate.Parts, mode: RenderMode) -> PayloadOutline

    /// The budget in bytes when neither the request nor the template sets one.
    func defaultBudget(pushType: PushType) -> Int

    /// The headers of a render, in the order they are sent.
    /// - Parameters:
    ///   - renderTime: seconds since 1970 (for headers relative to now), read only when needed.
    ///   - setting: formats one of the template's settings with the request's arguments.
    /// - Throws: `RenderError` when a header's value is not allowed.
    func headers(
        of template: CompiledTemplate.Parts,
        pushType: PushType,
        renderTime: () -> Double,
        setting: (CompiledMessage) throws(RenderError) -> String
    ) throws(RenderError) -> [(name: String, value: String)]

    /// The headers of every render of `template` with its own push type, when none depends on the
    /// render; nil when one does.
    func fixedHeaders(of template: CompiledTemplate.Parts) -> [(name: String, value: String)]?

    /// Root keys of the payload that a request's `data` may not set.
    var reservedRootKeys: Set<String> { get }

    /// How the budget counts: every byte of the payload's JSON (true), or only the plain UTF-8 of
    /// the strings its outline writes (false: the outline is then written as counted text, see
    /// `JSONWriter.writesText`, and the platform writes its message from that text).
    var countsJSON: Bool { get }

    /// Where a request's own `data` is merged: nil, at the end of the payload's root object; true,
    /// at the end of the root's last member, a `data` object the outline writes; false, in a `data`
    /// object added as the root's last member.
    func requestDataObject(of template: CompiledTemplate.Parts, mode: RenderMode) -> Bool?

    /// Whether a template's own `budget` applies (it is an APNs budget: other platforms count
    /// differently, and keep their own default).
    var takesTemplateBudget: Bool { get }
}

extension PayloadShape {
    var countsJSON: Bool { true }
    func requestDataObject(of template: CompiledTemplate.Parts, mode: RenderMode) -> Bool? { nil }
    var takesTemplateBudget: Bool { false }
}
