import Foundation
import GalgenConfig
import GalgenCore
import GalgenRecords
import GalgenRendering
import GalgenSiteModel
import GalgenTestSupport
import Testing

/// Album cards and home cards load their first covers as gallery cells do: the first `eagerImages`
/// at once, the first cover with `fetchpriority="high"`, the rest lazily.
struct CoverLoadingTests {
    private func renderer(albums: Int, plain: Int) throws -> SiteRenderer {
        let fs = LocalFileSystem()
        let config = try ConfigLoader(fileSystem: fs).decode(
            try JSONDocument(data: Data(#"{"pageSize": 10, "eagerImages": 2, "sources": []}"#.utf8), sourceName: "c"),
            path: "/site/config.json")
        let image = ItemImage(variants: [ImageVariant(path: "img/a-160.jpg", width: 160, height: 120),
                                         ImageVariant(path: "img/a-320.jpg", width: 320, height: 240)], facts: ImageFacts(width: 320, height: 240, averageColor: "#123456"))
        func items(_ prefix: String, pictured: Bool) -> [Item] {
            (0..<2).map { Item(record: Record(id: "\(prefix)\($0)", slug: "\(prefix)\($0)", title: "T", origin: "t"), image: pictured ? image : nil) }
        }
        // The first album has no picture at all: the first cover is the second card's.
        var collections = (0..<albums).map { a in
            Collection(name: "members/a\(a)", title: "Album \(a)", items: items("a\(a)-", pictured: a != 0), group: 0, groupTitle: "Members")
        }
        collections += (0..<plain).map { c in Collection(name: "c\(c)", title: "C \(c)", items: items("c\(c)-", pictured: true)) }
        let group = CollectionGroup(name: "members", title: "Members", albums: Array(0..<albums))
        return try SiteRenderer(config: config, collections: collections, groups: [group],
                                templates: try TemplateSet(theme: .builtin), assets: try AssetSet(theme: .builtin))
    }

    private func images(_ r: SiteRenderer, _ path: String) throws -> [String] {
        let spec = try #require(r.plan().first { $0.path == path }, "\(path) is planned")
        let html = r.render(spec).html
        return html.components(separatedBy: "<img ").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    @Test("the album list's first covers are eager and the first is fetched first")
    func albumCovers() throws {
        let imgs = try images(try renderer(albums: 4, plain: 0), "members/index.html")
        // Album 0 has no cover: cards 1, 2, 3 have covers; card 1 is the second card (eager), 2 and 3 are lazy.
        #expect(imgs.count == 3)
        #expect(imgs[0].contains(#"fetchpriority="high""#) && !imgs[0].contains("loading="), "\(imgs[0])")
        #expect(imgs[1].contains(#"loading="lazy""#) && !imgs[1].contains("fetchpriority"), "\(imgs[1])")
        #expect(imgs[2].contains(#"loading="lazy""#) && !imgs[2].contains("fetchpriority"))
        #expect(imgs.filter { $0.contains("fetchpriority") }.count == 1)
    }

    @Test("the home page's first covers are eager and the first is fetched first, later ones lazy")
    func homeCovers() throws {
        // Cards: the group (its first album has no picture, the second has) and three plain collections.
        let imgs = try images(try renderer(albums: 2, plain: 3), "index.html")
        #expect(imgs.count == 4)
        #expect(imgs[0].contains(#"fetchpriority="high""#) && !imgs[0].contains("loading="), "\(imgs[0])")
        #expect(!imgs[1].contains("fetchpriority") && !imgs[1].contains("loading="), "\(imgs[1])")
        #expect(imgs[2].contains(#"loading="lazy""#) && imgs[3].contains(#"loading="lazy""#))
    }
}
