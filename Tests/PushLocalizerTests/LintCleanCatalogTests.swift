import Testing

@testable import PushLocalizer

@Suite("Lint: a clean catalog")
struct LintCleanCatalogTests {
    /// Every feature the rules look at, written correctly: plurals complete per CLDR in each
    /// locale, `=N` next to the categories, select with other, a partial en-GB, French no-break
    /// spaces, `''`, block and single-quoted scalars, apns and data strings, a short collapse-id.
    static let files: [String: String] = [
        "pushloc.yaml": "source-locale: en\nlocale-priority: [fr, ru]\n",
        "Templates/social.yaml": """
        photo_liked:
          args:
            liker: { type: string, truncate: true }
            likes: { type: number }
            photo: { type: string, max-bytes: 20 }
          body: "{likes, plural, offset:1 =1 {{liker} liked your photo} one {{liker} and # other liked it} other {{liker} and # others liked it}}"
          apns:
            thread-id: "photo-{photo}"
            collapse-id: "likes-{photo}"
          data:
            path: "app://photos/{photo}"
        story:
          args:
            who: { type: string, truncate: true }
            gender: { type: string }
            rank: { type: number }
          title: 'It''s your story'
          body: |-
            {gender, select, female {{who} mentioned you, her {rank, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} mention} other {{who} mentioned you}}

        """,
        "Locales/fr.yaml": #"""
        photo_liked:
          body: "{likes, plural, offset:1 =1 {{liker} a aimé votre photo} one {{liker} et # autre personne l’ont aimée} many {{liker} et # d’autres l’ont aimée} other {{liker} et # autres l’ont aimée}}"
        story:
          title: "C’est votre story\u202F!"
          body: "{gender, select, other {{who} vous mentionne ({rank, selectordinal, one {#re} other {#e}} mention)}}"

        """#,
        "Locales/ru.yaml": """
        photo_liked:
          body: "{likes, plural, offset:1 =1 {{liker}: нравится ваше фото} one {{liker} и ещё # человек} few {{liker} и ещё # человека} many {{liker} и ещё # человек} other {{liker} и ещё # человека}}"
        story:
          title: 'Ваша история'
          body: "{gender, select, other {{who} упоминает вас ({rank, selectordinal, other {#-е}} упоминание)}}"

        """,
        "Locales/ja.yaml": """
        photo_liked:
          body: "{likes, plural, offset:1 =1 {{liker}さんが写真にいいねしました} other {{liker}さんと他#人がいいねしました}}"
        story:
          title: "あなたのストーリー"
          body: "{gender, select, other {{who}さんがあなたをメンションしました（{rank, selectordinal, other {#番目}}）}}"

        """,
        "Locales/en-GB.yaml": "story:\n  title: \"It’s your story\"\n",
    ]

    @Test("a catalog with no defect produces no diagnostic")
    func cleanCatalog() throws {
        let report = try LintFixture.lint(Self.files)
        #expect(report.diagnostics.isEmpty, "\(report.listing)")
    }
}
