import Foundation
import GalgenBuild
import GalgenCore
import GalgenTestSupport
import Testing

/// `"fieldFormat": "locale"` through whole builds: a Swedish site shows its dates, numbers, prices,
/// durations and ratings as ICU formats them for Swedish, the same bytes on every build; the
/// default (and `"plain"`) shows exactly what galgen showed before.
struct FieldFormatBuildTests {
    /// Two records with a date, a date-time, a number, a price, a duration and a rating each.
    private func site(_ format: String?) throws -> FixtureSite {
        let site = try FixtureSite(count: 2)
        try site.writeRecords("""
            [{"id": "a", "title": "A", "image": "images/0.jpg", "released": "2015-06-01", "updated": "2015-06-01T07:00:00+02:00",
              "downloads": 1234.5, "price": 4.99, "length": 215000, "rating": 4.5},
             {"id": "b", "title": "B", "image": "images/1.jpg", "released": "1999-12", "updated": 1433116800,
              "downloads": "12", "price": "Free", "length": 3725000, "rating": 3}]
            """)
        try configure(site, format)
        return site
    }

    /// Writes the site's config with `"language": "sv"` and the given `fieldFormat` (none: the default).
    private func configure(_ site: FixtureSite, _ format: String?) throws {
        let extra = #""language": "sv""# + (format.map { #", "fieldFormat": "\#($0)""# } ?? "")
        try site.writeConfig(sources: #"""
            [{"name": "apps", "title": "Apps", "type": "json", "path": "records.json",
              "fields": {"id": "id", "title": "title", "image": "image",
                         "extra": {"released": {"path": "released", "type": "date"}, "updated": {"path": "updated", "type": "date"},
                                   "downloads": {"path": "downloads", "type": "number"},
                                   "price": {"path": "price", "type": "currency", "currency": "USD"},
                                   "length": {"path": "length", "type": "duration", "unit": "ms"},
                                   "rating": {"path": "rating", "type": "rating"}}}}]
            """#, extra: extra)
    }

    private func text(_ site: FixtureSite, _ path: String) throws -> String {
        String(decoding: try site.directory.read("public/" + path), as: UTF8.self)
    }

    @Test func aSwedishSiteShowsSwedishFormats() async throws {
        let site = try site("locale")
        defer { site.directory.remove() }
        let report = try await build(site)
        #expect(report.diagnostics == [], "\(report.diagnostics)")
        let a = try text(site, "apps/a/index.html")
        let nbsp = "\u{A0}"
        for shown in [#"<time datetime="2015-06-01">1 juni 2015</time>"#, #"<time datetime="2015-06-01">1 juni 2015 07:00</time>"#,
                      "1\(nbsp)234,5", "4,99\(nbsp)US$", "3:35", "4,5 / 5"] {
            #expect(a.contains(shown), "item page lacks \(shown)")
        }
        #expect(!a.contains("4.99 USD") && !a.contains("4.5 / 5"))
        let b = try text(site, "apps/b/index.html")
        for shown in [#"<time datetime="1999-12">december 1999</time>"#, #"<time datetime="2015-06-01">1 juni 2015 00:00</time>"#,
                      ">12</dd>", "Free", "1:02:05", "3 / 5"] {
            #expect(b.contains(shown), "item page lacks \(shown)")
        }
        // The lightbox's data says the same.
        let shardName = try #require(try FileManager.default.contentsOfDirectory(atPath: site.outputPath + "/data/apps").first { $0.hasPrefix("0-") })
        let shard = try text(site, "data/apps/" + shardName)
        #expect(shard.contains(#"["Released","1 juni 2015"]"#) && shard.contains(#"["Price","4,99\#(nbsp)US$"]"#), "\(shard)")
    }

    @Test func theDefaultIsPlainAndUnchanged() async throws {
        let implicit = try site(nil), explicit = try site("plain")
        defer { implicit.directory.remove(); explicit.directory.remove() }
        _ = try await build(implicit)
        _ = try await build(explicit)
        let a = try text(implicit, "apps/a/index.html")
        for shown in [#"<time datetime="2015-06-01">2015-06-01</time>"#, ">1234.5</dd>", "4.99 USD", "3:35", "4.5 / 5"] {
            #expect(a.contains(shown), "item page lacks \(shown)")
        }
        #expect(!a.contains("juni"))
        let one = try FixtureSite.snapshot(of: implicit.outputPath), two = try FixtureSite.snapshot(of: explicit.outputPath)
        #expect(one.map(\.0) == two.map(\.0))
        for ((path, x), (_, y)) in zip(one, two) where x != y { Issue.record("\(path) differs between no fieldFormat and \"plain\"") }
    }

    @Test func localeFormatsGiveTheSameBytesColdWarmAndIncremental() async throws {
        let site = try site("locale")
        defer { site.directory.remove() }
        let session = BuildSession()
        _ = try await build(site, session: session)
        let first = try FixtureSite.snapshot(of: site.outputPath)
        let warm = try await build(site, session: session)
        #expect(warm.output?.rendered == 0)
        #expect(try FixtureSite.snapshot(of: site.outputPath).map(\.1) == first.map(\.1))
        let other = site.directory.path + "/other"
        _ = try await build(site, output: other)
        let again = try FixtureSite.snapshot(of: other)
        #expect(again.map(\.0) == first.map(\.0))
        for ((path, a), (_, b)) in zip(first, again) where a != b { Issue.record("\(path) differs") }
        // Switching the format renders the item pages again, rather than keeping the old text.
        try configure(site, "plain")
        let plain = try await build(site, session: session)
        #expect((plain.output?.rendered ?? 0) > 0)
        #expect(try text(site, "apps/a/index.html").contains("4.99 USD"))
    }
}
