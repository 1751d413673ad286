import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GalgenBuild
import GalgenCore
import GalgenTestSupport
import GalgenValidation
import Testing

/// Fields, sorting, albums and feeds through whole builds: pages where they should be, hostile
/// record text escaped everywhere it is shown, a site `galgen check` accepts, and the same bytes
/// cold, warm and incrementally.
struct CollectionsBuildTests {
    private static let genres = ["Rock", "<b>Jazz</b> & \"Blues\"", "rock", "Électro", nil, "Rock"]

    /// 12 records over the genres above (one with none), released on distinct days, priced.
    private func site(extraConfig: String = #""baseURL": "https://ex.org/g/", "pageSize": 3"#, sort: String = #"[{"by": "released", "order": "desc"}, "title"]"#,
                      groupBy: String? = #""genre""#) throws -> FixtureSite {
        let site = try FixtureSite(count: 12, config: extraConfig)
        var records: [String] = []
        for i in 0..<12 {
            let genre = Self.genres[i % Self.genres.count].map { "\"genre\": \(jsonString($0)), " } ?? ""
            records.append(#"{"id": "item-\#(i)", "title": "Item \#(i)", "image": "images/\#(i).jpg", \#(genre)"released": "2020-01-\#(String(format: "%02d", 1 + (i * 5) % 28))", "price": \#(i % 4 == 0 ? "\"Free\"" : "\(i).5"), "mail": "p\#(i)@ex.org", "home": "\#(i == 3 ? "javascript:alert(1)" : "https://ex.org/\(i)")"}"#)
        }
        try site.writeRecords("[\n" + records.joined(separator: ",\n") + "\n]")
        let group = groupBy.map { #", "groupBy": \#($0)"# } ?? ""
        try site.writeConfig(sources: #"""
            [{"name": "apps", "title": "Apps", "type": "json", "path": "records.json",
              "fields": {"id": "id", "title": "title", "image": "image",
                         "extra": {"genre": "genre", "released": {"path": "released", "type": "date"},
                                   "price": {"path": "price", "type": "currency", "currency": "USD"},
                                   "mail": {"path": "mail", "type": "email"}, "home": {"path": "home", "type": "url"}}},
              "sort": \#(sort)\#(group)}]
            """#, extra: extraConfig)
        return site
    }

    private func jsonString(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed]), as: UTF8.self)
    }

    private func text(_ site: FixtureSite, _ path: String) throws -> String {
        String(decoding: try site.directory.read("public/" + path), as: UTF8.self)
    }

    @Test func albumsFieldsAndFeedThroughABuild() async throws {
        let site = try site()
        defer { site.directory.remove() }
        let report = try await build(site)
        // The javascript: URL is named and left out; "rock" and "Rock" make the same folder name, reported too.
        #expect(report.diagnostics.map(\.code).sorted() == ["group.slug-collision", "record.bad-field"], "\(report.diagnostics)")
        let apps = try FileManager.default.contentsOfDirectory(atPath: site.outputPath + "/apps").sorted()
        #expect(apps == ["b-jazz-b-blues", "electro", "feed.xml", "index.html", "no-genre", "page", "rock", "rock-2"], "\(apps)")

        // The albums pages (3 cards a page): a card per album, in collation order ("rock" before "Rock"; the rest
        // last), hostile names escaped.
        let albums = try text(site, "apps/index.html") + text(site, "apps/page/2/index.html")
        #expect(albums.contains("&lt;b&gt;Jazz&lt;/b&gt; &amp; &quot;Blues&quot;") && !albums.contains("<b>Jazz</b>"))
        let order = ["b-jazz-b-blues/", "electro/", "rock/", "rock-2/", "no-genre/"].map { albums.range(of: "/apps/\($0)\"")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted(), "albums out of order: \(order)")
        #expect(albums.contains("5 albums") && albums.contains("<link rel=\"alternate\" type=\"application/atom+xml\""))

        // An album: its gallery pages (paginated by pageSize), breadcrumbs up to the source, items newest first.
        let rock = try text(site, "apps/rock-2/index.html")
        #expect(rock.contains("href=\"../../apps/\""))
        let rockItems = ["item-11/", "item-5/", "item-6/"].map { rock.range(of: "href=\"../../apps/rock-2/\($0)\"")?.lowerBound }
        #expect(rockItems.allSatisfy { $0 != nil } && rockItems.map { $0! } == rockItems.map { $0! }.sorted(), "released 01-28, 01-26, 01-03")
        #expect(FileManager.default.fileExists(atPath: site.outputPath + "/apps/rock-2/page/2/index.html"), "item-0, released 01-01")
        #expect(FileManager.default.fileExists(atPath: site.outputPath + "/apps/electro/page/2/index.html") == false)

        // An item page: its fields in a definition list, links safe, crumbs to the source and the album.
        let item = try text(site, "apps/rock-2/item-5/index.html")
        #expect(item.contains("<dt>Released</dt>") && item.contains(#"<time datetime="2020-01-26">2020-01-26</time>"#))
        #expect(item.contains("5.50 USD") && item.contains(#"href="mailto:p5@ex.org""#) && item.contains(#"href="https://ex.org/5""#))
        #expect(item.contains(#"href="../../../apps/rock-2/""#) && item.contains(#"href="../../../apps/""#))
        let item3 = try text(site, "apps/electro/item-3/index.html")
        #expect(!item3.contains("javascript:") && item3.contains("<dt>Genre</dt>"))
        // Missing values are left out, not shown empty.
        let item4 = try text(site, "apps/no-genre/item-4/index.html")
        #expect(!item4.contains("<dt>Genre</dt>") && item4.contains("<dt>Price</dt>") && item4.contains(">Free<"))

        // The lightbox's data: fields with labels, safe links only.
        let shardName = try #require(try FileManager.default.contentsOfDirectory(atPath: site.outputPath + "/data/apps/rock-2").first { $0.hasPrefix("0-") })
        let shard = try text(site, "data/apps/rock-2/" + shardName)
        #expect(shard.contains(#"["Mail","p5@ex.org","mailto:p5@ex.org"]"#) && shard.contains(#"["Released","2020-01-26"]"#))

        // The feed: valid XML, newest first, absolute links, at most 50 entries.
        let feedData = try site.directory.read("public/apps/feed.xml")
        let feed = String(decoding: feedData, as: UTF8.self)
        let parser = XMLParser(data: feedData)
        #expect(parser.parse(), "feed.xml is not well-formed: \(String(describing: parser.parserError))")
        let updated = feed.components(separatedBy: "<updated>").dropFirst().map { String($0.prefix(20)) }
        #expect(updated.first == "2020-01-28T00:00:00Z" && updated.count == 13, "\(updated)")
        #expect(Array(updated.dropFirst()) == updated.dropFirst().sorted(by: >))
        #expect(feed.contains("<id>https://ex.org/g/apps/rock-2/item-5/</id>"))
        #expect(feed.contains("&lt;b&gt;Jazz") == false, "album names are not in entries")

        // The site's one source is grouped: the home page shows its albums (issue 44), not one card to click through.
        let home = try text(site, "index.html")
        #expect(home.contains("href=\"./apps/rock-2/\"") && !home.contains("href=\"./apps/\""))

        let check = try SiteChecker(fileSystem: LocalFileSystem()).check(directory: site.outputPath)
        #expect(check.issues == [], "\(check.issues)")
    }

    @Test func sameBytesColdWarmAndIncremental() async throws {
        let site = try site()
        defer { site.directory.remove() }
        let session = BuildSession()
        _ = try await build(site, session: session)
        let first = try FixtureSite.snapshot(of: site.outputPath)
        // Warm, in the same process (the render memo in play): nothing to write.
        let warm = try await build(site, session: session)
        #expect(warm.output?.rendered == 0)
        #expect(try FixtureSite.snapshot(of: site.outputPath).map(\.1) == first.map(\.1))
        // A cold build into another folder with the same inputs gives the same bytes.
        let other = site.directory.path + "/other"
        _ = try await build(site, output: other)
        let again = try FixtureSite.snapshot(of: other)
        #expect(again.map(\.0) == first.map(\.0))
        for ((path, a), (_, b)) in zip(first, again) where a != b { Issue.record("\(path) differs") }
    }

    @Test func withoutBaseURLThereIsNoFeedAndWithoutGroupingOneCollection() async throws {
        let site = try site(extraConfig: #""pageSize": 20"#, sort: #"[{"by": "price"}]"#, groupBy: nil)
        defer { site.directory.remove() }
        _ = try await build(site)
        let apps = try FileManager.default.contentsOfDirectory(atPath: site.outputPath + "/apps").sorted()
        #expect(!apps.contains("feed.xml") && apps.contains("index.html"))
        let page = try text(site, "apps/index.html")
        // Cheapest first ("Free" is 0), ties in source order.
        let firsts = ["item-0/", "item-4/", "item-8/", "item-1/"].map { page.range(of: "href=\"../apps/\($0)\"")?.lowerBound }
        #expect(firsts.allSatisfy { $0 != nil } && firsts.map { $0! } == firsts.map { $0! }.sorted(), "\(firsts)")
        #expect(!page.contains("atom+xml"))
    }
}
