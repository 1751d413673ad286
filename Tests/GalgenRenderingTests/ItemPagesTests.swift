import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenRendering
import GalgenSiteModel
import Testing

/// The config's `itemPages`: with `"none"` no item page is planned, cells link to their own id and
/// the manifest tells the runtime; with `"all"` (the default) nothing changes.
struct ItemPagesTests {
    private func renderer(items: Int, itemPages: String? = nil) throws -> SiteRenderer {
        var members = [#""pageSize": 4"#, #""baseURL": "https://ex.org/""#, #""sources": []"#]
        if let itemPages { members.append(#""itemPages": "\#(itemPages)""#) }
        let config = try ConfigLoader(fileSystem: LocalFileSystem()).decode(
            try JSONDocument(data: Data(("{" + members.joined(separator: ", ") + "}").utf8), sourceName: "c"),
            path: "/site/config.json")
        let image = ItemImage(variants: [ImageVariant(path: "img/a-160.jpg", width: 160, height: 120)], facts: ImageFacts(width: 160, height: 120, averageColor: "#123456"))
        let collection = Collection(name: "people", title: "People", items: (0..<items).map { i in
            Item(record: Record(id: "id\(i)", slug: "id\(i)", title: "Item \(i)", subtitle: nil, link: nil, origin: "t"), image: image)
        })
        return try SiteRenderer(config: config, collections: [collection],
                                templates: try TemplateSet(theme: .builtin), assets: try AssetSet(theme: .builtin))
    }

    private func page(_ r: SiteRenderer, _ path: String) throws -> String {
        r.render(try #require(r.plan().first { $0.path == path })).html
    }

    private func manifest(_ r: SiteRenderer) throws -> String {
        let path = try #require(r.data.manifests[0])
        return String(decoding: try #require(r.data.files.first { $0.path == path }).data, as: UTF8.self)
    }

    private func locations(_ xml: String) -> [String] {
        xml.components(separatedBy: "<loc>").dropFirst().compactMap { $0.components(separatedBy: "</loc>").first }
    }

    @Test func noneSkipsItemPagesAndLinksCellsToTheirOwnIds() throws {
        let r = try renderer(items: 9, itemPages: "none")
        #expect(r.plan().map(\.path) == ["404.html", "index.html", "people/index.html", "people/page/2/index.html", "people/page/3/index.html"])
        let second = try page(r, "people/page/2/index.html")
        for i in 4..<8 {
            #expect(second.contains(#"<li class="cell" id="item-id\#(i)" data-key="id\#(i)""#))
            #expect(second.contains(##"<a href="#item-id\##(i)">"##))
        }
        #expect(!second.contains("people/id"))
        #expect(try manifest(r).hasSuffix(#","itemPages":false}"#))
    }

    @Test func noneSitemapListsNoItemPages() throws {
        let r = try renderer(items: 9, itemPages: "none")
        let files = r.crawlerFiles(for: r.plan())
        let xml = String(decoding: try #require(files.first { $0.path == "sitemap.xml" }).data, as: UTF8.self)
        #expect(locations(xml) == ["", "people/", "people/page/2/", "people/page/3/"].map { "https://ex.org/" + $0 })
        // The control: with item pages, the same site's sitemap lists all nine.
        let all = try renderer(items: 9)
        let allXML = String(decoding: try #require(all.crawlerFiles(for: all.plan()).first { $0.path == "sitemap.xml" }).data, as: UTF8.self)
        #expect(locations(allXML).filter { $0.contains("/id") }.count == 9)
    }

    @Test func allIsTheDefaultAndChangesNothing() throws {
        let implicit = try renderer(items: 9), explicit = try renderer(items: 9, itemPages: "all")
        #expect(implicit.plan() == explicit.plan())
        #expect(implicit.plan().filter { $0.path.hasPrefix("people/id") }.count == 9)
        for spec in implicit.plan() { #expect(implicit.render(spec).html == explicit.render(spec).html, "\(spec.path)") }
        #expect(implicit.data.files.map(\.data) == explicit.data.files.map(\.data))
        let second = try page(implicit, "people/page/2/index.html")
        #expect(second.contains(#"<a href="../../../people/id4/">"#) && !second.contains(##"href="#item-"##))
        let text = try manifest(implicit)
        #expect(!text.contains("itemPages") && text.hasSuffix(#""searchCollection":0}"#))
    }
}
