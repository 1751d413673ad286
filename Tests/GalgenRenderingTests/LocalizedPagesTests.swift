import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
@testable import GalgenRendering
import GalgenSiteModel
import GalgenTestSupport
import Testing

/// Pages in the site's language: the templates' words, the counts and labels formatted with plural rules,
/// and the runtime's messages embedded in the page as safe JSON.
struct LocalizedPagesTests {
    private func renderer(language: String, items: Int = 9, override: String? = nil) throws -> SiteRenderer {
        let fs = MemoryFileSystem()
        if let override {
            try fs.createDirectory(at: "/site/i18n")
            try fs.writeFileAtomically(Data(override.utf8), to: "/site/i18n/\(language).json")
        }
        let config = try ConfigLoader(fileSystem: fs).decode(
            try JSONDocument(data: Data(#"{"pageSize": 4, "language": "\#(language)", "sources": []}"#.utf8), sourceName: "c"),
            path: "/site/config.json")
        let collection = Collection(name: "people", title: "People", items: (0..<items).map { i in
            Item(record: Record(id: "id\(i)", slug: "id\(i)", title: "T\(i)", link: "https://example.com/", origin: "t"), image: nil)
        })
        let messages = try Messages.load(language: language, tables: Theme.builtin.tables, siteDirectory: "/site", fileSystem: fs)
        return try SiteRenderer(config: config, collections: [collection], templates: try TemplateSet(theme: .builtin),
                                assets: try AssetSet(theme: .builtin), messages: messages)
    }

    private func page(_ r: SiteRenderer, _ path: String) throws -> String {
        try #require(r.plan().first { $0.path == path }.map { r.render($0).html }, "no page \(path)")
    }

    @Test func polishPagesUseTheTableAndPluralRules() throws {
        let r = try renderer(language: "pl", items: 22)
        let gallery = try page(r, "people/index.html")
        #expect(gallery.contains(">Przejdź do treści</a>") && gallery.contains("22 elementy · strona 1 z 6"))
        #expect(gallery.contains(#"aria-label="Strony""#) && gallery.contains(">Następna</a>") && gallery.contains(">Utworzono za pomocą galgen.</p>"))
        #expect(gallery.contains("<label for=\"find-input\">Szukaj w People</label>"))
        #expect(gallery.contains("<title>People – strona 1 z 6</title>"))
        let item = try page(r, "people/id2/index.html")
        #expect(item.contains(#"<p class="position">3 z 22 w <a href="../../people/">People</a></p>"#), "\(item)")
        #expect(item.contains(">Otwórz link</a>") && item.contains(#"aria-label="Sąsiednie elementy""#))
        let missing = try page(r, "404.html")
        #expect(missing.contains("<h1>Nie znaleziono strony</h1>") && missing.contains("lub jednej z kolekcji.</p>"))
        for html in [gallery, item, missing] {
            for english in ["Skip to content", ">Next<", "Built with galgen.", "Neighbouring items", "Page not found", "items"] {
                #expect(!html.contains(english), "\(english) left in a Polish page")
            }
        }
    }

    @Test func runtimeMessagesAreEmbeddedSafely() throws {
        let r = try renderer(language: "ar", override: #"{"searchNoMatches": "</script><script>alert(1)</script>"}"#)
        let gallery = try page(r, "people/index.html")
        let open = #"<script type="application/json" id="galgen-messages">"#
        let start = try #require(gallery.range(of: open)).upperBound
        let end = try #require(gallery[start...].range(of: "</script>")).lowerBound
        let json = String(gallery[start..<end])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["searchNoMatches"] as? String == "</script><script>alert(1)</script>")
        #expect((object["searchMatches"] as? [String: String])?.keys.sorted() == ["few", "many", "one", "other", "two", "zero"])
        #expect(object["skipToContent"] == nil, "only the runtime's keys")
        #expect(try page(r, "index.html").contains(open))
    }

    @Test func messagesAreInThePageKeys() throws {
        let english = try renderer(language: "en"), swedish = try renderer(language: "sv")
        let edited = try renderer(language: "sv", override: #"{"builtWith": "Byggd med galgen."}"#)
        for spec in english.plan() {
            let keys = [english.key(for: spec), swedish.key(for: spec), edited.key(for: spec)]
            #expect(Set(keys).count == 3, "\(spec.path): a message change keeps the key")
        }
        #expect(english.fingerprint != swedish.fingerprint && swedish.fingerprint != edited.fingerprint)
    }
}
