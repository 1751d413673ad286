import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenRendering
import GalgenSiteModel
import GalgenTestSupport
import Testing

/// `<html dir>` of every page follows the site's language (ICU's writing direction); record text keeps
/// its own direction (`dir="auto"`, `<bdi>`).
struct TextDirectionRenderingTests {
    private func renderer(language: String) throws -> SiteRenderer {
        let config = try ConfigLoader(fileSystem: LocalFileSystem()).decode(
            try JSONDocument(data: Data(#"{"pageSize": 2, "language": "\#(language)", "sources": []}"#.utf8), sourceName: "c"),
            path: "/site/config.json")
        let image = ItemImage(variants: [ImageVariant(path: "img/a-160.jpg", width: 160, height: 120)], facts: ImageFacts(width: 160, height: 120, averageColor: "#123456"))
        let titles = ["مرحبا بالعالم", "Hello world", "שלום עולם"]
        let items = titles.enumerated().map { i, title in
            Item(record: Record(id: "id\(i)", slug: "id\(i)", title: title, subtitle: "Sub \(i)", origin: "t"), image: image)
        }
        return try SiteRenderer(config: config, collections: [Collection(name: "people", title: "الناس", items: items)],
                                templates: try TemplateSet(theme: .builtin), assets: try AssetSet(theme: .builtin))
    }

    private func pages(_ language: String) throws -> [(path: String, html: String)] {
        let r = try renderer(language: language)
        return r.plan().map { ($0.path, r.render($0).html) }
    }

    @Test(arguments: [("ar", "rtl"), ("he", "rtl"), ("ar-EG", "rtl"), ("fa", "rtl"), ("en", "ltr"), ("sv", "ltr"), ("ja", "ltr")])
    func everyPageSaysTheLanguagesDirection(_ language: String, _ dir: String) throws {
        let pages = try pages(language)
        #expect(pages.contains { $0.path == "people/index.html" } && pages.contains { $0.path == "404.html" })
        for page in pages {
            #expect(page.html.contains(#"<html lang="\#(language)" dir="\#(dir)">"#), "\(page.path)")
        }
    }

    @Test func recordTextStaysIsolatedInARightToLeftSite() throws {
        let pages = try pages("ar")
        let gallery = try #require(pages.first { $0.path == "people/index.html" }).html
        #expect(gallery.contains(#"<span class="title" dir="auto">Hello world</span>"#))
        #expect(gallery.contains(#"<span class="title" dir="auto">مرحبا بالعالم</span>"#))
        let item = try #require(pages.first { $0.path == "people/id1/index.html" }).html
        #expect(item.contains("<bdi>مرحبا بالعالم</bdi>") && item.contains("<bdi>שלום עולם</bdi>"))
    }
}
